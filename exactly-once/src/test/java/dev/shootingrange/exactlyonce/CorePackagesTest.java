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
 * What may import what inside the core (docs/decisions/0019): the root holds the types a service
 * names and imports no package of the core; the seams and the observing name only the root's types;
 * the RabbitMQ plumbing serves both halves; the inbox and the outbox never name each other, so each
 * reads on its own; the runtime ties them all together, and nothing in the core imports it.
 */
class CorePackagesTest {

    private static final Path SOURCES = Path.of("src/main/java/dev/shootingrange/exactlyonce");
    private static final Pattern CORE_IMPORT = Pattern.compile("^import dev\\.shootingrange\\.exactlyonce\\.([a-z]+)\\.", Pattern.MULTILINE);
    private static final Map<String, Set<String>> MAY_IMPORT = Map.of(
            "", Set.of(),
            "spi", Set.of(),
            "observe", Set.of(),
            "rabbit", Set.of("observe", "spi"),
            "inbox", Set.of("observe", "spi", "rabbit"),
            "outbox", Set.of("observe", "spi", "rabbit"),
            "runtime", Set.of("observe", "spi", "rabbit", "inbox", "outbox"));

    @Test
    void eachPackageImportsOnlyWhatItMay() throws IOException {
        for (Map.Entry<String, Set<String>> rule : MAY_IMPORT.entrySet()) {
            for (Path source : sources(SOURCES.resolve(rule.getKey()), rule.getKey().isEmpty())) {
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
            assertThat(packages).containsExactlyInAnyOrderElementsOf(
                    MAY_IMPORT.keySet().stream().filter(name -> !name.isEmpty()).toList());
        }
    }

    private static Set<String> union(Set<String> allowed, String own) {
        return Stream.concat(allowed.stream(), Stream.of(own)).collect(Collectors.toSet());
    }

    /** The package's sources; the root's without its subpackages. */
    private static List<Path> sources(Path dir, boolean ownFilesOnly) throws IOException {
        try (Stream<Path> files = ownFilesOnly ? Files.list(dir) : Files.walk(dir)) {
            List<Path> sources = files.filter(file -> file.toString().endsWith(".java")).toList();
            assertThat(sources).as(dir + " holds sources").isNotEmpty();
            return sources;
        }
    }
}
