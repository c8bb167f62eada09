package dev.shootingrange.range;

import static dev.shootingrange.testing.Service.count;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.hasSize;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.contract.Topology;
import dev.shootingrange.testing.Broker;
import dev.shootingrange.testing.Service;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;

/** Each kind of invalid input goes to the queue's DLQ at once, and the next valid message is handled. */
@QuarkusTest
class PoisonMessageTest {

    private static final String DLQ = Topology.deadLetterQueue(Topology.SHOOTING_RANGE_QUEUE);
    private final Broker broker = Broker.shared();

    @Inject
    MeterRegistry registry;

    @BeforeEach
    void emptyTheDeadLetterQueue() {
        Service.awaitReady();
        broker.purge(DLQ);
    }

    static Stream<Arguments> poison() {
        String valid = """
                {"type":"FireAt","messageId":"%s","gameId":"g","sentAt":"2026-01-01T00:00:00Z",
                 "attemptId":"%s","player":"p","position":1}""";
        String id = UUID.randomUUID().toString();
        return Stream.of(
                Arguments.of("not JSON", "application/json", "{\"type\": FireAt"),
                Arguments.of("empty body", "application/json", ""),
                Arguments.of("a JSON string", "application/json", "\"FireAt\""),
                Arguments.of("unknown type", "application/json", "{\"type\":\"Reload\",\"gameId\":\"g\"}"),
                Arguments.of("a Hit on the commands queue", "application/json", valid.formatted(id, id)
                        .replace("FireAt", "Hit").replace("\"position\":1", "\"position\":1,\"targetPosition\":1")),
                Arguments.of("no messageId", "application/json", valid.formatted(id, id).replace("messageId", "id")),
                Arguments.of("malformed messageId", "application/json", valid.formatted("42", id)),
                Arguments.of("position out of range", "application/json",
                        valid.formatted(id, id).replace("\"position\":1", "\"position\":100")),
                Arguments.of("position of the wrong type", "application/json",
                        valid.formatted(id, id).replace("\"position\":1", "\"position\":\"one\"")),
                Arguments.of("wrong content type", "text/plain", valid.formatted(id, id)),
                Arguments.of("oversized body", "application/json", "{\"type\":\"FireAt\",\"pad\":\""
                        + "x".repeat(1024 * 1024) + "\"}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("poison")
    void goesToTheDeadLetterQueueAndTheQueueMovesOn(String kind, String contentType, String body) {
        double deadLettered = count(registry, "inbox.dead.lettered");
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);

        broker.publishRaw(Topology.COMMANDS, "FireAt", contentType, bytes);

        List<byte[]> deadLetters = new ArrayList<>();
        await().untilAsserted(() -> {
            deadLetters.addAll(broker.drain(DLQ));
            assertThat(deadLetters).hasSize(1);
        });
        assertThat(deadLetters.get(0)).isEqualTo(bytes);
        assertThat(count(registry, "inbox.dead.lettered")).isEqualTo(deadLettered + 1);

        String gameId = "after-poison-" + UUID.randomUUID();
        broker.publish(MoveTarget.create(gameId, 42));
        broker.publish(FireAt.create(gameId, UUID.randomUUID(), "alice", 1));
        await().untilAsserted(() -> given().get("/api/ranges/{gameId}", gameId).then().body("outcomes", hasSize(1)));
    }
}
