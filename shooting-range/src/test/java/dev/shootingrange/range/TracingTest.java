package dev.shootingrange.range;

import static dev.shootingrange.exactlyonce.observe.MessageTracing.COPY;
import static dev.shootingrange.exactlyonce.observe.MessageTracing.DECISION;
import static dev.shootingrange.exactlyonce.observe.MessageTracing.MESSAGE_ID;
import static dev.shootingrange.exactlyonce.observe.MessageTracing.REDELIVERED;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.rabbitmq.client.GetResponse;
import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.contract.Topology;
import dev.shootingrange.testing.Broker;
import dev.shootingrange.testing.Service;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;

/**
 * A FireAt that arrives in a trace (its traceparent header) is handled in that trace and answered in
 * it: the delivery, its statements and the outcome's publication are spans of it, and the outcome
 * carries it on. Every copy of a message is a span of its own, marked with what the inbox decided.
 */
@QuarkusTest
class TracingTest {

    private final Broker broker = Broker.shared();
    private final String gameId = "traced-" + UUID.randomUUID();
    private final String traceId = hex(16);
    private final String callerSpanId = hex(8);
    private Broker.Wire events;

    @Inject
    InMemorySpanExporter spans;

    @BeforeEach
    void aGameWithATarget() {
        Service.awaitReady();
        given().post("/api/lab/reset").then().statusCode(200);
        events = broker.watch(Topology.EVENTS, "Hit", "Missed");
        broker.publish(MoveTarget.create(gameId, 42));
        await().untilAsserted(() -> given().get("/api/ranges/{gameId}", gameId).then().body("targetPosition", equalTo(42)));
    }

    @AfterEach
    void resetTheLab() {
        given().post("/api/lab/reset").then().statusCode(200);
    }

    @Test
    void aShotIsHandledAndAnsweredInTheTraceItCameIn() {
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 42);
        fireInTrace(shot);

        GetResponse outcome = await().until(() -> outcomeOf(shot), copies -> copies.size() == 1).get(0);
        SpanData delivery = await().until(() -> deliveriesOf(shot), found -> found.size() == 1).get(0);
        assertThat(delivery.getKind()).isEqualTo(SpanKind.CONSUMER);
        assertThat(delivery.getTraceId()).isEqualTo(traceId);
        assertThat(delivery.getParentSpanId()).isEqualTo(callerSpanId);
        assertThat(delivery.getAttributes().get(DECISION)).isEqualTo("handled");
        assertThat(delivery.getAttributes().get(REDELIVERED)).isFalse();

        List<SpanData> inTrace = await().until(() -> inTrace(), found -> found.stream().anyMatch(s -> s.getKind() == SpanKind.PRODUCER));
        assertThat(inTrace).as("the handling's statements, under its delivery")
                .anyMatch(s -> s.getKind() == SpanKind.CLIENT && s.getParentSpanId().equals(delivery.getSpanId()));
        SpanData publication = inTrace.stream().filter(s -> s.getKind() == SpanKind.PRODUCER).findFirst().orElseThrow();
        assertThat(publication.getParentSpanId()).as("the relay continues the handling's trace").isEqualTo(delivery.getSpanId());
        assertThat(publication.getAttributes().get(COPY)).isEqualTo(1L);
        assertThat(String.valueOf(outcome.getProps().getHeaders().get("traceparent")))
                .as("the outcome names its publication as its parent")
                .isEqualTo("00-" + traceId + "-" + publication.getSpanId() + "-01");
    }

    @Test
    void aCopyOfAShotIsASpanOfItsOwnMarkedDuplicate() {
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "bob", 42);
        fireInTrace(shot);
        await().until(() -> deliveriesOf(shot), found -> found.size() == 1);

        fireInTrace(shot);

        List<SpanData> deliveries = await().until(() -> deliveriesOf(shot), found -> found.size() == 2);
        assertThat(deliveries).extracting(s -> s.getAttributes().get(DECISION)).containsExactlyInAnyOrder("handled", "duplicate");
    }

    @Test
    void aRedeliveryIsMarkedRedeliveredAndDuplicate() {
        given().contentType(ContentType.JSON).body("{\"point\": \"after-commit-before-ack\", \"type\": \"FireAt\"}")
                .post("/api/lab/faults").then().statusCode(200);
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "carol", 42);

        fireInTrace(shot);

        List<SpanData> deliveries = await().until(() -> deliveriesOf(shot), found -> found.size() == 2);
        assertThat(deliveries).anyMatch(s -> "handled".equals(s.getAttributes().get(DECISION))
                && !s.getAttributes().get(REDELIVERED) && !s.getEvents().isEmpty());
        assertThat(deliveries).anyMatch(s -> "duplicate".equals(s.getAttributes().get(DECISION)) && s.getAttributes().get(REDELIVERED));
    }

    @Test
    void aDeadLetteredMessageIsMarkedSoAndFailed() {
        broker.publishRaw(Topology.COMMANDS, "FireAt", "application/json", "{\"type\": FireAt".getBytes(StandardCharsets.UTF_8),
                Map.of("traceparent", traceParent()));

        SpanData delivery = await().until(() -> inTrace().stream().filter(s -> s.getKind() == SpanKind.CONSUMER).toList(),
                found -> !found.isEmpty()).get(0);
        assertThat(delivery.getAttributes().get(DECISION)).isEqualTo("dead-lettered");
        assertThat(delivery.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    }

    @Test
    void eachCopyTheRelaySendsIsAPublicationOfItsOwn() {
        given().contentType(ContentType.JSON).body("{\"duplicateRate\": 1}").put("/api/lab/chaos").then().statusCode(200);
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "dave", 42);

        fireInTrace(shot);

        List<SpanData> publications = await().until(() -> inTrace().stream().filter(s -> s.getKind() == SpanKind.PRODUCER).toList(),
                found -> found.size() == 2);
        assertThat(publications).extracting(s -> s.getAttributes().get(COPY)).containsExactlyInAnyOrder(1L, 2L);
        await().until(() -> outcomeOf(shot), copies -> copies.size() == 2);
    }

    @Test
    void aRelayResendIsASecondPublicationOfTheSameRow() {
        given().contentType(ContentType.JSON).body("{\"point\": \"after-confirm-before-mark\", \"type\": \"Hit\"}")
                .post("/api/lab/faults").then().statusCode(200);
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "erin", 42);

        fireInTrace(shot);

        List<SpanData> publications = await().until(() -> inTrace().stream().filter(s -> s.getKind() == SpanKind.PRODUCER).toList(),
                found -> found.size() == 2);
        SpanData handling = deliveriesOf(shot).get(0);
        assertThat(publications).extracting(SpanData::getParentSpanId).as("both under the one handling")
                .containsExactly(handling.getSpanId(), handling.getSpanId());
    }

    private void fireInTrace(FireAt shot) {
        broker.publishRaw(Topology.COMMANDS, "FireAt", "application/json", MessageCodec.encode(shot),
                Map.of("traceparent", traceParent()));
    }

    private String traceParent() {
        return "00-" + traceId + "-" + callerSpanId + "-01";
    }

    private List<SpanData> inTrace() {
        return spans.getFinishedSpanItems().stream().filter(s -> s.getTraceId().equals(traceId)).toList();
    }

    private List<SpanData> deliveriesOf(FireAt shot) {
        return inTrace().stream().filter(s -> s.getKind() == SpanKind.CONSUMER
                && shot.messageId().toString().equals(s.getAttributes().get(MESSAGE_ID)))
                .toList();
    }

    private List<GetResponse> outcomeOf(FireAt shot) {
        return events.copies().stream()
                .filter(copy -> new String(copy.getBody(), StandardCharsets.UTF_8).contains(shot.attemptId().toString()))
                .toList();
    }

    private static String hex(int bytes) {
        byte[] random = new byte[bytes];
        ThreadLocalRandom.current().nextBytes(random);
        return HexFormat.of().formatHex(random);
    }

    @ApplicationScoped
    static class InMemorySpans {

        @Produces
        @Singleton
        InMemorySpanExporter exporter() {
            return InMemorySpanExporter.create();
        }
    }
}
