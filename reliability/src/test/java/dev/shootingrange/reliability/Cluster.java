package dev.shootingrange.reliability;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;

import javax.sql.DataSource;

import org.postgresql.ds.PGSimpleDataSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.rabbitmq.client.Address;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import dev.shootingrange.contract.Topology;
import dev.shootingrange.processes.ServiceProcess;
import dev.shootingrange.testing.Sql;

/**
 * The three packaged services as processes, on a virtual host, databases and ports of their own
 * (17080-17089), so that the faults below touch no other suite's queues or rows. Started once for the
 * whole run; a test that kills or adds processes leaves it as it found it.
 */
final class Cluster {

    static final String VHOST = "reliability";
    static final int SCENARIO_PORT = 17080;
    static final int RANGE_PORT = 17081;
    static final int BOARD_PORT = 17082;
    static final int SECOND_RANGE_PORT = 17083;
    static final int SECOND_BOARD_PORT = 17084;

    static final String SCENARIO_DB = "reliability_game_scenario";
    static final String RANGE_DB = "reliability_shooting_range";
    static final String BOARD_DB = "reliability_leader_board";
    private static final Map<String, String> DATABASES = Map.of("game-scenario", SCENARIO_DB, "shooting-range", RANGE_DB,
            "leader-board", BOARD_DB);

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static Cluster instance;

    /**
     * Deliveries a service handles in one transaction ({@code reliability.batch-size}, as
     * exactly-once.consumer.batch-size): 1, each alone, as shipped; above, the same faults with batching on.
     */
    static final int BATCH_SIZE = Integer.getInteger("reliability.batch-size", 1);

    /** The RabbitMQ nodes the services are given ({@code rabbitmq-addresses}); null: the machine's broker. */
    private static volatile String brokerAddresses;

    ServiceProcess range;
    ServiceProcess board;
    ServiceProcess scenario;
    private final List<ServiceProcess> extra = new ArrayList<>();

    private Cluster() {
        Servers.prepare();
        startAll();
        Runtime.getRuntime().addShutdownHook(new Thread(this::stopAll));
    }

    private void startAll() {
        range = start("shooting-range", RANGE_PORT);
        board = start("leader-board", BOARD_PORT);
        scenario = start("game-scenario", SCENARIO_PORT);
        awaitAllReady();
    }

    /**
     * The three services stopped and started again on other RabbitMQ nodes (null: the machine's
     * broker). Only between tests: every shot of the last one has drained, no outbox row waits.
     */
    void moveToBroker(String addresses) {
        stopAll();
        brokerAddresses = addresses;
        startAll();
    }

    static synchronized Cluster get() {
        if (instance == null) {
            instance = new Cluster();
        }
        return instance;
    }

    /** The three services, each killed service started again and every one ready: the state every test starts from. */
    Cluster ensureRunning() {
        for (ServiceProcess service : all()) {
            if (!isAlive(service)) {
                service.restart();
            }
        }
        awaitAllReady();
        return this;
    }

    ServiceProcess service(String module) {
        return all().stream().filter(service -> service.name().equals(module)).findFirst().orElseThrow();
    }

    List<ServiceProcess> all() {
        return List.of(range, board, scenario);
    }

    void awaitAllReady() {
        all().forEach(ServiceProcess::awaitReady);
    }

    static boolean isAlive(ServiceProcess service) {
        try {
            service.exitValue();
            return false;
        } catch (IllegalThreadStateException running) {
            return true;
        }
    }

    /** A further instance of a service on the same queue and database: it competes for the messages. */
    ServiceProcess startSecond(String module, int port) {
        ServiceProcess second = start(module, port);
        extra.add(second);
        return second;
    }

    void stopSecond(ServiceProcess second) throws InterruptedException {
        second.close();
        extra.remove(second);
    }

    private ServiceProcess start(String module, int port) {
        List<String> properties = new ArrayList<>(List.of(
                "rabbitmq-virtual-host=" + VHOST,
                "quarkus.datasource.jdbc.url=jdbc:postgresql://localhost:5432/" + DATABASES.get(module),
                // Faults end in seconds here: reconnect within one, not two.
                "rabbitmq.reconnect-interval=1s"));
        if (brokerAddresses != null) {
            properties.add("rabbitmq-addresses=" + brokerAddresses);
        }
        if (BATCH_SIZE > 1) {
            properties.addAll(List.of("exactly-once.consumer.batch-size=" + BATCH_SIZE,
                    "exactly-once.consumer.concurrency=" + BATCH_SIZE, "exactly-once.consumer.prefetch=" + 4 * BATCH_SIZE));
        }
        if (module.equals("game-scenario")) {
            properties.add("lab.services.shooting-range.url=http://localhost:" + RANGE_PORT);
            properties.add("lab.services.leader-board.url=http://localhost:" + BOARD_PORT);
        }
        // Restarts are part of the faults: the quick compiler alone halves a start on two busy cores.
        return ServiceProcess.start(Path.of(".."), module, port, List.of("-XX:TieredStopAtLevel=1"),
                properties.toArray(String[]::new));
    }

    private void stopAll() {
        List<ServiceProcess> everyone = new ArrayList<>(extra);
        everyone.addAll(List.of(scenario, board, range));
        for (ServiceProcess service : everyone) {
            try {
                service.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    // --- what the tests read ---

    static DataSource database(String name) {
        PGSimpleDataSource dataSource = new PGSimpleDataSource();
        dataSource.setUrl("jdbc:postgresql://127.0.0.1:5432/" + name);
        dataSource.setUser("postgres");
        return dataSource;
    }

    static long count(String database, String sql, Object... parameters) {
        return Sql.count(database(database), sql, parameters);
    }

    /** Outbox rows not yet confirmed by the broker, in the three databases together. */
    static long outboxPending() {
        long pending = 0;
        for (String database : List.of(SCENARIO_DB, RANGE_DB, BOARD_DB)) {
            pending += count(database, "select count(*) from outbox where sent_at is null");
        }
        return pending;
    }

    /** Deliveries of this game's messages that the broker marked as redelivered, in all three services. */
    static long redeliveries(String gameId) {
        long redelivered = 0;
        for (String database : List.of(SCENARIO_DB, RANGE_DB, BOARD_DB)) {
            redelivered += count(database, "select count(*) from message_history where game_id = ? and redelivered", gameId);
        }
        return redelivered;
    }

    /** Copies of this game's messages each service recognised as already handled, and skipped. */
    static long duplicatesAbsorbed(String gameId) {
        long duplicates = 0;
        for (String database : List.of(SCENARIO_DB, RANGE_DB, BOARD_DB)) {
            duplicates += count(database, """
                    select count(*) from message_history
                    where game_id = ? and direction = 'IN' and disposition = 'DUPLICATE'""", gameId);
        }
        return duplicates;
    }

    static JsonNode getJson(String url) {
        try {
            return JSON.readTree(send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build()));
        } catch (IOException e) {
            throw new IllegalStateException("GET " + url, e);
        }
    }

    /** POSTs a JSON body; its answer, read as JSON. */
    static JsonNode postJson(String url, String body) {
        try {
            return JSON.readTree(send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                    .timeout(Duration.ofSeconds(10)).POST(HttpRequest.BodyPublishers.ofString(body)).build()));
        } catch (IOException e) {
            throw new IllegalStateException("POST " + url, e);
        }
    }

    static void putJson(String url, String body) {
        send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    /** The body of a 2xx answer; anything else, or no answer, throws. */
    private static String send(HttpRequest request) {
        try {
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() / 100 != 2) {
                throw new IllegalStateException(request.method() + " " + request.uri() + " answered "
                        + response.statusCode() + ": " + response.body());
            }
            return response.body();
        } catch (IOException e) {
            throw new IllegalStateException(request.method() + " " + request.uri(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** One counter of a service's lab stats (received, handled, duplicatesDropped, deadLettered, retried...). */
    static long stat(ServiceProcess service, String name) {
        return getJson(service.baseUrl() + "/api/lab").path("stats").path(name).asLong();
    }

    /** Deliveries handled with batching on, and the transactions they were handled in. */
    record Batched(long deliveries, long transactions) {
    }

    /** What the three services batched since their last start: the {@code inbox_batch_size} summary of their /q/metrics. */
    Batched batched() {
        long deliveries = 0;
        long transactions = 0;
        for (ServiceProcess service : all()) {
            String metrics = send(HttpRequest.newBuilder(URI.create(service.baseUrl() + "/q/metrics")).timeout(Duration.ofSeconds(10)).build());
            for (String line : metrics.lines().toList()) {
                if (line.startsWith("inbox_batch_size_sum{")) {
                    deliveries += sampleValue(line);
                } else if (line.startsWith("inbox_batch_size_count{")) {
                    transactions += sampleValue(line);
                }
            }
        }
        return new Batched(deliveries, transactions);
    }

    /** The value of a Prometheus sample line, after its last space. */
    private static long sampleValue(String line) {
        return (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
    }

    /** How many times the service has logged this, restarts included. */
    static int logged(ServiceProcess service, String text) {
        String log = service.logText();
        int count = 0;
        for (int at = log.indexOf(text); at >= 0; at = log.indexOf(text, at + text.length())) {
            count++;
        }
        return count;
    }

    /** Messages ready in each of the suite's queues and dead-letter queues. */
    static Map<String, Long> queueDepths() {
        Map<String, Long> depths = new LinkedHashMap<>();
        try (Connection connection = connect(); Channel channel = connection.createChannel()) {
            for (String queue : Topology.QUEUES) {
                depths.put(queue, (long) channel.queueDeclarePassive(queue).getMessageCount());
                String dlq = Topology.deadLetterQueue(queue);
                depths.put(dlq, (long) channel.queueDeclarePassive(dlq).getMessageCount());
            }
        } catch (IOException | TimeoutException e) {
            throw new IllegalStateException(e);
        }
        return depths;
    }

    /** Empties the dead-letter queues: whatever an earlier (failed) run left there is no news. */
    static void purgeDeadLetters() {
        try (Connection connection = connect(); Channel channel = connection.createChannel()) {
            for (String queue : Topology.QUEUES) {
                channel.queuePurge(Topology.deadLetterQueue(queue));
            }
        } catch (IOException | TimeoutException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A connection of the suite's own to its virtual host: to publish, unbind, count and purge. */
    static Connection connect() throws IOException, TimeoutException {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setVirtualHost(VHOST);
        String addresses = brokerAddresses;
        return addresses == null ? factory.newConnection("reliability-suite")
                : factory.newConnection(Address.parseAddresses(addresses), "reliability-suite");
    }
}
