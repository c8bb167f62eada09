package dev.shootingrange.exactlyonce.inbox;

import java.time.Duration;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

import dev.shootingrange.exactlyonce.PlainStatement;

/**
 * Remembers which messages a consumer has handled, in the same transaction as their effects.
 *
 * Two copies of one message handled at once both try to insert (consumer, messageId); the primary key
 * lets exactly one win. The loser's insert waits for the winner's transaction: if it commits, the
 * loser sees a conflict and skips the message; if it rolls back, the loser goes on as the first.
 * The insert is the first write of the transaction, so the wait can never be part of a deadlock. In a
 * batch ({@link BatchedHandling}) it is the first write of its member only: where two instances' batches
 * wait on each other, PostgreSQL fails one statement, that message's delivery is tried again, and the
 * rest of its batch is handled again without it.
 */
@ApplicationScoped
public class Inbox {

    private final EntityManager entityManager;

    Inbox(EntityManager entityManager) {
        this.entityManager = entityManager;
    }

    /** True where this is the first time the consumer sees the message: go on and handle it. */
    public boolean firstDelivery(String consumer, UUID messageId) {
        return PlainStatement.update("""
                insert into inbox (consumer, message_id, received_at) values (?, ?, now())
                on conflict do nothing""", consumer, messageId) == 1;
    }

    /** Forgets messages older than the retention: their duplicates would be handled again. */
    public int purge(Duration retention) {
        return entityManager.createNativeQuery("delete from inbox where received_at < now() - make_interval(secs => ?1)")
                .setParameter(1, (double) retention.toSeconds())
                .executeUpdate();
    }
}
