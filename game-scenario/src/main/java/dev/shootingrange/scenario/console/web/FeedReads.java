package dev.shootingrange.scenario.console.web;

import java.util.List;

import org.jboss.logging.Logger;

import dev.shootingrange.scenario.domain.GameView;
import io.smallrye.mutiny.infrastructure.Infrastructure;

/**
 * Reads a feed's parts off its lock and hands each to it under the lock: a new watcher's first view,
 * and the scenario's own part after each change (the click-to-outcome path).
 */
final class FeedReads {

    private static final Logger LOG = Logger.getLogger(FeedReads.class);

    private final OwnParts own;
    private final OtherParts others;

    FeedReads(OwnParts own, OtherParts others) {
        this.own = own;
        this.others = others;
    }

    /** A new watcher gets the view as it is, or one read now where none has been. */
    void welcome(Feed feed) {
        if (feed.pushIfRead()) {
            return;
        }
        long read = feed.nextRead();
        GameView game = own.game(feed.gameId);
        Others other = others.read(List.of(feed)).get(0);
        feed.tookFirst(read, game, other);
    }

    /** Reads the own part on a worker where it is due: changes that come while a read runs are taken by one more read after it. */
    void refreshOwnIfDue(Feed feed) {
        if (feed.ownDue()) {
            Infrastructure.getDefaultWorkerPool().execute(() -> refreshOwn(feed));
        }
    }

    /**
     * Reads the scenario's part again: what changed since the last read, or all of it where that is not
     * known (or nothing was read yet). These reads run one at a time; a read's number is drawn after it
     * took what is due, so that a whole read numbered after it has all of that in it too.
     */
    private void refreshOwn(Feed feed) {
        OwnRead taken = null;
        try {
            taken = feed.takeOwn();
            if (taken.whole()) {
                feed.tookGame(taken.read(), own.game(feed.gameId));
            } else {
                feed.tookPart(taken.read(), own.part(feed.gameId, taken.target(), taken.shots()));
            }
        } catch (RuntimeException e) {
            LOG.warnf("live view of %s not read, to be read again in %d ms: %s", feed.gameId, OwnDue.RETRY_MS, e);
            feed.putBack(taken);
        } finally {
            feed.ownRead();
            refreshOwnIfDue(feed);
        }
    }
}
