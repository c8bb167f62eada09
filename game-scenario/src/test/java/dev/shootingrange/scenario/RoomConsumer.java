package dev.shootingrange.scenario;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.Recoverable;
import com.rabbitmq.client.RecoveryListener;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A consumer a participant of the room writes, outside the lab: logged in as the room's participant
 * user, its own queue on the events exchange, its board over HTTP in the leader board's shape. It
 * counts each attempt once by attemptId, or, if told not to, every message it is handed.
 */
final class RoomConsumer implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final boolean byAttempt;
    private final Connection connection;
    private final Channel channel;
    private final String queue;
    private final AtomicInteger recoveries = new AtomicInteger();
    private final HttpServer server;
    private final Set<String> counted = ConcurrentHashMap.newKeySet();
    /** gameId, then player: shots and hits. */
    private final Map<String, Map<String, int[]>> scores = new ConcurrentHashMap<>();

    RoomConsumer(String name, String amqpUrl, boolean byAttempt) throws Exception {
        this.byAttempt = byAttempt;
        ConnectionFactory factory = new ConnectionFactory();
        factory.setUri(amqpUrl);
        // Connects again a second after a cut, where the client's default waits five.
        factory.setNetworkRecoveryInterval(1000);
        connection = factory.newConnection("room-consumer-" + name);
        // The client's own recovery (on by default): a connection cut opens again, consumer and all.
        ((Recoverable) connection).addRecoveryListener(new RecoveryListener() {
            @Override
            public void handleRecovery(Recoverable recovered) {
                recoveries.incrementAndGet();
            }

            @Override
            public void handleRecoveryStarted(Recoverable recovering) {
            }
        });
        channel = connection.createChannel();
        queue = "participant." + name;
        // Not auto-deleted: what the broker hands out again after a cut must wait in it meanwhile.
        channel.queueDeclare(queue, false, false, false, Map.of());
        channel.queueBind(queue, "events", "Hit");
        channel.queueBind(queue, "events", "Missed");
        channel.basicQos(20);
        channel.basicConsume(queue, false, (tag, delivery) -> {
            count(JSON.readTree(delivery.getBody()));
            channel.basicAck(delivery.getEnvelope().getDeliveryTag(), false);
        }, tag -> {
        });
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/api/leaderboard/", this::answer);
        server.start();
    }

    /** How often its connection was cut and opened again. */
    int recoveries() {
        return recoveries.get();
    }

    /** Where the judge reads it: {@code <board>/<gameId>}. */
    String board() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/api/leaderboard";
    }

    private void count(JsonNode outcome) {
        if (byAttempt && !counted.add(outcome.path("attemptId").asText())) {
            return;
        }
        int[] score = scores.computeIfAbsent(outcome.path("gameId").asText(), game -> new ConcurrentHashMap<>())
                .computeIfAbsent(outcome.path("player").asText(), player -> new int[2]);
        synchronized (score) {
            score[0]++;
            score[1] += "Hit".equals(outcome.path("type").asText()) ? 1 : 0;
        }
    }

    private void answer(HttpExchange exchange) throws IOException {
        String gameId = exchange.getRequestURI().getPath().substring("/api/leaderboard/".length());
        List<Map<String, Object>> players = new ArrayList<>();
        scores.getOrDefault(gameId, Map.of()).forEach((player, score) -> {
            synchronized (score) {
                players.add(Map.of("player", player, "shots", score[0], "hits", score[1]));
            }
        });
        byte[] body = JSON.writeValueAsBytes(Map.of("gameId", gameId, "players", players));
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() throws Exception {
        server.stop(0);
        // Closed whatever the queue's deletion does (its channel may be recovering from a cut): a consumer
        // left connected would be one more connection in the broker's list for the next test.
        try (Connection closing = connection) {
            channel.queueDelete(queue);
        }
    }
}
