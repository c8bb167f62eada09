package dev.shootingrange.exactlyonce;

import java.util.UUID;

/**
 * The message whose handling runs on this thread, so that what the handler sends is stored with its
 * cause. Set by the {@link InboxProcessor} around the handler; outside a handling it is null.
 */
final class Causation {

    private static final ThreadLocal<UUID> CURRENT = new ThreadLocal<>();

    private Causation() {
    }

    static UUID current() {
        return CURRENT.get();
    }

    static void run(UUID messageId, Runnable handling) {
        CURRENT.set(messageId);
        try {
            handling.run();
        } finally {
            CURRENT.remove();
        }
    }
}
