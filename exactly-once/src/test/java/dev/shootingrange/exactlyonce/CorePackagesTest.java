package dev.shootingrange.exactlyonce;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * What may import what inside the core (docs/decisions/0019): the seams and the observing name only
 * the root's message types; the RabbitMQ plumbing serves both halves; the inbox and the outbox never
 * name each other, so each reads on its own. The root (configuration, runtime, the defaults at the
 * seams) ties them together.
 */
class CorePackagesTest {

    private static final Path SOURCES = Path.of("src/main/java/dev/shootingrange/exactlyonce");
    private static final Pattern CORE_IMPORT = Pattern.compile("^import dev\\.shootingrange\\.exactlyonce\\.([a-z]+)\\.", Pattern.MULTILINE);
    private static final Map<String, Set<String>> MAY_IMPORT = Map.of(
            "spi", Set.of(),
            "observe", Set.of(),
            "rabbit", Set.of("observe", "spi"),
            "inbox", Set.of("observe", "spi", "rabbit"),
            "outbox", Set.of("observe", "spi", "rabbit"));

    @Test
    void eachPackageImportsOnlyWhatItMay() throws IOException {
        for (Map.Entry<String, Set<String>> rule : MAY_IMPORT.entrySet()) {
            for (Path source : sources(SOURCES.resolve(rule.getKey()))) {
                Matcher imports = CORE_IMPORT.matcher(Files.readString(source));
                while (imports.find()) {
                    assertThat(imports.group(1)).as(source + " imports from the core's package")
                            .isIn(union(rule.getValue(), rule.getKey()));
                }
            }
        }
    }

    @Test
    void everyCorePackageIsNamedByARule() throws IOException {
        try (Stream<Path> entries = Files.list(SOURCES)) {
            List<String> packages = entries.filter(Files::isDirectory).map(dir -> dir.getFileName().toString()).toList();
            assertThat(packages).containsExactlyInAnyOrderElementsOf(MAY_IMPORT.keySet());
        }
    }

    private static Set<String> union(Set<String> allowed, String own) {
        return Stream.concat(allowed.stream(), Stream.of(own)).collect(Collectors.toSet());
    }

    private static List<Path> sources(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            List<Path> sources = files.filter(file -> file.toString().endsWith(".java")).toList();
            assertThat(sources).as(dir + " holds sources").isNotEmpty();
            return sources;
        }
    }
}
