package dev.shootingrange.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.restassured.path.json.JsonPath;

/**
 * What a comment in docs/workshop.md promises a command answers, in the forms the guide writes them:
 * a player's shots and hits ({@code alice: 3 shots, 3 hits}, {@code bob: 2 hits}, {@code 1 hit}), a
 * shot's outcome ({@code the shot is CONFLICT}, {@code HIT, not CONFLICT}), a rule of the verdict
 * ({@code rule 4 red}, {@code rule 3 VIOLATED}), the dispositions in a history ({@code HANDLED},
 * {@code DUPLICATE}, {@code HANDLED twice}), the answers in a range's view ({@code 2 answers}: its
 * outcomes, one per answer message). Other comments are explanation and promise nothing.
 */
final class CommentedResult {

    private static final Pattern SHOTS_AND_HITS = Pattern.compile("(\\w+): (\\d+) shots?, (\\d+) hits?");
    private static final Pattern HITS = Pattern.compile("(?:(\\w+): )?(\\d+) hits?\\b");
    private static final Pattern OUTCOME = Pattern.compile("(not )?\\b(HIT|MISSED|CONFLICT|PENDING)\\b");
    private static final Pattern RULE = Pattern.compile("rule (\\d) (?:VIOLATED|red)");
    private static final Pattern DISPOSITION = Pattern.compile("\\b(HANDLED|DUPLICATE)\\b( twice)?");
    private static final Pattern ANSWERS = Pattern.compile("\\b(\\d+) answers?\\b");
    private static final Pattern RANGE_OUTCOME = Pattern.compile(
            "\\{\"attemptId\":\"[^\"]+\",\"outcome\":\"(?:HIT|MISSED)\",\"messageId\":\"[^\"]+\"\\}");

    private CommentedResult() {
    }

    /** Each promise of the comment the output does not keep, said; empty where it keeps them all. */
    static List<String> broken(String comment, String output) {
        List<String> broken = new ArrayList<>();
        Matcher scores = SHOTS_AND_HITS.matcher(comment);
        if (scores.find()) {
            check(broken, player(output, scores.group(1)).filter(score -> score[0] == Integer.parseInt(scores.group(2))
                    && score[1] == Integer.parseInt(scores.group(3))).isPresent(), scores.group());
        } else {
            Matcher hits = HITS.matcher(comment);
            if (hits.find()) {
                String player = hits.group(1);
                int expected = Integer.parseInt(hits.group(2));
                check(broken, player == null ? output.contains("\"hits\":" + expected)
                        : player(output, player).filter(score -> score[1] == expected).isPresent(), hits.group());
            }
        }
        Matcher rule = RULE.matcher(comment);
        if (rule.find()) {
            JsonPath verdict = JsonPath.from(output);
            check(broken, "VIOLATED".equals(verdict.getString("rules[" + (Integer.parseInt(rule.group(1)) - 1) + "].status")),
                    rule.group());
        }
        if (!comment.contains("history") && !output.contains("\"disposition\"")) {
            Matcher outcome = OUTCOME.matcher(comment);
            while (outcome.find()) {
                boolean present = output.contains("\"outcome\":\"" + outcome.group(2) + "\"");
                check(broken, outcome.group(1) == null ? present : !present, outcome.group());
            }
        }
        Matcher answers = ANSWERS.matcher(comment);
        if (answers.find()) {
            check(broken, RANGE_OUTCOME.matcher(output).results().count() == Integer.parseInt(answers.group(1)), answers.group());
        }
        Matcher disposition = DISPOSITION.matcher(comment);
        while (disposition.find()) {
            int times = output.split("\"disposition\":\"" + disposition.group(1) + "\"", -1).length - 1;
            check(broken, times >= (disposition.group(2) == null ? 1 : 2), disposition.group());
        }
        return broken;
    }

    /** Whether the comment promises anything this class can check. */
    static boolean promises(String comment) {
        return SHOTS_AND_HITS.matcher(comment).find() || HITS.matcher(comment).find() || OUTCOME.matcher(comment).find()
                || RULE.matcher(comment).find() || DISPOSITION.matcher(comment).find() || ANSWERS.matcher(comment).find();
    }

    /** A player's {shots, hits} in a leader board's answer. */
    private static Optional<int[]> player(String output, String player) {
        Matcher score = Pattern.compile("\\{\"player\":\"" + Pattern.quote(player) + "\",\"shots\":(\\d+),\"hits\":(\\d+)\\}")
                .matcher(output);
        return score.find() ? Optional.of(new int[] { Integer.parseInt(score.group(1)), Integer.parseInt(score.group(2)) })
                : Optional.empty();
    }

    private static void check(List<String> broken, boolean kept, String promise) {
        if (!kept) {
            broken.add(promise);
        }
    }
}
