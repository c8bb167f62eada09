package dev.shootingrange.exactlyonce.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.shootingrange.testing.Sql;
import io.quarkus.test.junit.QuarkusTest;

/** Inbox records and sent outbox rows older than the retention (7 days by default) are deleted. */
@QuarkusTest
class RetentionTest {

    @Inject
    RetentionPurge purge;

    @Inject
    DataSource dataSource;

    @Test
    void onlyRowsPastTheRetentionAreDeleted() {
        UUID oldInbox = UUID.randomUUID();
        UUID freshInbox = UUID.randomUUID();
        UUID oldSent = UUID.randomUUID();
        UUID oldPending = UUID.randomUUID();
        update("insert into inbox values ('retention-test', ?, now() - interval '8 days')", oldInbox);
        update("insert into inbox values ('retention-test', ?, now() - interval '6 days')", freshInbox);
        update("""
                insert into outbox (message_id, exchange, routing_key, type, payload, created_at, sent_at)
                values (?, 'events', 'Hit', 'Hit', '{}', now() - interval '9 days', now() - interval '8 days')""", oldSent);
        update("""
                insert into outbox (message_id, exchange, routing_key, type, payload, created_at, sent_at)
                values (?, 'nowhere', 'Hit', 'Hit', '{}', now() - interval '9 days', null)""", oldPending);
        try {
            purge.purge();

            assertThat(count("select count(*) from inbox where message_id = ?", oldInbox)).isZero();
            assertThat(count("select count(*) from inbox where message_id = ?", freshInbox)).isOne();
            assertThat(count("select count(*) from outbox where message_id = ?", oldSent)).isZero();
            assertThat(count("select count(*) from outbox where message_id = ?", oldPending))
                    .as("an unsent row is never purged, however old").isOne();
        } finally {
            update("delete from inbox where message_id = ?", freshInbox);
            update("delete from outbox where message_id = ?", oldPending);
        }
    }

    private void update(String sql, UUID id) {
        Sql.execute(dataSource, sql, id);
    }

    private long count(String sql, UUID id) {
        return Sql.count(dataSource, sql, id);
    }
}
