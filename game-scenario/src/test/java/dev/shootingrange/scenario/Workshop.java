package dev.shootingrange.scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * docs/workshop.md read as a script: its numbered exercises, each the commands of its {@code sh}
 * blocks in order, a command being a line (or a loop, or lines joined by a backslash) with the result
 * its comment promises, if any.
 */
final class Workshop {

    /** A command and the comment beside it ("" where there is none). */
    record Command(String text, String comment) {

        /** Whether running it again changes nothing: a read, which may be asked again until it answers. */
        boolean isRead() {
            return !text.contains("-XPOST") && !text.contains("-XPUT") && !text.contains("-XDELETE") && !text.contains("=$(");
        }
    }

    record Exercise(String title, List<Command> commands) {
    }

    /** What the curl way pastes once per terminal: the addresses and the helpers every block uses. */
    record Script(List<Command> setup, List<Exercise> exercises) {
    }

    private static final Pattern EXERCISE = Pattern.compile("^## (\\d+)\\. (.*)");
    private static final Pattern COMMENT = Pattern.compile("\\s{2,}#\\s?(.*)$");

    private Workshop() {
    }

    static Script read(Path doc) throws IOException {
        List<Command> setup = new ArrayList<>();
        List<Exercise> exercises = new ArrayList<>();
        List<Command> current = null;
        boolean inCurlWay = false;
        boolean inBlock = false;
        StringBuilder unit = new StringBuilder();
        StringBuilder comments = new StringBuilder();
        int depth = 0;
        for (String line : Files.readAllLines(doc)) {
            if (!inBlock && line.startsWith("## ")) {
                Matcher exercise = EXERCISE.matcher(line);
                inCurlWay = line.startsWith("## The `curl` way");
                current = null;
                if (exercise.matches()) {
                    current = new ArrayList<>();
                    exercises.add(new Exercise(exercise.group(1) + ". " + exercise.group(2), current));
                }
            } else if (line.startsWith("```sh")) {
                inBlock = true;
            } else if (inBlock && line.startsWith("```")) {
                inBlock = false;
                inCurlWay = false; // its first block only: the next ones name a $GAME of the reader's
            } else if (inBlock && (current != null || inCurlWay)) {
                Matcher comment = COMMENT.matcher(line);
                String code = line;
                if (comment.find()) {
                    code = line.substring(0, comment.start());
                    comments.append(comments.isEmpty() ? "" : "; ").append(comment.group(1).strip());
                }
                unit.append(unit.isEmpty() ? "" : "\n").append(code.stripTrailing());
                depth += count(code, "; do\\b|^\\s*do\\b") - count(code, "\\bdone\\b");
                if (depth == 0 && !code.stripTrailing().endsWith("\\")) {
                    Command command = new Command(unit.toString(), comments.toString());
                    (current != null ? current : setup).add(command);
                    unit.setLength(0);
                    comments.setLength(0);
                }
            }
        }
        return new Script(setup, exercises);
    }

    private static int count(String code, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(code);
        int found = 0;
        while (matcher.find()) {
            found++;
        }
        return found;
    }
}
