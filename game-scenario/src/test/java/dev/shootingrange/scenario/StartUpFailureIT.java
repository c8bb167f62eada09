package dev.shootingrange.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.shootingrange.processes.ServiceProcess;

/**
 * A service whose machinery fails to come up exits, so that compose (restart: unless-stopped) starts it
 * again: alive and never ready, nothing would. The failure here is the core's broker port out of range,
 * an error the start-up does not retry.
 */
class StartUpFailureIT {

    @Test
    void aServiceThatCannotBringItsMachineryUpExitsSayingWhy() throws InterruptedException {
        try (ServiceProcess range = ServiceProcess.start(Path.of(".."), "shooting-range", 18291, "rabbitmq.port=70000")) {
            await("the range's exit").atMost(Duration.ofSeconds(60)).ignoreExceptions().until(() -> range.exitValue() != 0);
            assertThat(range.logText()).contains("could not start the inbox consumer and outbox relay; exiting, to be started again")
                    .contains("port out of range");
        }
    }
}
