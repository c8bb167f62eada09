package dev.shootingrange.scenario.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.contract.Problem;
import dev.shootingrange.contract.ShotOutcome;
import dev.shootingrange.exactlyonce.outbox.Outbox;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * The scenario of the write-up: it starts games, takes players' shots, moves the target, and hears
 * back what the range decided. Every command it sends leaves through the outbox, in the transaction
 * that recorded it.
 */
@ApplicationScoped
public class GameScenario {

    private final Outbox outbox;
    private final Timer outcomeLatency;
    private final int maxShots;

    GameScenario(Outbox outbox, MeterRegistry registry,
            @ConfigProperty(name = "game.max-shots", defaultValue = "2500") int maxShots) {
        this.outbox = outbox;
        this.maxShots = maxShots;
        this.outcomeLatency = Timer.builder("shot.outcome.latency")
                .description("From a shot taken to its outcome seen here: the whole round trip through the range")
                .publishPercentileHistogram()
                .register(registry);
    }

    @Transactional
    public Game createGame(int targetPosition) {
        Game game = Game.start(targetPosition);
        outbox.send(MoveTarget.create(game.gameId, targetPosition));
        return game;
    }

    @Transactional
    public FireAt fire(String gameId, String player, int position) {
        countAShotOf(gameId);
        FireAt fireAt = FireAt.create(gameId, UUID.randomUUID(), player, position);
        Shot.take(gameId, fireAt.attemptId(), player, position);
        outbox.send(fireAt);
        return fireAt;
    }

    @Transactional
    public MoveTarget moveTarget(String gameId, int position) {
        Game game = requireGame(gameId);
        MoveTarget move = MoveTarget.create(gameId, position);
        game.targetPosition = position;
        outbox.send(move);
        return move;
    }

    /** Reads in a transaction of its own: the shots and their outcomes as of now. */
    @Transactional
    public GameView view(String gameId) {
        GameView view = GameViews.of(gameId);
        if (view == null) {
            throw Problem.notFound("no game " + gameId);
        }
        return view;
    }

    /**
     * Reads in a transaction of its own: what a message of a watched game may have changed, the target's
     * position where {@code target} and the shots named, rather than the whole game again.
     */
    @Transactional
    public GameView.Part part(String gameId, boolean target, Collection<UUID> attemptIds) {
        return GameViews.partOf(gameId, target, attemptIds);
    }

    /** Counts one more shot of the game: 404 for a game it does not know, 429 for one that has had all its shots. */
    private void countAShotOf(String gameId) {
        if (Game.countAShot(gameId, maxShots)) {
            return;
        }
        requireGame(gameId);
        throw Problem.tooManyRequests("game " + gameId + " has taken its " + maxShots
                + " shots (game.max-shots): start a new game");
    }

    public Game requireGame(String gameId) {
        Game game = Game.findById(gameId);
        if (game == null) {
            throw Problem.notFound("no game " + gameId);
        }
        return game;
    }

    /** Runs in the inbox's transaction. */
    public void record(ShotOutcome outcome) {
        Instant firedAt = Shot.outcomeSeen(outcome.gameId(), outcome.attemptId(), outcome.player(), outcome.position(),
                outcome.isHit() ? Shot.Outcome.HIT : Shot.Outcome.MISSED);
        if (firedAt != null) {
            outcomeLatency.record(Duration.between(firedAt, Instant.now()));
        }
    }
}
