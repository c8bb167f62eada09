package dev.shootingrange.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each service's domain is the game of the write-up and nothing else: the lab (the shared module and
 * the service's own lab package) plugs in from outside through seams the domain owns (the range's
 * ShotJudging, the board's AttemptFilter), and the domain never names it.
 */
class DomainWithoutTheLabTest {

    @ParameterizedTest
    @CsvSource({ "shooting-range, range", "leader-board, leaderboard", "game-scenario, scenario" })
    void noDomainClassImportsTheLab(String module, String root) throws IOException {
        Path domain = Path.of("..", module, "src/main/java/dev/shootingrange", root, "domain");
        List<Path> sources;
        try (Stream<Path> files = Files.walk(domain)) {
            sources = files.filter(file -> file.toString().endsWith(".java")).toList();
        }
        assertThat(sources).as(domain + " holds the domain").isNotEmpty();
        for (Path source : sources) {
            assertThat(Files.readString(source)).as(source.toString())
                    .doesNotContain("dev.shootingrange.lab")
                    .doesNotContain("dev.shootingrange." + root + ".lab");
        }
    }
}
