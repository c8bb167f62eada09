package dev.shootingrange.exercises.sideeffects;

import java.sql.Connection;
import java.util.UUID;
import java.util.function.Supplier;

import dev.shootingrange.exactlyonce.spi.OnDuplicate;

/**
 * Exercise 4: answering a copy with the stored messages (README.md beside this class).
 *
 * The inbox has seen this message: its first handling committed, and what that handling decided
 * waits or went out from the outbox, in rows that name the message as their cause
 * ({@code caused_by}). Exercise 3's table, where {@code created_at} is when the writing handling's
 * transaction began, the same for every row it wrote; {@code sent_at} is null until the relay has
 * published the row. Here a copy is answered by nothing at all. Answer it as the first handling did.
 */
public class StoredAnswers implements OnDuplicate {

    private final Supplier<Connection> transaction;

    /** @param transaction the connection of the transaction that handles the copy */
    public StoredAnswers(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    @Override
    public int answer(String consumer, UUID messageId) {
        // TODO mark unsent, in the copy's transaction, the rows the FIRST handling of messageId wrote, so
        //  that the relay publishes them again (the same bytes under the same ids); return how many.
        return 0;
    }
}
