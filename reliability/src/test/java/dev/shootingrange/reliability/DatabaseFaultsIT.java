package dev.shootingrange.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

/**
 * PostgreSQL goes away under load: the services' sessions ended from the server, the server
 * restarted. A message whose transaction failed is requeued and handled again, never dead-lettered or
 * dropped; a shot whose request failed is refused, and sent again by the player. The restart reaches
 * every client of the machine's database: nothing else may run beside this suite.
 */
class DatabaseFaultsIT extends FaultSuite {

    private static final String REQUEUED = "requeued";

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

    private int requeued() {
        return cluster.all().stream().mapToInt(service -> Cluster.logged(service, REQUEUED)).sum();
    }

    private static String postmasterStart() {
        return Servers.run("psql", "-h", "127.0.0.1", "-U", "postgres", "-tAc", "select pg_postmaster_start_time()").trim();
    }
}
