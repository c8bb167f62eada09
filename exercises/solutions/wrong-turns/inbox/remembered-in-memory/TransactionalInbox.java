package dev.shootingrange.exercises.inbox;

import java.sql.Connection;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import dev.shootingrange.exactlyonce.spi.DuplicateDetector;

/**
 * Wrong turn: the ids seen, kept in memory. Quick, and safe against copies at the same moment, but
 * outside the transaction: a handling that rolls back leaves its id behind, and the redelivery is
 * taken for a copy and never handled (a restart forgets them all, the other way round).
 *
 * Caught by: TransactionalInboxTest.aHandlingThatRolledBackLeavesTheMessageToItsRedelivery
 */
public class TransactionalInbox implements DuplicateDetector {

    public static final String TABLE = """
            create table inbox (
                consumer text not null,
                message_id uuid not null,
                received_at timestamptz not null default now()
            )""";

    private static final Set<String> SEEN = ConcurrentHashMap.newKeySet();

    public TransactionalInbox(Supplier<Connection> transaction) {
    }

    @Override
    public boolean firstDelivery(String consumer, UUID messageId) {
        return SEEN.add(consumer + "/" + messageId);
    }
}
