package dev.shootingrange.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.shootingrange.processes.ServiceProcess;

/**
 * RabbitMQ goes away under load: its connections cut, the broker stopped and started, the services
 * started before it. The clients recover and the outbox keeps what could not be sent meanwhile.
 * These faults reach every client of the machine's broker: nothing else may run beside this suite.
 */
class BrokerFaultsIT extends FaultSuite {

    private static final String RECOVERED = "recovered";

    @Test
    void connectionsClosedRepeatedlyMidBurst() {
        int recoveredBefore = recoveries();

        Burst.Result burst = new Burst(cluster, Burst.SHOTS).repeatedly(3, Servers::closeAllConnections).fire();

        // Each service holds two connections: every closing is recovered by all three services.
        await().atMost(Duration.ofSeconds(30)).until(() -> recoveries() - recoveredBefore >= 6);
        Faults.checkAndRecord(cluster, 20, "connections closed", "`rabbitmqctl close_all_connections` 3 times during the burst",
                burst, "3 closings, " + (recoveries() - recoveredBefore) + " connection recoveries");
    }

    @Test
    void brokerStoppedAndStartedMidBurst() {
        int recoveredBefore = recoveries();

        Burst.Result burst = new Burst(cluster, Burst.SHOTS).at(Burst.SHOTS / 3, () -> {
            try {
                Servers.stopBroker();
                // The outage lasts until every service has noticed it: none of them is ready.
                await().atMost(Duration.ofSeconds(30)).until(() -> cluster.all().stream().noneMatch(BrokerFaultsIT::ready));
            } finally {
                Servers.startBroker();
            }
        }).fire();

        await().atMost(Duration.ofSeconds(30)).until(() -> recoveries() - recoveredBefore >= 6);
        Faults.checkAndRecord(cluster, 21, "broker stopped", "`rabbitmqctl stop_app`, then `start_app`, a third into the burst",
                burst, "1 stop (all 3 services not ready), " + (recoveries() - recoveredBefore) + " connection recoveries");
    }

    @Test
    void servicesStartedBeforeTheBroker() throws InterruptedException {
        int waitsBefore = waits();
        try {
            Servers.stopBroker();
            for (ServiceProcess service : cluster.all()) {
                service.kill();
                service.restart();
            }
            // Each service is up, says it waits for the broker, and is not ready.
            await().atMost(Duration.ofSeconds(60)).until(() -> waits() - waitsBefore >= 3);
            assertThat(cluster.all()).noneMatch(BrokerFaultsIT::ready);
        } finally {
            Servers.startBroker();
        }
        cluster.awaitAllReady();

        Burst.Result burst = new Burst(cluster, Burst.SHOTS).fire();

        Faults.checkAndRecord(cluster, 22, "broker started last", "the three services started while the broker is stopped",
                burst, "3 starts without a broker, " + (waits() - waitsBefore) + " connection attempts refused");
    }

    private int recoveries() {
        return cluster.all().stream().mapToInt(service -> Cluster.logged(service, RECOVERED)).sum();
    }

    private int waits() {
        return cluster.all().stream().mapToInt(service -> Cluster.logged(service, "not reachable")).sum();
    }

    private static boolean ready(ServiceProcess service) {
        try {
            Cluster.getJson(service.baseUrl() + "/q/health/ready");
            return true;
        } catch (IllegalStateException notReady) {
            return false;
        }
    }
}
