package dev.shootingrange.exactlyonce.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.shootingrange.exactlyonce.rabbit.RabbitConnections;
import dev.shootingrange.exactlyonce.tally.Tally;
import dev.shootingrange.exactlyonce.tally.TallyWire;
import dev.shootingrange.testing.Sql;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.smallrye.health.SmallRyeHealthReporter;

/**
 * The broker refuses a step of the start-up (its exchange held with another type): the service says it
 * is not ready, stays alive, and consumes once the refusal is gone, without a restart.
 */
@QuarkusTest
@TestProfile(StartUpRefusedTest.Refused.class)
@QuarkusTestResource(value = ConflictingExchange.class, restrictToAnnotatedClass = true)
class StartUpRefusedTest {

    /** A start of its own: the conflicting exchange is in place before the service starts. */
    public static class Refused implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of();
        }
    }

    @Inject
    ExactlyOnceRuntime runtime;

    @Inject
    SmallRyeHealthReporter health;

    @Inject
    RabbitConnections connections;

    @Inject
    DataSource dataSource;

    @Test
    void aServiceWhoseTopologyWasRefusedConsumesOnceTheRefusalIsGone() {
        assumeTrue(ConflictingExchange.held, "the conflicting exchange needs the local broker, not a Dev Service's");
        await().atMost(Duration.ofSeconds(30)).until(connections::isOpen);
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(4)).untilAsserted(() -> {
            assertThat(health.getReadiness().isDown()).as("not ready while the exchange is refused").isTrue();
            assertThat(runtime.isAlive()).as("alive, still starting").isTrue();
        });

        ConflictingExchange.remove();

        await().atMost(Duration.ofSeconds(30)).until(runtime::isReady);
        Tally count = Tally.count("refused-start-" + UUID.randomUUID());
        TallyWire wire = new TallyWire(connections.publishing());
        wire.publish(count);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(tallyOf(count)).isEqualTo(1));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(wire.countedFor(count)).hasSize(1));
    }

    private long tallyOf(Tally count) {
        return Sql.count(dataSource, "select coalesce(sum(count), 0) from tally where key = ?", count.key());
    }
}
