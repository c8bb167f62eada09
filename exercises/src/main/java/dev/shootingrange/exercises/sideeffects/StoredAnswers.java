package dev.shootingrange.exercises.sideeffects;

import java.sql.Connection;
import java.util.UUID;
import java.util.function.Supplier;

import dev.shootingrange.exactlyonce.spi.DuplicateDetector;
import dev.shootingrange.exactlyonce.spi.OnDuplicate;

/**
 * Exercise 4: the stored side effects know a copy and answer it (README.md beside this class).
 *
 * The range keeps what each handling decided in its outbox, in rows that name the message they
 * answer ({@code caused_by}): exercise 3's table, where {@code created_at} is when the writing
 * handling's transaction began, the same for every row it wrote, and {@code sent_at} is null until
 * the relay has published the row. The consumer asks {@link #firstDelivery} first, in the delivery's
 * transaction, then its inbox; where either says "a copy", it calls {@link #answer} instead of
 * judging the shot. Here a copy is known by the inbox alone, and answered by nothing.
 */
public class StoredAnswers implements DuplicateDetector, OnDuplicate {

    private final Supplier<Connection> transaction;

    /** @param transaction the connection of the transaction that handles the delivery */
    public StoredAnswers(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    @Override
    public boolean firstDelivery(String consumer, UUID messageId) {
        // TODO a copy is a message whose handling stored messages here: answer false for it.
        return true;
    }

    @Override
    public int answer(String consumer, UUID messageId) {
        // TODO mark unsent, in the copy's transaction, the rows the FIRST handling of messageId wrote, so
        //  that the relay publishes them again (the same bytes under the same ids); return how many.
        return 0;
    }
}
