package dev.shootingrange.exactlyonce.spi;

import java.util.UUID;

/**
 * Where a duplicate is detected: the {@link dev.shootingrange.exactlyonce.inbox.Inbox} by default.
 * Called first in the handling's transaction; false means the consumer has already handled this
 * message and skips it.
 */
@FunctionalInterface
public interface DuplicateDetector {

    /** Takes every copy for a first one: what a consumer without an inbox does. */
    DuplicateDetector NOTHING = (consumer, messageId) -> true;

    boolean firstDelivery(String consumer, UUID messageId);
}
