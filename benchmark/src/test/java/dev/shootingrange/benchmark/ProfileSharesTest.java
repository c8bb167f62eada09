package dev.shootingrange.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.jfr.Recording;

class ProfileSharesTest {

    @Test
    void aPartIsTheShareOfTheSamplesTakenSinceReadyWhoseStackHoldsItsFrames(@TempDir Path dir) throws Exception {
        Path profile = dir.resolve("spinner.jfr");
        Instant ready;
        try (Recording recording = new Recording()) {
            recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
            recording.start();
            Spinner.spin(Duration.ofMillis(300)); // before ready: not counted
            ready = Instant.now();
            Spinner.spin(Duration.ofMillis(600));
            recording.stop();
            recording.dump(profile);
        }

        String table = ProfileShares.table(Map.of("spinner", profile, "absent", dir.resolve("none.jfr")), ready,
                List.of(new ProfileShares.Part("the spinner", Spinner.class.getName()),
                        new ProfileShares.Part("nobody's code", "org.example.nothing")),
                List.of(new ProfileShares.Part("JUnit", "org.junit"), new ProfileShares.Part("the benchmark", "dev.shootingrange.benchmark")));

        assertThat(table).contains("| share of a service's samples | spinner |").doesNotContain("absent")
                .contains("| holding nobody's code | 0 % |");
        // The spinner runs on this thread alone; the JVM's other threads rarely run Java code meanwhile.
        assertThat(share(table, "holding the spinner")).isGreaterThanOrEqualTo(80);
        // Its own loop spends the time, not JUnit below it, nor the JDK's clock it reads.
        assertThat(share(table, "spent in the benchmark")).isGreaterThanOrEqualTo(80);
        assertThat(share(table, "spent in JUnit")).isLessThan(10);
        // 600 ms at a sample each 10 ms: the 300 ms before ready would make it ~90.
        assertThat(share(table, "samples")).isBetween(10, 75);
    }

    private static int share(String table, String row) {
        return Integer.parseInt(table.replaceAll("(?s).*\\| " + row + " \\| (\\d+)( %)? \\|.*", "$1"));
    }

    /** Java code that keeps a core busy, so that the recorder samples it. */
    static final class Spinner {
        static volatile long sink;

        static void spin(Duration duration) {
            long until = System.nanoTime() + duration.toNanos();
            long sum = 0;
            while (System.nanoTime() < until) {
                for (int i = 0; i < 10_000; i++) {
                    sum += i * 31L ^ sum;
                }
            }
            sink = sum;
        }
    }
}
