package dev.shootingrange.exactlyonce.inbox;

import java.util.function.Supplier;

import dev.shootingrange.exactlyonce.Delivery;
import io.opentelemetry.context.Context;

/** One delivery of a {@link BatchedHandling} batch: its handling, its trace, and what became of it. */
final class BatchMember {

    final Supplier<Delivery> handling;
    final Context trace;
    Delivery outcome;
    RuntimeException failure;
    /** Its transaction committed: whatever fails after, it took effect. */
    boolean committed;
    /** Set by whichever worker led its batch; read by its own without the lead. */
    volatile boolean settled;

    BatchMember(Supplier<Delivery> handling, Context trace) {
        this.handling = handling;
        this.trace = trace;
    }

    /** Handled alone and committed, whatever failed before in its batch. */
    void committed(Delivery handled) {
        outcome = handled;
        failure = null;
        committed = true;
    }

    /** Its batch failed past every member's own handling, before it committed. */
    void batchFailed(Error unexpected) {
        failure = new IllegalStateException("its batch failed", unexpected);
    }

    /** What became of it: its outcome, or its failure thrown. */
    Delivery outcome() {
        if (failure != null) {
            throw failure;
        }
        return outcome;
    }

    /** A member's handling failed: its batch's transaction rolls back, and the others are handled again. */
    static final class Failed extends RuntimeException {
        Failed() {
            super("a member of the batch failed", null, false, false);
        }
    }
}
