package dev.shootingrange.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.contract.RangeMessage;
import dev.shootingrange.contract.Topology;

/**
 * PostgreSQL goes away under load: the services' sessions ended from the server, the server
 * restarted. A message whose transaction failed is requeued and handled again, never dead-lettered or
 * dropped; a shot whose request failed is refused, and sent again by the player. The restart reaches
 * every client of the machine's database: nothing else may run beside this suite.
 */
class DatabaseFaultsIT extends FaultSuite {

    private static final String REQUEUED = "requeued";
    private static final String HELD = "is held until it does";
    private static final String SHORT_LIMIT = "reliability-short-delivery-limit";

    @Test
    void sessionsTerminatedRepeatedlyMidBurst() {
        AtomicInteger terminated = new AtomicInteger();
        int requeuedBefore = requeued();

        Burst.Result burst = new Burst(cluster, Burst.SHOTS)
                .repeatedly(3, () -> terminated.addAndGet(Servers.terminateBackends())).fire();

        assertThat(terminated.get()).as("sessions ended").isPositive();
        Faults.checkAndRecord(cluster, 30, "sessions terminated",
                "`pg_terminate_backend` of every session of the 3 databases, 3 times during the burst", burst,
                terminated.get() + " sessions ended, " + (requeued() - requeuedBefore) + " deliveries requeued, "
                        + burst.indeterminate() + " requests failed");
    }

    @Test
    void databaseRestartedMidBurst() {
        String startedBefore = postmasterStart();
        int requeuedBefore = requeued();

        Burst.Result burst = new Burst(cluster, Burst.SHOTS).at(Burst.SHOTS / 3, Servers::restartDatabase).fire();

        assertThat(postmasterStart()).as("the server restarted").isNotEqualTo(startedBefore);
        Faults.checkAndRecord(cluster, 31, "database restarted",
                "`pg_ctlcluster --skip-systemctl-redirect 15 main restart` a third into the burst", burst,
                "1 restart, " + (requeued() - requeuedBefore) + " deliveries requeued, " + burst.indeterminate()
                        + " requests failed");
    }

    /**
     * A long outage at low traffic, compressed: the range's queue may redeliver a message only twice
     * (a policy lowers its delivery limit of 100, which RabbitMQ 4 spends on requeues too), and one valid
     * shot arrives while the database is down for longer than a few requeues would take. It is held, not
     * requeued, and handled once the database is back: never parked in the dead-letter queue.
     */
    @Test
    void aValidShotWaitsOutALongOutageInsteadOfReachingTheDeadLetterQueue() throws Exception {
        String gameId = "outage-" + UUID.randomUUID();
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 3);
        int heldBefore = Cluster.logged(cluster.range, HELD);
        try (Connection connection = Cluster.connect(); Channel channel = connection.createChannel()) {
            channel.confirmSelect();
            publish(channel, MoveTarget.create(gameId, 3));
            await().atMost(Duration.ofSeconds(30)).until(() -> Cluster.count(Cluster.RANGE_DB,
                    "select count(*) from target where game_id = ?", gameId) == 1);
            Servers.run("rabbitmqctl", "-q", "set_policy", "-p", Cluster.VHOST, "--apply-to", "queues", SHORT_LIMIT,
                    "^" + Topology.SHOOTING_RANGE_QUEUE + "$", "{\"delivery-limit\":2}");
            Servers.stopDatabase();

            publish(channel, shot);
            await().during(Duration.ofSeconds(8)).atMost(Duration.ofSeconds(12))
                    .until(() -> deadLettered(channel) == 0);
            assertThat(Cluster.logged(cluster.range, HELD)).as("the range held the shot").isGreaterThan(heldBefore);

            Servers.ensureUp();
            await().atMost(Duration.ofSeconds(60)).until(() -> Cluster.count(Cluster.RANGE_DB,
                    "select count(*) from outcome where attempt_id = ?", shot.attemptId()) == 1);
            assertThat(deadLettered(channel)).as("dead-lettered").isZero();
        } finally {
            Servers.run("rabbitmqctl", "-q", "clear_policy", "-p", Cluster.VHOST, SHORT_LIMIT);
        }
    }

    private static void publish(Channel channel, RangeMessage message) throws Exception {
        channel.basicPublish(Topology.exchangeFor(message.type()), message.type(), true, new AMQP.BasicProperties.Builder()
                .contentType("application/json").deliveryMode(2).messageId(message.messageId().toString()).build(),
                MessageCodec.encode(message));
        channel.waitForConfirmsOrDie(5_000);
    }

    private static long deadLettered(Channel channel) throws Exception {
        return channel.queueDeclarePassive(Topology.deadLetterQueue(Topology.SHOOTING_RANGE_QUEUE)).getMessageCount();
    }

    private int requeued() {
        return cluster.all().stream().mapToInt(service -> Cluster.logged(service, REQUEUED)).sum();
    }

    private static String postmasterStart() {
        return Servers.run("psql", "-h", "127.0.0.1", "-U", "postgres", "-tAc", "select pg_postmaster_start_time()").trim();
    }
}
