package dev.shootingrange.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The layout rules of every module's main code (docs/decisions/0019): a class fits on a projector
 * screen, and no two packages import each other, directly or around a circle, so that each package
 * reads after the ones it names.
 */
class MainCodeLayoutTest {

    private static final int MAX_LINES = 160;
    private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern IMPORT = Pattern.compile("^import (?:static )?(dev\\.shootingrange(?:\\.[a-z]\\w*)+)\\.[A-Z]",
            Pattern.MULTILINE);

    @Test
    void everyMainClassFitsOnAProjector() throws IOException {
        for (Path source : mainSources()) {
            assertThat(Files.readAllLines(source)).as(source + " in lines").hasSizeLessThanOrEqualTo(MAX_LINES);
        }
    }

    @Test
    void noPackagesImportEachOtherInACircle() throws IOException {
        Map<String, Set<String>> imports = new HashMap<>();
        for (Path source : mainSources()) {
            String text = Files.readString(source);
            Matcher own = PACKAGE.matcher(text);
            assertThat(own.find()).as(source + " has a package").isTrue();
            Set<String> named = imports.computeIfAbsent(own.group(1), name -> new HashSet<>());
            for (Matcher imported = IMPORT.matcher(text); imported.find();) {
                if (!imported.group(1).equals(own.group(1))) {
                    named.add(imported.group(1));
                }
            }
        }
        for (String start : imports.keySet()) {
            assertThat(circleFrom(start, start, imports, new HashSet<>(), new ArrayList<>()))
                    .as("a circle of imports through " + start).isEmpty();
        }
    }

    /** A path of imports from {@code at} back to {@code start}, or an empty list. */
    private static List<String> circleFrom(String start, String at, Map<String, Set<String>> imports, Set<String> seen,
            List<String> path) {
        path.add(at);
        for (String next : imports.getOrDefault(at, Set.of())) {
            if (next.equals(start)) {
                path.add(next);
                return path;
            }
            if (seen.add(next) && !circleFrom(start, next, imports, seen, path).isEmpty()) {
                return path;
            }
        }
        path.remove(path.size() - 1);
        return List.of();
    }

    private static List<Path> mainSources() throws IOException {
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> modules = Files.list(Path.of(".."))) {
            for (Path module : modules.filter(dir -> Files.isDirectory(dir.resolve("src/main/java"))).toList()) {
                try (Stream<Path> files = Files.walk(module.resolve("src/main/java"))) {
                    files.filter(file -> file.toString().endsWith(".java")).forEach(sources::add);
                }
            }
        }
        assertThat(sources).as("main sources of the modules").hasSizeGreaterThan(100);
        return sources;
    }
}
