package dev.shootingrange.range;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.rabbitmq.client.GetResponse;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.contract.Topology;
import dev.shootingrange.testing.Broker;
import dev.shootingrange.testing.Service;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

/** Tracing off, as the services run by default: no span is made, no trace is stored or sent on. */
@QuarkusTest
@TestProfile(TracingOffTest.Off.class)
class TracingOffTest {

    public static class Off implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.otel.sdk.disabled", "true");
        }
    }

    private final Broker broker = Broker.shared();

    @Test
    void aShotIsAnsweredWithNoTraceAttached() {
        Service.awaitReady();
        String gameId = "untraced-" + UUID.randomUUID();
        Broker.Wire events = broker.watch(Topology.EVENTS, "Hit", "Missed");
        broker.publish(MoveTarget.create(gameId, 42));
        await().untilAsserted(() -> given().get("/api/ranges/{gameId}", gameId).then().body("targetPosition", equalTo(42)));
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 42);

        broker.publish(shot);

        List<GetResponse> outcome = await().until(() -> events.copies().stream()
                .filter(copy -> new String(copy.getBody(), StandardCharsets.UTF_8).contains(shot.attemptId().toString())).toList(),
                copies -> copies.size() == 1);
        assertThat(outcome.get(0).getProps().getHeaders()).as("AMQP headers of the outcome").isNull();
    }
}
