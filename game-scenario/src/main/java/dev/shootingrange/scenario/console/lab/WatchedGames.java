package dev.shootingrange.scenario.console.lab;

import java.util.function.Supplier;

/**
 * What a watched game keeps and shares while it is watched, as the lab's readers (the timeline, the
 * checker's wire) ask for it. The console's live views hold it; the lab names only this, so that it
 * does not depend on the console.
 */
public interface WatchedGames {

    /**
     * What watchers of a game fetch after each view (its timeline, say), computed once per full view
     * and shared: the first watcher to ask after one computes it, the others get that. A game nobody
     * watches has nothing to share, and {@code compute} runs for each call.
     */
    <T> T sharedPerView(String gameId, Supplier<T> compute);

    /**
     * What a watched game keeps from one view to the next (what it has gathered so far, so that it asks
     * only for what is new): one of each kind per feed, gone with the feed. A game nobody watches keeps
     * nothing, and {@code create}'s value serves the one call.
     */
    <T> T keptWhileWatched(String gameId, Class<T> kind, Supplier<T> create);
}
