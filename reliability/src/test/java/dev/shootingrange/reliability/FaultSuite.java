package dev.shootingrange.reliability;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Every test starts with the broker, the database and the three services up and the dead-letter
 * queues empty, and leaves the broker and the database up whatever it did to them and however it
 * ended.
 */
abstract class FaultSuite {

    final Cluster cluster = Cluster.get();

    @BeforeEach
    void everythingRuns() {
        Servers.ensureUp();
        cluster.ensureRunning();
        Cluster.purgeDeadLetters();
    }

    @AfterEach
    void theServersRunAgain() {
        Servers.ensureUp();
    }
}
