package dev.shootingrange.exactlyonce;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

/**
 * Where the machinery reports the {@link Step}s it passes. A listener may pause the thread (to force an
 * interleaving) or throw {@link SimulatedCrash} (to stop the work as a crash would).
 */
@ApplicationScoped
public class Steps {

    /** Sees every step of every message; messageId is the message's (consumer) or the batch's first (relay). */
    @FunctionalInterface
    public interface Listener {
        void reached(Step step, UUID messageId, String type);
    }

    private static final Listener NONE = (step, messageId, type) -> {
    };

    private final Lab lab;
    private volatile Listener listener = NONE;

    Steps(Lab lab) {
        this.lab = lab;
    }

    public void listen(Listener listener) {
        this.listener = listener == null ? NONE : listener;
    }

    /** Throws {@link SimulatedCrash} where the lab's fault fires here, after the listener had its look. */
    public void reached(Step step, UUID messageId, String type) {
        if (faultFires(step, messageId, type)) {
            throw new SimulatedCrash(step);
        }
    }

    /** The relay's batch at a step: the listener sees each row, the lab's fault fires once for all. */
    void reachedBatch(Step step, java.util.List<OutboxMessage> rows) {
        rows.forEach(row -> listener.reached(step, row.messageId, row.type));
        if (!rows.isEmpty() && lab.faultAtBatch(step, rows.stream().map(row -> row.type).toList())) {
            throw new SimulatedCrash(step);
        }
    }

    /** For a caller that must act before it crashes: tells whether the lab's fault fires here. */
    boolean faultFires(Step step, UUID messageId, String type) {
        listener.reached(step, messageId, type);
        return lab.faultAt(step, type);
    }

    /** Thrown by a listener to make the machinery behave as if the process died at that step. */
    public static class SimulatedCrash extends RuntimeException {
        public SimulatedCrash(Step step) {
            super("simulated crash at " + step, null, false, false);
        }

        /** Whether this failure is (or was caused by) a simulated crash. */
        public static boolean in(Throwable failure) {
            for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
                if (cause instanceof SimulatedCrash) {
                    return true;
                }
            }
            return false;
        }
    }
}
