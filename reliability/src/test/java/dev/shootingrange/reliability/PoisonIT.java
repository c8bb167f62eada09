package dev.shootingrange.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import dev.shootingrange.contract.Topology;
import dev.shootingrange.processes.ServiceProcess;

/**
 * The poison matrix against the packaged services, on every queue: each kind of bad message lands in
 * its queue's DLQ exactly once with its reason in the message history, nothing is retried in a loop,
 * and the next valid message is handled. The field-level cases of one queue are PoisonMessageTest's
 * (shooting-range); here they also travel on to the services behind it.
 */
class PoisonIT extends FaultSuite {

    private static final String FIRE_AT = """
            {"type":"FireAt","messageId":"%s","gameId":"poison","sentAt":"2026-01-01T00:00:00Z",
             "attemptId":"%s","player":"p","position":1}""";
    private static final String HIT = """
            {"type":"Hit","messageId":"%s","gameId":"poison","sentAt":"2026-01-01T00:00:00Z",
             "attemptId":"%s","player":"p","position":1,"targetPosition":1}""";


    /** Kind of poison → content type and body, made from a valid message of the type the queue takes. */
    static Map<String, Object[]> matrix(String template) {
        Map<String, Object[]> kinds = new LinkedHashMap<>();
        String valid = template.formatted(UUID.randomUUID(), UUID.randomUUID());
        kinds.put("invalid JSON", json("{\"type\": \"FireAt\", \"messageId\": "));
        kinds.put("a JSON array", json("[" + valid + "]"));
        kinds.put("no messageId", json(valid.replace("\"messageId\"", "\"id\"")));
        kinds.put("malformed messageId", json(template.formatted("not-a-uuid", UUID.randomUUID())));
        kinds.put("unknown type", json(valid.replaceFirst("\"type\":\"\\w+\"", "\"type\":\"Reload\"")));
        kinds.put("wrong content type", new Object[] { "text/plain", bytes(valid) });
        kinds.put("empty body", json(""));
        kinds.put("1 MiB", json(valid.replace("\"player\":\"p\"", "\"player\":\"" + "p".repeat(1024 * 1024) + "\"")));
        kinds.put("8 MiB", json("{\"pad\":\"" + "x".repeat(8 * 1024 * 1024) + "\"}"));
        kinds.put("position as text", json(valid.replace("\"position\":1", "\"position\":\"one\"")));
        kinds.put("position 1e400", json(valid.replace("\"position\":1", "\"position\":1e400")));
        kinds.put("position beyond a long", json(valid.replace("\"position\":1", "\"position\":99999999999999999999999")));
        kinds.put("player with a NUL character", json(valid.replace("\"player\":\"p\"", "\"player\":\"p\\u0000\"")));
        kinds.put("player with a lone surrogate", json(valid.replace("\"player\":\"p\"", "\"player\":\"p\\ud800\"")));
        return kinds;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = { "FireAt", "Hit" })
    void eachPoisonIsDeadLetteredOnceWithItsReasonAndTheQueueMovesOn(String type)
            throws IOException, TimeoutException, InterruptedException {
        List<ServiceProcess> consumers = type.equals("FireAt") ? List.of(cluster.range)
                : List.of(cluster.board, cluster.scenario);
        Map<String, Object[]> kinds = matrix(type.equals("FireAt") ? FIRE_AT : HIT);
        Map<ServiceProcess, Long> retried = snapshot("retried");
        Map<ServiceProcess, Long> deadLettered = snapshot("deadLettered");
        Map<ServiceProcess, Long> reasons = new HashMap<>();
        for (ServiceProcess consumer : consumers) {
            reasons.put(consumer, reasonsRecorded(consumer));
        }

        try (Connection connection = Cluster.connect(); Channel channel = connection.createChannel()) {
            channel.confirmSelect();
            for (Object[] poison : kinds.values()) {
                channel.basicPublish(Topology.exchangeFor(type), type, true,
                        new AMQP.BasicProperties.Builder().contentType((String) poison[0]).deliveryMode(2).build(),
                        (byte[]) poison[1]);
            }
            channel.waitForConfirmsOrDie(10_000);

            for (ServiceProcess consumer : consumers) {
                String dlq = Topology.deadLetterQueue(consumer.name());
                // Each kind once, and no more come: the count holds still for a while.
                await().atMost(Duration.ofSeconds(30)).until(() -> Cluster.queueDepths().get(dlq) == kinds.size());
                await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(5))
                        .until(() -> Cluster.queueDepths().get(dlq) == kinds.size());
                assertThat(Cluster.stat(consumer, "deadLettered") - deadLettered.get(consumer)).as(consumer.name())
                        .isEqualTo(kinds.size());
                assertThat(reasonsRecorded(consumer) - reasons.get(consumer)).as(consumer.name() + ": reasons in the history")
                        .isEqualTo(kinds.size());
                channel.queuePurge(dlq);
            }
        }
        assertThat(snapshot("retried")).as("nothing retried in a loop").isEqualTo(retried);

        // The queues move on: a shot fired now is decided, counted and learnt by the game.
        Burst.Result burst = new Burst(cluster, 4).fire();
        Checker.Verdict verdict = Checker.check(cluster, burst, Duration.ofSeconds(30));
        assertThat(verdict.problems()).isEmpty();
        assertThat(verdict.holds()).as(verdict.toString()).isTrue();
    }

    private Map<ServiceProcess, Long> snapshot(String stat) {
        Map<ServiceProcess, Long> values = new LinkedHashMap<>();
        for (ServiceProcess service : cluster.all()) {
            values.put(service, Cluster.stat(service, stat));
        }
        return values;
    }

    private static long reasonsRecorded(ServiceProcess consumer) {
        String database = consumer == Cluster.get().range ? Cluster.RANGE_DB
                : consumer == Cluster.get().board ? Cluster.BOARD_DB : Cluster.SCENARIO_DB;
        return Cluster.count(database, """
                select count(*) from message_history
                where disposition = 'DEAD_LETTERED' and detail is not null and detail <> ''""");
    }

    private static Object[] json(String body) {
        return new Object[] { "application/json", bytes(body) };
    }

    private static byte[] bytes(String body) {
        return body.getBytes(StandardCharsets.UTF_8);
    }
}
