package dev.shootingrange.scenario.console.web;

import dev.shootingrange.scenario.domain.GameView;

/**
 * A watched game's view in parts, as last read: each read is numbered, and an older one never replaces
 * a newer. Not safe on its own: its {@link Feed} reads and writes it under the feed's lock only.
 */
final class FeedView {

    private GameView game;
    private Object range;
    private Object board;
    private Object consistency;
    private long gameRead;
    private long othersRead;
    /** How many times the other services' parts were taken: a console of whole views fetches the timeline when this moves. */
    private long fullViews;

    GameView game() {
        return game;
    }

    Object range() {
        return range;
    }

    Object board() {
        return board;
    }

    Object consistency() {
        return consistency;
    }

    long fullViews() {
        return fullViews;
    }

    void takeGame(long read, GameView own) {
        if (read > gameRead) {
            gameRead = read;
            game = own;
        }
    }

    /** Laid over the newest view; a whole view read after this began has all of it already. */
    void takePart(long read, GameView.Part part) {
        if (read > gameRead) {
            takeGame(read, game.with(part));
        }
    }

    void takeOthers(long read, Others others) {
        if (read > othersRead) {
            othersRead = read;
            range = others.range();
            board = others.board();
            consistency = others.consistency();
            fullViews++;
        }
    }
}
