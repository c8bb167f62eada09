package dev.shootingrange.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each service's domain is the game of the write-up and nothing else: the lab (the shared module and
 * the service's own lab package) plugs in from outside through seams the domain owns (the range's
 * ShotJudging, the board's AttemptFilter), and the domain never names it. game-scenario is the game
 * and the console it adds (its package tree {@code scenario.console}): the game never names the console.
 */
class DomainWithoutTheLabTest {

    @ParameterizedTest
    @CsvSource({ "shooting-range, range", "leader-board, leaderboard", "game-scenario, scenario" })
    void noDomainClassImportsTheLab(String module, String root) throws IOException {
        assertNoSourceNames(Path.of("..", module, "src/main/java/dev/shootingrange", root, "domain"), "holds the domain",
                "dev.shootingrange.lab", "dev.shootingrange." + root + ".lab");
    }

    @ParameterizedTest
    @ValueSource(strings = { "api", "domain", "messaging" })
    void theGameNamesNothingOfTheConsole(String gamePackage) throws IOException {
        assertNoSourceNames(Path.of("../game-scenario/src/main/java/dev/shootingrange/scenario", gamePackage),
                "holds a part of the game", "dev.shootingrange.scenario.console", "dev.shootingrange.lab");
    }

    private static void assertNoSourceNames(Path tree, String holds, String... names) throws IOException {
        List<Path> sources;
        try (Stream<Path> files = Files.walk(tree)) {
            sources = files.filter(file -> file.toString().endsWith(".java")).toList();
        }
        assertThat(sources).as(tree + " " + holds).isNotEmpty();
        for (Path source : sources) {
            String text = Files.readString(source);
            for (String name : names) {
                assertThat(text).as(source.toString()).doesNotContain(name);
            }
        }
    }
}
