package dev.shootingrange.exactlyonce.spi;

import java.util.UUID;

/**
 * What a consumer does with a copy of a message its {@link DuplicateDetector} has seen before, in the
 * copy's transaction. By default nothing: the transactional outbox already sends the first handling's
 * messages at least once, so the copy is answered by no message at all. The other answer the
 * write-up allows is an exact copy:
 * {@link dev.shootingrange.exactlyonce.outbox.TransactionalOutbox#sendAgain} publishes the first
 * handling's stored messages again, the same bytes under the same ids.
 */
@FunctionalInterface
public interface OnDuplicate {

    OnDuplicate NOTHING = (consumer, messageId) -> 0;

    /** Answers the copy; returns how many messages were sent in answer (0: none). */
    int answer(String consumer, UUID messageId);
}
