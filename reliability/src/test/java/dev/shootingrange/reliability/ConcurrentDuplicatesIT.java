package dev.shootingrange.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.shootingrange.processes.ServiceProcess;

/**
 * Two instances of the range and of the leader board compete for their queues while every producer
 * publishes half of its messages twice: copies of one message are handled at the same moment by two
 * processes, and the inbox's primary key lets one of them win.
 */
class ConcurrentDuplicatesIT extends FaultSuite {


    @Test
    void copiesRacingThroughTwoInstancesTakeEffectOnce() throws InterruptedException {
        List<ServiceProcess> seconds = new ArrayList<>();
        try {
            seconds.add(cluster.startSecond("shooting-range", Cluster.SECOND_RANGE_PORT));
            seconds.add(cluster.startSecond("leader-board", Cluster.SECOND_BOARD_PORT));
            seconds.forEach(ServiceProcess::awaitReady);
            List<ServiceProcess> everyone = new ArrayList<>(cluster.all());
            everyone.addAll(seconds);
            for (ServiceProcess service : everyone) {
                Cluster.putJson(service.baseUrl() + "/api/lab/chaos", "{\"duplicateRate\": 0.5}");
            }

            Burst.Result burst = new Burst(cluster, Burst.SHOTS).fire();

            Checker.Verdict verdict = Faults.checkAndRecord(cluster, 50, "concurrent duplicates",
                    "2 ranges, 2 leader boards, every producer publishing half of its messages twice", burst,
                    "2 extra processes; " + Cluster.stat(seconds.get(0), "handled") + " and "
                            + Cluster.stat(seconds.get(1), "handled") + " messages handled by the second range and board");
            assertThat(verdict.duplicatesAbsorbed()).as("copies recognised and skipped").isPositive();
            for (ServiceProcess second : seconds) {
                assertThat(Cluster.stat(second, "handled")).as(second.name() + " took part").isPositive();
            }
        } finally {
            for (ServiceProcess service : cluster.all()) {
                Cluster.putJson(service.baseUrl() + "/api/lab/chaos", "{\"duplicateRate\": 0}");
            }
            for (ServiceProcess second : seconds) {
                cluster.stopSecond(second);
            }
        }
    }
}
