package dev.shootingrange.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;

import dev.shootingrange.contract.Topology;

/**
 * A binding removed for a while: FireAt has nowhere to go, the broker returns each one (mandatory)
 * and the relay keeps them pending instead of marking them sent. Once the binding is back, they all
 * arrive, once.
 */
class UnroutableIT extends FaultSuite {

    private static final String UNROUTABLE = "was unroutable";

    @Test
    void shotsPublishedWhileTheirBindingIsGoneArriveOnceItIsBack() throws IOException, TimeoutException {
        int returnedBefore = Cluster.logged(cluster.scenario, UNROUTABLE);
        AtomicLong pendingWhileUnbound = new AtomicLong();

        try (Connection connection = Cluster.connect(); Channel channel = connection.createChannel()) {
            Burst.Result burst = new Burst(cluster, Burst.SHOTS).at(Burst.SHOTS / 3, () -> {
                try {
                    channel.queueUnbind(Topology.SHOOTING_RANGE_QUEUE, Topology.COMMANDS, "FireAt");
                    // Unbound until the relay has had shots returned and holds them as pending.
                    await().atMost(Duration.ofSeconds(30)).until(() -> {
                        pendingWhileUnbound.set(Cluster.count(Cluster.SCENARIO_DB,
                                "select count(*) from outbox where sent_at is null"));
                        return Cluster.logged(cluster.scenario, UNROUTABLE) - returnedBefore >= 10
                                && pendingWhileUnbound.get() >= 10;
                    });
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                } finally {
                    rebind(channel);
                }
            }).fire();

            int returned = Cluster.logged(cluster.scenario, UNROUTABLE) - returnedBefore;
            assertThat(returned).as("FireAt returned unroutable").isPositive();
            Faults.checkAndRecord(cluster, 40, "binding removed",
                    "`queueUnbind` of FireAt from the range's queue a third into the burst, bound again once 10 were returned",
                    burst, returned + " returns, " + pendingWhileUnbound.get() + " rows pending while unbound");
        }
    }

    private static void rebind(Channel channel) {
        try {
            channel.queueBind(Topology.SHOOTING_RANGE_QUEUE, Topology.COMMANDS, "FireAt");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
