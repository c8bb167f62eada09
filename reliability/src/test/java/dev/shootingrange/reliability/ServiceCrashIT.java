package dev.shootingrange.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.shootingrange.processes.ServiceProcess;

/** kill -9 of each service in turn in the middle of a burst, then a restart: nothing lost, nothing doubled. */
class ServiceCrashIT extends FaultSuite {


    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = { "shooting-range", "leader-board", "game-scenario" })
    void aServiceKilledMidBurstLosesAndDoublesNothing(String module) {
        ServiceProcess victim = cluster.service(module);
        int startsBefore = Cluster.logged(victim, "started in");
        AtomicInteger exit = new AtomicInteger();

        Burst.Result burst = new Burst(cluster, Burst.SHOTS).at(Burst.SHOTS / 3, () -> {
            try {
                victim.kill();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exit.set(victim.exitValue());
            victim.restart().awaitReady();
        }).fire();

        assertThat(exit.get()).as("killed by SIGKILL").isEqualTo(137);
        assertThat(Cluster.logged(victim, "started in")).as("started again").isEqualTo(startsBefore + 1);
        if (module.equals("game-scenario")) {
            assertThat(burst.retried()).as("shots refused while the game was down, sent again").isPositive();
        }
        Faults.checkAndRecord(cluster, List.of("shooting-range", "leader-board", "game-scenario").indexOf(module) + 10,
                "kill -9 " + module, "`kill -9` at a third of the burst, restarted on the same port", burst,
                "1 kill (exit 137), 1 restart, " + Cluster.redeliveries(burst.gameId()) + " redeliveries, "
                        + burst.retried() + " shots re-sent");
    }
}
