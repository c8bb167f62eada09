package dev.shootingrange.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.shootingrange.contract.Topology;
import dev.shootingrange.reliability.RabbitCluster.Node;

/**
 * The same bursts on a RabbitMQ cluster: three nodes of their own ({@link RabbitCluster}), every
 * queue a quorum queue with a member on each, the services given all three addresses. The faults are
 * the cluster's own: the node leading a queue dies, each node is restarted in turn, every consumer's
 * connection is cut. Nothing here injects a duplicate: what the inboxes drop, the broker produced.
 */
class RabbitClusterFaultsIT extends FaultSuite {

    private static final String RANGE_QUEUE = Topology.SHOOTING_RANGE_QUEUE;
    private static RabbitCluster rabbit;

    @BeforeAll
    static void servicesOnTheCluster() {
        Servers.ensureUp();
        rabbit = RabbitCluster.start();
        Cluster.get().moveToBroker(RabbitCluster.addresses());
    }

    @AfterAll
    static void servicesBackOnTheMachinesBroker() {
        try {
            Cluster.get().moveToBroker(null);
        } finally {
            rabbit.stop();
        }
    }

    @Override
    @BeforeEach
    void everythingRuns() {
        Servers.ensureUp();
        rabbit.ensureAllRunning();
        cluster.ensureRunning();
        Cluster.purgeDeadLetters();
    }

    @Test
    void theNodeLeadingTheRangesQueueKilledMidBurst() {
        Node leader = RabbitCluster.leaderOf(RANGE_QUEUE);
        AtomicReference<Node> newLeader = new AtomicReference<>();
        int recoveredBefore = recoveries();

        Burst.Result burst = new Burst(cluster, Burst.SHOTS).at(Burst.SHOTS / 3, () -> {
            rabbit.kill(leader);
            // Asked of the nodes still up; one may not answer while the election runs.
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).ignoreExceptions()
                    .until(() -> !RabbitCluster.leaderOf(RANGE_QUEUE).equals(leader));
            newLeader.set(RabbitCluster.leaderOf(RANGE_QUEUE));
            // As a supervisor would: the node comes back and rejoins as a follower.
            rabbit.launch(leader);
            rabbit.awaitRunning(leader);
        }).fire();

        assertThat(newLeader.get()).as("the queue's new leader, elected while the old one was down").isNotNull();
        Faults.checkAndRecord(cluster, 60, "quorum leader killed", "`kill -9` of the node leading the range's quorum queue a third into the burst, started again once a new leader is elected",
                burst, "leader %s killed, %s elected, %d connection recoveries, %d redeliveries".formatted(
                        leader.name(), newLeader.get().name(), recoveries() - recoveredBefore, Cluster.redeliveries(burst.gameId())));
    }

    @Test
    void eachNodeStoppedAndStartedInTurnMidBurst() {
        List<String> leaders = Collections.synchronizedList(new ArrayList<>());
        List<String> ledWhileStopped = Collections.synchronizedList(new ArrayList<>());
        int recoveredBefore = recoveries();

        Burst.Result burst = new Burst(cluster, Burst.SHOTS).at(Burst.SHOTS / 4, () -> {
            for (Node node : RabbitCluster.NODES) {
                rabbit.stopApp(node);
                await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                        .until(() -> !RabbitCluster.runningNodes().contains(node.nodeName()));
                // The queue is led by a node that runs: the stopped one, if it led, has handed over.
                await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).ignoreExceptions()
                        .until(() -> !RabbitCluster.leaderOf(RANGE_QUEUE).equals(node));
                ledWhileStopped.add(RabbitCluster.leaderOf(RANGE_QUEUE).name());
                rabbit.startApp(node);
                rabbit.awaitAllRunning();
                leaders.add(RabbitCluster.leaderOf(RANGE_QUEUE).name());
            }
        }).fire();

        // No assertion needed here: each wait above fails the burst unless the queue found a leader among
        // the nodes still running, and since every node was stopped once, the leadership moved.
        Faults.checkAndRecord(cluster, 61, "rolling restart", "`rabbitmqctl stop_app`, then `start_app`, of each node in turn from a quarter into the burst",
                burst, "3 nodes stopped and started, range's queue led by %s while each was down and %s after, %d connection recoveries, %d redeliveries"
                        .formatted(String.join("/", ledWhileStopped), String.join("/", leaders), recoveries() - recoveredBefore,
                                Cluster.redeliveries(burst.gameId())));
    }

    @Test
    void everyConsumersConnectionClosedAtOnceRepeatedly() {
        List<Integer> closed = Collections.synchronizedList(new ArrayList<>());

        Burst.Result burst = new Burst(cluster, Burst.SHOTS).repeatedly(3, () -> {
            synchronized (closed) {
                // The three services consume again (they recover within 2 s of the last cut): cut them all.
                await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                        .until(() -> RabbitCluster.consumingConnections().size() >= 3);
                closed.add(rabbit.closeConsumerConnections());
            }
        }).fire();

        assertThat(closed).as("consuming connections closed at each cut").hasSize(3)
                .allSatisfy(count -> assertThat(count).isGreaterThanOrEqualTo(3));
        long redeliveries = Cluster.redeliveries(burst.gameId());
        Faults.checkAndRecord(cluster, 62, "consumers cut", "every consuming connection closed at once (`rabbitmqctl close_connection`), 3 times during the burst",
                burst, "%s consuming connections closed, %d redeliveries".formatted(closed, redeliveries));
    }

    private int recoveries() {
        return cluster.all().stream().mapToInt(service -> Cluster.logged(service, "recovered")).sum();
    }
}
