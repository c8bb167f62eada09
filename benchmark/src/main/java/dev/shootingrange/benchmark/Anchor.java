package dev.shootingrange.benchmark;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ConnectionFactory;

/**
 * The raw parts' floor for a shot of the burst: what one shot asks of RabbitMQ and PostgreSQL, asked
 * by the plain RabbitMQ client and plain JDBC in this JVM. Per shot, as in the burst: a FireAt
 * published persistent and confirmed onto a quorum queue, consumed by the range's transaction (inbox,
 * target read, outcome, outbox row) and acked; the relay's publish of the Hit or Missed, confirmed,
 * routed to two quorum queues, and its row marked sent; the board's transaction (inbox, counted
 * attempt, score upsert) and the scenario's (inbox, shot upsert), each acked. Its own exchanges and
 * queues (anchor.*) in the benchmark's virtual host, deleted afterwards; its own database.
 */
final class Anchor {

    static final String CLIENT = "the anchor's client (not counted)";
    private static final String COMMANDS = "anchor.commands";
    static final String EVENTS = "anchor.events";
    private static final String DEAD_LETTERS = "anchor.dead-letters";
    private static final Map<String, String> QUEUES = Map.of("shooting-range", "anchor.shooting-range",
            "leader-board", "anchor.leader-board", "game-scenario", "anchor.game-scenario");

    private Anchor() {
    }

    /** A first run (JIT warm-up for the client), then {@code warmRuns}, each of {@code shots}; the figures as a burst's. */
    static CostPerShot.Burst measure(int shots, int warmRuns) throws Exception {
        return measure(shots, warmRuns, AnchorRelay.Outbox.MARKED_SENT);
    }

    /** The same, with the relay leaving its rows as {@code outbox} says. */
    static CostPerShot.Burst measure(int shots, int warmRuns, AnchorRelay.Outbox outbox) throws Exception {
        List<String> games = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            games.add(UUID.randomUUID().toString());
        }
        AnchorTables.create(games);
        CostPerShot meter = new CostPerShot(Map.of(), Benchmark.JDBC, List.of(AnchorTables.DATABASE));
        List<Map<String, Duration>> runs = new ArrayList<>();
        List<double[]> work = new ArrayList<>();
        ConnectionFactory factory = new ConnectionFactory();
        factory.setVirtualHost(Benchmark.VIRTUAL_HOST);
        // A connection per service, as each service has its own, and one for the shots.
        try (var fire = factory.newConnection("anchor-fire"); var range = factory.newConnection("anchor-shooting-range");
                var board = factory.newConnection("anchor-leader-board"); var scenario = factory.newConnection("anchor-game-scenario")) {
            declare(fire.createChannel());
            try (AnchorRelay relay = new AnchorRelay(AnchorTables.RANGE, range.createChannel(), outbox);
                    AnchorConsumer ranges = new AnchorConsumer("shooting-range", AnchorHandlings::judge, relay::wake);
                    AnchorConsumer boards = new AnchorConsumer("leader-board", AnchorHandlings::count, () -> { });
                    AnchorConsumer scenarios = new AnchorConsumer("game-scenario", AnchorHandlings::record, () -> { })) {
                ranges.consume(range.createChannel(), QUEUES.get("shooting-range"));
                boards.consume(board.createChannel(), QUEUES.get("leader-board"));
                scenarios.consume(scenario.createChannel(), QUEUES.get("game-scenario"));
                Channel firing = fire.createChannel();
                firing.confirmSelect();
                for (int run = 0; run <= warmRuns; run++) {
                    boards.expect(shots);
                    scenarios.expect(shots);
                    CostPerShot.Snapshot before = meter.snapshot();
                    Duration clientBefore = ownCpu();
                    RawShots.fire(firing, COMMANDS, shots, games);
                    boards.awaitHandled();
                    scenarios.awaitHandled();
                    relay.check();
                    CostPerShot.Snapshot cpuAfter = meter.snapshot();
                    Map<String, Duration> used = meter.cpuUsed(before, cpuAfter);
                    used.put(CLIENT, ownCpu().minus(clientBefore));
                    runs.add(used);
                    Thread.sleep(CostPerShot.STATS_SETTLE.toMillis());
                    work.add(ProcessCounters.work(before, cpuAfter, meter.snapshot(), shots));
                }
            } finally {
                for (String queue : QUEUES.values()) {
                    quietly(fire, channel -> channel.queueDelete(queue));
                }
                for (String exchange : List.of(COMMANDS, EVENTS, DEAD_LETTERS)) {
                    quietly(fire, channel -> channel.exchangeDelete(exchange));
                }
            }
        }
        return new CostPerShot.Burst(shots, runs, work, Map.of());
    }

    /** The contract's topology under other names: the same exchange types, quorum queues with the same arguments. */
    private static void declare(Channel channel) throws Exception {
        channel.exchangeDeclare(COMMANDS, BuiltinExchangeType.DIRECT, true);
        channel.exchangeDeclare(EVENTS, BuiltinExchangeType.TOPIC, true);
        channel.exchangeDeclare(DEAD_LETTERS, BuiltinExchangeType.DIRECT, true);
        for (Map.Entry<String, String> queue : QUEUES.entrySet()) {
            channel.queueDeclare(queue.getValue(), true, false, false, Map.of("x-queue-type", "quorum", "x-dead-letter-exchange",
                    DEAD_LETTERS, "x-dead-letter-routing-key", queue.getKey(), "x-delivery-limit", 100,
                    "x-dead-letter-strategy", "at-least-once", "x-overflow", "reject-publish"));
            for (String type : queue.getKey().equals("shooting-range") ? List.of("FireAt") : List.of("Hit", "Missed")) {
                channel.queueBind(queue.getValue(), queue.getKey().equals("shooting-range") ? COMMANDS : EVENTS, type);
            }
            // What a failed run left would be counted in this one.
            channel.queuePurge(queue.getValue());
        }
    }

    private static Duration ownCpu() {
        return ProcessHandle.current().info().totalCpuDuration().orElse(Duration.ZERO);
    }

    private interface BrokerCall {
        void on(Channel channel) throws Exception;
    }

    /** On a channel of its own: a failed call closes its channel. Whatever stays is deleted after the next run. */
    private static void quietly(com.rabbitmq.client.Connection broker, BrokerCall call) {
        try (Channel channel = broker.createChannel()) {
            call.on(channel);
        } catch (Exception e) {
            // gone already, or the broker with it
        }
    }
}
