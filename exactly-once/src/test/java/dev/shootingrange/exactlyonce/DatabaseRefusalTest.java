package dev.shootingrange.exactlyonce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.shootingrange.exactlyonce.rabbit.RabbitConnections;
import dev.shootingrange.exactlyonce.runtime.ExactlyOnceRuntime;
import dev.shootingrange.exactlyonce.spi.Steps;
import dev.shootingrange.exactlyonce.tally.Handlings;
import dev.shootingrange.exactlyonce.tally.Tally;
import dev.shootingrange.exactlyonce.tally.TallyWire;
import dev.shootingrange.testing.Sql;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.health.SmallRyeHealthReporter;

/**
 * A database that answers and refuses writes (read-only after a failover, say) holds a delivery in
 * place, as an outage does: requeued, each return would count toward the queue's delivery limit. A
 * refusal that is the message's own (a constraint it violates) is still requeued after its back-off.
 * While a delivery is held the service is not ready, and says why.
 */
@QuarkusTest
class DatabaseRefusalTest {

    @Inject
    AgroalDataSource dataSource;

    @Inject
    Steps steps;

    @Inject
    ExactlyOnceRuntime runtime;

    @Inject
    RabbitConnections connections;

    @Inject
    SmallRyeHealthReporter health;

    private final Handlings handlings = new Handlings();

    @AfterEach
    void takeWritesAgain() {
        steps.listen(null);
        readWrite();
    }

    @Test
    void aReadOnlyDatabaseHoldsTheDeliveryWhileAConstraintItViolatesRequeuesIt() {
        steps.listen((step, messageId, type) -> handlings.reached(step, messageId));
        await().atMost(Duration.ofSeconds(30)).until(runtime::isReady);
        TallyWire wire = new TallyWire(connections.publishing());

        Tally own = Tally.count("constraint-" + UUID.randomUUID());
        Sql.execute(dataSource, "alter table tally add constraint refuse_one_key check (key <> '" + own.key() + "') not valid");
        try {
            wire.publish(own);
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(handlings.of(own))
                    .as("handlings of a message the database refuses for its own sake: requeued").isGreaterThanOrEqualTo(3));
        } finally {
            Sql.execute(dataSource, "alter table tally drop constraint refuse_one_key");
        }
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(tallyOf(own)).isEqualTo(1));

        Tally held = Tally.count("read-only-" + UUID.randomUUID());
        readOnly();
        wire.publish(held);
        await().atMost(Duration.ofSeconds(10)).until(() -> handlings.of(held) > 0);
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(4)).untilAsserted(() -> assertThat(handlings.of(held))
                .as("handlings while the database refuses writes: held, not requeued").isEqualTo(1));
        // The datasource's check still finds a valid connection: the service says itself that it handles nothing.
        assertThat(health.getReadiness().getPayload().toString()).as("readiness while a delivery is held")
                .contains("\"database takes the inbox's writes\"", "\"status\":\"DOWN\"", "\"heldDeliveries\":1");
        readWrite();
        await().atMost(Duration.ofSeconds(30)).until(() -> !health.getReadiness().isDown());

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(tallyOf(held)).isEqualTo(1));
        assertThat(handlings.of(held)).as("handlings: the refused one, and the one in place once writes are taken").isEqualTo(2);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(wire.countedFor(held)).hasSize(1));
    }

    /** New sessions start read-only, and the pool's sessions are all new from here on. */
    private void readOnly() {
        onOneSession(ofTheDatabase("set default_transaction_read_only = on"));
        dataSource.flush(AgroalDataSource.FlushMode.GRACEFUL);
    }

    private void readWrite() {
        // This session may have started read-only: it takes writes for itself before it lifts the setting.
        onOneSession("set default_transaction_read_only = off", ofTheDatabase("reset default_transaction_read_only"));
        dataSource.flush(AgroalDataSource.FlushMode.GRACEFUL);
    }

    /** An {@code alter database} of the service's database, whatever its name. */
    private static String ofTheDatabase(String change) {
        return "do $$ begin execute format('alter database %I " + change + "', current_database()); end $$";
    }

    private void onOneSession(String... statements) {
        await().atMost(Duration.ofSeconds(10)).ignoreExceptions().untilAsserted(() -> {
            try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
                for (String sql : statements) {
                    statement.execute(sql);
                }
            }
        });
    }

    private long tallyOf(Tally count) {
        return Sql.count(dataSource, "select coalesce(sum(count), 0) from tally where key = ?", count.key());
    }
}
