package dev.shootingrange.exercises.wrongturns;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.ByteArrayOutputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

import dev.shootingrange.exercises.judge.FreshClasses;

/**
 * The catalogue of wrong turns (wrong-turns/README.md): each one, compiled in place of the
 * participant's code, must be caught by a failed assertion of its exercise's own tests, and by the
 * tests it names ("Caught by: DerivedIdsTest.theSameFireAtAnsweredAgainGetsTheSameId"). A wrong turn
 * the tests let through, or only stumble on (an exception, not an assertion), is a verdict the room
 * cannot trust: the build stops there.
 */
class WrongTurnsTest {

    private static final Path CATALOGUE = Path.of(System.getProperty("exercises.wrong-turns", "wrong-turns"));
    private static final Pattern CAUGHT_BY = Pattern.compile("Caught by: (\\w+\\.\\w+)");

    @TestFactory
    List<DynamicTest> everyWrongTurnFailsAnAssertionOfItsExercise() throws IOException {
        List<DynamicTest> turns = new ArrayList<>();
        for (Path exercise : folders(CATALOGUE)) {
            for (Path turn : folders(exercise)) {
                turns.add(DynamicTest.dynamicTest(exercise.getFileName() + "/" + turn.getFileName(), () -> judge(turn)));
            }
        }
        assertThat(turns).as("wrong turns in " + CATALOGUE.toAbsolutePath()).isNotEmpty();
        return turns;
    }

    private static void judge(Path turn) throws Exception {
        String exercise = turn.getParent().getFileName().toString();
        Set<String> named = caughtBy(turn);
        assertThat(named).as(turn + " names no test that catches it (\"Caught by: SomeTest.someTest\")").isNotEmpty();
        assertThat(Files.readString(CATALOGUE.resolve("README.md"))).as("the catalogue's table, wrong-turns/README.md")
                .contains("(" + exercise + "/" + turn.getFileName() + ")");

        Path compiled = compile(turn, exercise);
        Verdicts verdicts = new Verdicts();
        String exercisePackage = "dev.shootingrange.exercises." + exercise;
        try (FreshClasses classes = new FreshClasses(exercisePackage,
                List.of(url(compiled), url(place("exercises.solutions"))),
                WrongTurnsTest.class.getClassLoader())) {
            LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request();
            for (String test : testClassesOf(exercise)) {
                request.selectors(DiscoverySelectors.selectClass(classes.loadClass(exercisePackage + "." + test)));
            }
            Thread thread = Thread.currentThread();
            ClassLoader before = thread.getContextClassLoader();
            thread.setContextClassLoader(classes);
            try {
                LauncherFactory.create().execute(request.build(), verdicts);
            } finally {
                thread.setContextClassLoader(before);
            }
        }

        System.out.println("wrong turn " + exercise + "/" + turn.getFileName() + ": " + verdicts);
        assertThat(verdicts.caught()).as(turn + ": the tests whose assertions caught it (" + verdicts + ")").containsAll(named);
    }

    private static Set<String> caughtBy(Path turn) throws IOException {
        Set<String> named = new TreeSet<>();
        for (Path source : sources(turn)) {
            Matcher caught = CAUGHT_BY.matcher(Files.readString(source));
            while (caught.find()) {
                named.add(caught.group(1));
            }
        }
        return named;
    }

    /**
     * The wrong turn compiled with its exercise's tests, as a participant's code is: the tests read
     * its constants (a table's statement) as they would the participant's.
     */
    private static Path compile(Path turn, String exercise) throws IOException {
        // Beside the solutions' classes, in the build's own folder: target/wrong-turns/<exercise>/<turn>, emptied
        // first, so that no class of an earlier version of the turn is loaded with it.
        Path classes = place("exercises.solutions").resolveSibling("wrong-turns").resolve(exercise).resolve(turn.getFileName().toString());
        if (Files.exists(classes)) {
            try (Stream<Path> earlier = Files.walk(classes)) {
                for (Path file : earlier.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
        }
        Files.createDirectories(classes);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> arguments = new ArrayList<>(List.of("-d", classes.toString(), "-proc:none", "-encoding", "UTF-8",
                "-classpath", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"))));
        sources(turn).forEach(source -> arguments.add(source.toString()));
        sources(testsOf(exercise)).forEach(source -> arguments.add(source.toString()));
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int exit = javac.run(null, diagnostics, diagnostics, arguments.toArray(String[]::new));
        assertThat(exit).as(turn + " does not compile:\n" + diagnostics.toString(StandardCharsets.UTF_8)).isZero();
        return classes;
    }

    /** The folder of the exercise's test sources. */
    private static Path testsOf(String exercise) {
        return place("exercises.tests").resolve("dev/shootingrange/exercises/" + exercise);
    }

    /** The exercise's test classes: its *Test classes, as the participant's check runs them. */
    private static List<String> testClassesOf(String exercise) throws IOException {
        return sources(testsOf(exercise)).stream().map(source -> source.getFileName().toString())
                .filter(name -> name.endsWith("Test.java")).map(name -> name.substring(0, name.length() - ".java".length())).toList();
    }

    private static List<Path> folders(Path folder) throws IOException {
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.filter(Files::isDirectory).sorted().toList();
        }
    }

    private static List<Path> sources(Path turn) throws IOException {
        try (Stream<Path> entries = Files.list(turn)) {
            return entries.filter(file -> file.toString().endsWith(".java")).sorted().toList();
        }
    }

    private static Path place(String property) {
        return Path.of(System.getProperty(property));
    }

    private static URL url(Path folder) throws MalformedURLException {
        return folder.toUri().toURL();
    }
}
