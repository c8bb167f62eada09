package dev.shootingrange.scenario.console.lab;

import io.smallrye.mutiny.subscription.MultiEmitter;

/** An open lab panel; welcomed once it has had the labs. Under the lock of {@link LiveLabs}. */
final class LabPanel {

    private final MultiEmitter<? super String> emitter;
    boolean welcomed;

    LabPanel(MultiEmitter<? super String> emitter) {
        this.emitter = emitter;
    }

    void welcome(String event) {
        emitter.emit(event);
        welcomed = true;
    }
}
