package dev.shootingrange.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The participants' handout, docs/handout.md, is docs/workshop.md without the answers and the
 * instructor notes: the build writes it to target/handout.md and fails while the committed one differs,
 * so the two cannot drift.
 */
class HandoutTest {

    private static final Path WORKSHOP = Path.of("../docs/workshop.md");
    private static final Path HANDOUT = Path.of("../docs/handout.md");

    @Test
    void theHandoutIsTheWorkshopWithoutItsAnswers() throws IOException {
        String handout = handout(Files.readAllLines(WORKSHOP));
        Path built = Files.writeString(Path.of("target/handout.md"), handout);

        assertThat(handout).doesNotContain("**Answer.**", "## Instructor notes", "instructor notes")
                .contains("**Discuss.**", "## 10. ");
        assertThat(Files.readString(HANDOUT)).as("docs/handout.md is built from docs/workshop.md; after changing the"
                + " workshop: cp game-scenario/" + built + " docs/handout.md").isEqualTo(handout);
    }

    /** Drops each answer (its paragraph), the paragraph pointing instructors to their notes, and the notes. */
    static String handout(List<String> workshop) {
        List<String> kept = new ArrayList<>();
        kept.add("# Handout: exactly-once at the Shooting Range");
        kept.add("");
        kept.add("The exercises of the [workshop](workshop.md) without their answers, for the participants; built from it"
                + " by the project's tests (edit workshop.md, not this file).");
        boolean dropping = false;
        for (String line : workshop.subList(1, workshop.size())) {
            if (line.equals("## Instructor notes")) {
                while (!kept.isEmpty() && (kept.get(kept.size() - 1).isBlank() || kept.get(kept.size() - 1).equals("---"))) {
                    kept.remove(kept.size() - 1);
                }
                break;
            }
            if (line.startsWith("**Answer.**") || line.startsWith("Instructors: ")) {
                dropping = true;
            }
            if (!dropping) {
                kept.add(line);
            } else if (line.isBlank()) {
                dropping = false; // the blank line before the paragraph separates what follows
            }
        }
        return String.join("\n", kept) + "\n";
    }
}
