package dev.shootingrange.exactlyonce.outbox;

/** Fired when a transaction wrote outbox rows; observed after its commit to wake the relay. */
record OutboxWritten() {
}
