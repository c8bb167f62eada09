package dev.shootingrange.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The workshop guide and the README send people to the code that implements each protection. When a
 * class is renamed or a file moves, the link must not quietly point at nothing: every relative link
 * must reach a file, every `ClassName` link to a .java file must reach the file that declares it, and
 * every #anchor must name a heading of its page. No Quarkus boot: it only reads files.
 */
class WorkshopDocsTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern LINK = Pattern.compile("\\[([^\\]]*)]\\(([^)\\s]+)\\)");
    private static final Pattern CODE_NAME = Pattern.compile("`([A-Za-z_][A-Za-z0-9_]*)`");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.+?)\\s*$", Pattern.MULTILINE);
    private static final Pattern FENCE = Pattern.compile("^```.*?^```", Pattern.MULTILINE | Pattern.DOTALL);

    record Link(Path page, String text, String target) {

        @Override
        public String toString() {
            return ROOT.relativize(page) + ": [" + text + "](" + target + ")";
        }

        String path() {
            int hash = target.indexOf('#');
            return hash < 0 ? target : target.substring(0, hash);
        }

        String anchor() {
            int hash = target.indexOf('#');
            return hash < 0 ? null : target.substring(hash + 1);
        }

        Path resolved() {
            return path().isEmpty() ? page : page.getParent().resolve(path()).normalize();
        }
    }

    static Stream<Path> pages() {
        return Stream.concat(Stream.of("docs/workshop.md", "docs/strategies.md", "docs/observability.md", "README.md",
                "CONTRIBUTING.md", "examples/node-leader-board/README.md", "exercises/README.md")
                .map(ROOT::resolve), exercisePages());
    }

    /** Each exercise's README, beside its starting code. */
    private static Stream<Path> exercisePages() {
        try (Stream<Path> files = Files.walk(ROOT.resolve("exercises/src/main/java"))) {
            return files.filter(file -> file.getFileName().toString().equals("README.md")).sorted().toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Stream<Link> links() {
        return pages().flatMap(page -> linksIn(page).stream());
    }

    static List<Link> linksIn(Path page) {
        Matcher matcher = LINK.matcher(withoutCodeBlocks(read(page)));
        List<Link> links = new ArrayList<>();
        while (matcher.find()) {
            String target = matcher.group(2);
            if (!target.matches("^[a-z][a-z0-9+.-]*:.*")) { // http:, https:, mailto: are not ours to check
                links.add(new Link(page, matcher.group(1), target));
            }
        }
        return links;
    }

    @ParameterizedTest
    @MethodSource("pages")
    void thePageExistsAndHasLinks(Path page) {
        assertThat(page).isRegularFile();
        assertThat(linksIn(page)).as("relative links in %s", page).isNotEmpty();
    }

    @ParameterizedTest
    @MethodSource("links")
    void theLinkedFileExists(Link link) {
        if (!link.resolved().startsWith(ROOT)) {
            return; // beside the repository (the shared contract): only where it is checked out so
        }
        assertThat(link.resolved()).as("%s", link).exists();
    }

    @ParameterizedTest
    @MethodSource("links")
    void aClassNamedInTheLinkIsDeclaredInTheLinkedFile(Link link) {
        Matcher name = CODE_NAME.matcher(link.text());
        if (!link.path().endsWith(".java") || !name.matches()) {
            return;
        }
        Pattern declaration = Pattern.compile("\\b(class|record|interface|enum)\\s+" + name.group(1) + "\\b");
        assertThat(link.resolved()).as("%s", link).isRegularFile();
        assertThat(declaration.matcher(read(link.resolved())).find())
                .as("%s: %s declares no class, record, interface or enum %s", link, link.path(), name.group(1))
                .isTrue();
    }

    @ParameterizedTest
    @MethodSource("links")
    void anAnchorNamesAHeadingOfItsPage(Link link) {
        if (link.anchor() == null || !link.resolved().toString().endsWith(".md") || !link.resolved().startsWith(ROOT)) {
            return;
        }
        assertThat(headingAnchors(link.resolved())).as("%s", link).contains(link.anchor());
    }

    /** Each numbered exercise points at the code that implements what it shows. */
    /** A newcomer's first screen: what it is, the command, the URL, the first click and the way out. */
    @Test
    void theReadmeStartsTheLabInItsFirstThirtyLinesAndEndsByTwoHundredFifty() {
        List<String> lines = read(ROOT.resolve("README.md")).lines().toList();
        String firstScreen = String.join("\n", lines.subList(0, 30));

        assertThat(lines).as("README.md's lines").hasSizeLessThanOrEqualTo(250);
        assertThat(firstScreen).contains("docker compose up --build", "http://localhost:8080", "**New game**",
                "docker compose down");
    }

    @ParameterizedTest
    @MethodSource("exercises")
    void everyExerciseLinksToCode(String exercise) {
        assertThat(exercise).as(exercise.lines().findFirst().orElse(exercise)).containsPattern("]\\([^)]+\\.java\\)");
    }

    static Stream<String> exercises() {
        String guide = read(ROOT.resolve("docs/workshop.md"));
        return Stream.of(guide.split("(?m)^(?=## )")).filter(section -> section.matches("(?s)## \\d+\\. .*"));
    }

    /** GitHub's anchors: lower case, punctuation dropped, spaces to hyphens. */
    private static Set<String> headingAnchors(Path page) {
        Matcher heading = HEADING.matcher(withoutCodeBlocks(read(page)));
        List<String> anchors = new ArrayList<>();
        while (heading.find()) {
            anchors.add(heading.group(1).toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-'));
        }
        return anchors.stream().collect(Collectors.toSet());
    }

    private static String withoutCodeBlocks(String markdown) {
        return FENCE.matcher(markdown).replaceAll("");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + file, e);
        }
    }
}
