package dev.shootingrange.exercises.http;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.shootingrange.exercises.judge.Database;

/**
 * The range's HTTP boundary, as small as a test can have it: {@code POST /api/games/{gameId}/shots}
 * with {"player":"bob","position":42} and an Idempotency-Key, each request in a transaction of its own
 * that calls the participant's {@link IdempotentShots}; 202 with {"attemptId":"..."}. The key's shape
 * is checked here, at the door, and a bad one answers 400: it is the server's part, not the exercise's.
 */
final class ShotServer implements AutoCloseable {

    /** What a request does after the participant's call, before its commit: hold it, or fail it. */
    @FunctionalInterface
    interface BeforeCommit {
        void run() throws Exception;
    }

    private static final Pattern PATH = Pattern.compile("/api/games/([A-Za-z0-9-]+)/shots");
    private static final Pattern PLAYER = Pattern.compile("\"player\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern POSITION = Pattern.compile("\"position\"\\s*:\\s*(-?\\d+)");
    private static final Pattern KEY = Pattern.compile("\\p{XDigit}{8}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{12}");

    private final Database database;
    private final IdempotentShots shots;
    private final Queue<BeforeCommit> beforeCommits = new ConcurrentLinkedQueue<>();
    // A thread per request: two requests of one shot must be able to meet in the database.
    private final ExecutorService requests = Executors.newCachedThreadPool();
    private final HttpServer server;

    ShotServer(Database database) throws IOException {
        this.database = database;
        this.shots = new IdempotentShots(database::connection);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/api/games/", this::handle);
        server.setExecutor(requests);
        server.start();
    }

    URI shots(String gameId) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/api/games/" + gameId + "/shots");
    }

    /** The next request to arrive runs {@code work} after the participant's call, in its transaction. */
    void beforeNextCommit(BeforeCommit work) {
        beforeCommits.add(work);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try {
            String body = new String(exchange.getRequestBody().readAllBytes(), UTF_8);
            Matcher path = PATH.matcher(exchange.getRequestURI().getPath());
            Matcher player = PLAYER.matcher(body);
            Matcher position = POSITION.matcher(body);
            String key = exchange.getRequestHeaders().getFirst("Idempotency-Key");
            if (!exchange.getRequestMethod().equals("POST") || !path.matches()) {
                answer(exchange, 404, "{\"detail\":\"no such resource\"}");
            } else if (key == null || !KEY.matcher(key).matches() || !player.find() || !position.find()) {
                answer(exchange, 400, "{\"detail\":\"an Idempotency-Key (a UUID), a player and a position are required\"}");
            } else {
                BeforeCommit beforeCommit = beforeCommits.poll();
                fire(exchange, UUID.fromString(key), path.group(1), player.group(1), Integer.parseInt(position.group(1)),
                        beforeCommit == null ? () -> { } : beforeCommit);
            }
        } finally {
            exchange.close();
        }
    }

    private void fire(HttpExchange exchange, UUID key, String gameId, String player, int position, BeforeCommit beforeCommit)
            throws IOException {
        UUID attemptId;
        try {
            attemptId = database.inTransaction(() -> {
                UUID fired = shots.fire(key, gameId, player, position);
                beforeCommit.run();
                return fired;
            });
        } catch (Exception e) {
            answer(exchange, 500, "{\"detail\":\"the shot was not taken: " + String.valueOf(e.getMessage()).replace('"', '\'') + "\"}");
            return;
        }
        answer(exchange, 202, "{\"attemptId\":\"" + attemptId + "\"}");
    }

    private static void answer(HttpExchange exchange, int status, String json) throws IOException {
        byte[] body = json.getBytes(UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
    }

    @Override
    public void close() {
        server.stop(0);
        requests.shutdownNow();
    }
}
