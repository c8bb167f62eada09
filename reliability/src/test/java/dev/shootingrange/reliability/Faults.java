package dev.shootingrange.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import dev.shootingrange.contract.Topology;

/** What every fault test asserts once its burst is over: the checker's verdict, and no valid message dead-lettered. */
final class Faults {

    /** Long enough for a backlog of 2,000 shots after a restart; a short run drains in seconds. */
    static final Duration DRAIN = Duration.ofSeconds(Math.max(90, Burst.SHOTS / 10));

    private Faults() {
    }

    static Checker.Verdict checkAndRecord(Cluster cluster, int order, String fault, String injected, Burst.Result burst,
            String fired) {
        Checker.Verdict verdict = Checker.check(cluster, burst, DRAIN);
        Report.record(order, fault, injected, verdict, fired);
        assertThat(verdict.problems()).as(fault).isEmpty();
        assertThat(verdict.holds()).as(fault + ": " + verdict).isTrue();
        assertThat(verdict.accepted()).isEqualTo(Burst.SHOTS);
        for (String queue : Topology.QUEUES) {
            assertThat(Cluster.queueDepths().get(Topology.deadLetterQueue(queue)))
                    .as("valid messages dead-lettered from " + queue).isZero();
        }
        return verdict;
    }
}
