package dev.shootingrange.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;

import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;

/**
 * docs/workshop.md, played: the curl way's setup, then every exercise's commands in order, in one
 * terminal, against the packaged lab. Every request must be accepted (unless its comment names the
 * refusal), every result a comment promises must be what the lab answers ({@link CommentedResult};
 * a read is asked again for a while, as a participant would), and every exercise ends with a reset,
 * so that the next one starts where the guide says. Left out, and said so: what needs another
 * terminal or Docker (the live feed, npm, a second instance, compose), and the matrix, which
 * ExperimentsIT plays. docs/workshop.md's "The curl way" lists the same: keep the two alike.
 */
class WorkshopIT {

    private static final Pattern ELSEWHERE = Pattern.compile(
            "docker |npm |java @|cd examples|curl -sN|localhost:8083|experiments/matrix");
    private static final Pattern REFUSAL = Pattern.compile("\\b4\\d\\d\\b");
    private static final Duration SETTLE = Duration.ofSeconds(30);

    @Test
    void everyExerciseAnswersAsItsCommentsSay() throws Exception {
        BrokerManagementApi.enable();
        Workshop.Script script = Workshop.read(Path.of("../docs/workshop.md"));
        assertThat(script.setup()).as("the curl way's block").isNotEmpty();
        assertThat(script.exercises()).extracting(Workshop.Exercise::title).hasSize(11);
        int promises = 0;
        try (Terminal terminal = new Terminal()) {
            for (Workshop.Command command : script.setup()) {
                play(terminal, "setup", command);
            }
            for (Workshop.Exercise exercise : script.exercises()) {
                List<Workshop.Command> commands = exercise.commands();
                assertThat(commands).as(exercise.title()).isNotEmpty();
                assertThat(commands.get(commands.size() - 1).text()).as("the last line of " + exercise.title())
                        .contains("/api/lab/services/all/reset");
                for (Workshop.Command command : commands) {
                    if (!ELSEWHERE.matcher(command.text()).find()) {
                        promises += play(terminal, exercise.title(), command) ? 1 : 0;
                    }
                }
            }
        }
        assertThat(promises).as("results the comments promise, checked").isGreaterThanOrEqualTo(20);
    }

    /** Runs a command as the guide gives it, against this run's ports; true where its comment promised a result. */
    private static boolean play(Terminal terminal, String exercise, Workshop.Command command) throws Exception {
        String text = command.text().replace("http://localhost:8080", LabProcesses.SCENARIO.baseUrl())
                .replace("http://localhost:8081", LabProcesses.RANGE.baseUrl())
                .replace("http://localhost:8082", LabProcesses.BOARD.baseUrl());
        boolean promised = CommentedResult.promises(command.comment());
        AtomicReference<Terminal.Answer> answer = new AtomicReference<>(terminal.run(text));
        // A read that answers as promised at once needs no second look (most do).
        if (promised && command.isRead() && !CommentedResult.broken(command.comment(), answer.get().output()).isEmpty()) {
            try {
                await().atMost(SETTLE).pollInterval(Duration.ofSeconds(1)).ignoreExceptions().until(() -> {
                    if (CommentedResult.broken(command.comment(), answer.get().output()).isEmpty()) {
                        return true;
                    }
                    answer.set(terminal.run(text));
                    return false;
                });
            } catch (ConditionTimeoutException stillBroken) {
                // the assertion below says what the answer broke
            }
        }
        String where = exercise + ": " + text + "  # " + command.comment() + "\n" + answer.get().output();
        assertThat(answer.get().exitStatus()).as(where).isZero();
        if (!REFUSAL.matcher(command.comment()).find()) {
            assertThat(answer.get().httpStatuses()).as(where).allMatch(status -> status > 0 && status < 400);
        }
        if (promised) {
            assertThat(CommentedResult.broken(command.comment(), answer.get().output())).as(where).isEmpty();
        }
        return promised;
    }
}
