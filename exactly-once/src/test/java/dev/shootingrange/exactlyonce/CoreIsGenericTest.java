package dev.shootingrange.exactlyonce;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The core is the pattern and nothing else: it reads like the inbox and the outbox, for any message
 * format. The game's contract and the lab plug in from outside; the core never names them.
 */
class CoreIsGenericTest {

    private static final Path SOURCES = Path.of("src/main/java/dev/shootingrange/exactlyonce");
    private static final int MAX_LINES = 160;

    @Test
    void noCoreClassImportsTheContractOrTheLab() throws IOException {
        for (Path source : sources()) {
            assertThat(Files.readString(source)).as(source.toString())
                    .doesNotContain("dev.shootingrange.contract")
                    .doesNotContain("dev.shootingrange.lab")
                    .doesNotContain("dev.shootingrange.range")
                    .doesNotContain("dev.shootingrange.leaderboard")
                    .doesNotContain("dev.shootingrange.scenario");
        }
    }

    @Test
    void noCoreClassNamesAMessageOfTheGame() throws IOException {
        for (Path source : sources()) {
            assertThat(Files.readString(source)).as(source.toString())
                    .doesNotContainPattern("\\b(FireAt|MoveTarget|Hit|Missed|attemptId|gameId)\\b");
        }
    }

    @Test
    void everyCoreClassFitsOnAProjector() throws IOException {
        for (Path source : sources()) {
            assertThat(Files.readAllLines(source)).as(source + " in lines").hasSizeLessThanOrEqualTo(MAX_LINES);
        }
    }

    private static List<Path> sources() throws IOException {
        try (Stream<Path> files = Files.walk(SOURCES)) {
            List<Path> sources = files.filter(file -> file.toString().endsWith(".java")).toList();
            assertThat(sources).as("core sources").isNotEmpty();
            return sources;
        }
    }
}
