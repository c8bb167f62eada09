package dev.shootingrange.scenario.console.web;

import io.smallrye.mutiny.subscription.MultiEmitter;

/** A browser watching a game: of whole views, or of changes; a watcher of changes starts with a whole one. */
final class Watcher {

    final MultiEmitter<? super String> emitter;
    final boolean changes;
    /** Whether it has had a view: from then on a watcher of changes gets only what changed. Under the feed's lock. */
    boolean welcomed;

    Watcher(MultiEmitter<? super String> emitter, boolean changes) {
        this.emitter = emitter;
        this.changes = changes;
    }
}
