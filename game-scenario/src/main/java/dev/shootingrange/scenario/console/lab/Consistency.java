package dev.shootingrange.scenario.console.lab;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.shootingrange.scenario.console.lab.Evidence.Copy;
import dev.shootingrange.scenario.console.lab.Evidence.Decided;
import dev.shootingrange.scenario.console.lab.Evidence.Score;
import dev.shootingrange.scenario.console.lab.Evidence.Shot;
import dev.shootingrange.scenario.console.lab.Verdict.Rule;
import dev.shootingrange.scenario.console.lab.Verdict.Status;

/**
 * The contract's four rules of consistency, judged for one game from what each service reports and
 * from every copy of every outcome that crossed the wire. Pure: the facts come in ({@link Evidence}),
 * the verdict goes out ({@link Verdict}). An outcome the scenario's own table shows handled is an
 * outcome that crossed the wire, its copy in the history or not (lost with a process that stopped
 * before writing it): rules 2 and 3 count it, and the verdict names it missing (decision 31).
 */
public final class Consistency {

    private Consistency() {
    }

    /** @param settle how long a shot may wait for its outcome before it counts as lost */
    public static Verdict judge(String gameId, List<Shot> shots, List<Copy> wire, List<Decided> decided,
            Map<String, Score> board, Instant now, Duration settle) {
        List<Rule> rules = List.of(
                oneOutcomePerAttempt(wire, decided),
                countedOnce(shots, wire, board),
                nothingLost(shots, wire, now, settle),
                sameCopyOnRedelivery(wire));
        List<String> missing = missingFromHistory(shots, wire);
        return new Verdict(gameId, rules.stream().allMatch(rule -> rule.status() == Status.OK), rules, missing.isEmpty(),
                missing);
    }

    /** Each outcome the scenario handled, as its table says, of which the history holds no copy. */
    static List<String> missingFromHistory(List<Shot> shots, List<Copy> wire) {
        Set<String> recorded = wire.stream().map(copy -> copy.attemptId() + " " + copy.type()).collect(Collectors.toSet());
        return shots.stream().flatMap(shot -> shot.handled().stream().sorted()
                .filter(type -> !recorded.contains(shot.attemptId() + " " + type))
                .map(type -> "attempt " + shot.attemptId() + " of " + shot.player() + ": its " + type
                        + " was handled here (the shot records it), the history has no copy of it"))
                .toList();
    }

    static Rule oneOutcomePerAttempt(List<Copy> wire, List<Decided> decided) {
        List<String> violations = new ArrayList<>();
        Map<UUID, List<Copy>> byAttempt = wire.stream()
                .collect(Collectors.groupingBy(Copy::attemptId, LinkedHashMap::new, Collectors.toList()));
        byAttempt.forEach((attemptId, copies) -> {
            Set<String> types = copies.stream().map(Copy::type).collect(Collectors.toCollection(LinkedHashSet::new));
            if (types.size() > 1) {
                violations.add("attempt " + attemptId + " got both a Hit and a Missed: " + describe(copies));
            }
        });
        Set<UUID> stoodBy = decided.stream().map(Decided::messageId).collect(Collectors.toSet());
        wire.stream().filter(copy -> !stoodBy.contains(copy.messageId())).map(Copy::messageId).distinct()
                .forEach(ghost -> violations.add("ghost: outcome " + ghost + " crossed the wire, the range has no record of it"));
        return rule("one-outcome-per-attempt", "no attempt ever has both a Hit and a Missed", violations);
    }

    static Rule countedOnce(List<Shot> shots, List<Copy> wire, Map<String, Score> board) {
        Map<String, Set<UUID>> attempts = new LinkedHashMap<>();
        Map<String, Set<UUID>> hits = new LinkedHashMap<>();
        for (Copy copy : wire) {
            count(attempts, hits, copy.player(), copy.attemptId(), copy.type().equals("Hit"));
        }
        for (Shot shot : shots) {
            if (!shot.handled().isEmpty()) {
                count(attempts, hits, shot.player(), shot.attemptId(), shot.handled().contains("Hit"));
            }
        }
        List<String> violations = new ArrayList<>();
        Set<String> players = new LinkedHashSet<>(attempts.keySet());
        players.addAll(board.keySet());
        for (String player : players) {
            Score expected = new Score(attempts.getOrDefault(player, Set.of()).size(), hits.getOrDefault(player, Set.of()).size());
            Score counted = board.getOrDefault(player, new Score(0, 0));
            if (!expected.equals(counted)) {
                violations.add(player + ": leader board counts " + counted.shots() + " shots and " + counted.hits()
                        + " hits; distinct attempts are " + expected.shots() + " with an outcome and " + expected.hits() + " with a Hit");
            }
        }
        return rule("counted-once", "leader-board hits and shots equal the distinct attempts with a Hit and with an outcome",
                violations);
    }

    private static void count(Map<String, Set<UUID>> attempts, Map<String, Set<UUID>> hits, String player, UUID attemptId,
            boolean hit) {
        attempts.computeIfAbsent(player, p -> new LinkedHashSet<>()).add(attemptId);
        if (hit) {
            hits.computeIfAbsent(player, p -> new LinkedHashSet<>()).add(attemptId);
        }
    }

    static Rule nothingLost(List<Shot> shots, List<Copy> wire, Instant now, Duration settle) {
        // Answered: a copy in the history, or an outcome the shot's own row shows handled.
        Set<UUID> answered = Stream.concat(wire.stream().map(Copy::attemptId),
                shots.stream().filter(shot -> !shot.handled().isEmpty()).map(Shot::attemptId)).collect(Collectors.toSet());
        List<String> lost = new ArrayList<>();
        boolean waiting = false;
        for (Shot shot : shots) {
            if (!answered.contains(shot.attemptId())) {
                if (shot.firedAt().plus(settle).isAfter(now)) {
                    waiting = true;
                } else {
                    lost.add("attempt " + shot.attemptId() + " of " + shot.player() + " has no outcome after " + settle.toSeconds() + " s");
                }
            }
        }
        Rule rule = rule("nothing-lost", "every accepted shot gets an outcome", lost);
        return waiting && lost.isEmpty() ? new Rule(rule.rule(), Status.PENDING, rule.meaning(), lost) : rule;
    }

    /**
     * The write-up's "no message, or an exact copy of the first": one answer per attempt, and all its
     * copies alike. A shot answered again under a new messageId (a Hit twice) is not a conflict, but it
     * is not a copy either: a consumer that deduplicates by messageId takes it for a second shot.
     */
    static Rule sameCopyOnRedelivery(List<Copy> wire) {
        List<String> violations = new ArrayList<>();
        wire.stream().collect(Collectors.groupingBy(Copy::attemptId, LinkedHashMap::new, Collectors.toList()))
                .forEach((attemptId, copies) -> {
                    Set<String> types = copies.stream().map(Copy::type).collect(Collectors.toSet());
                    long messages = copies.stream().map(Copy::messageId).distinct().count();
                    if (types.size() == 1 && messages > 1) {
                        violations.add("attempt " + attemptId + " was answered by " + messages + " different messages: "
                                + describe(copies));
                    }
                });
        wire.stream().collect(Collectors.groupingBy(Copy::messageId, LinkedHashMap::new, Collectors.toList()))
                .forEach((messageId, copies) -> {
                    if (copies.stream().map(Copy::body).distinct().count() > 1) {
                        violations.add("message " + messageId + " arrived in " + copies.size() + " copies that differ");
                    }
                });
        return rule("same-copy-on-redelivery", "every answer to a shot is one message: its copies carry the same messageId and body",
                violations);
    }

    private static Rule rule(String name, String meaning, List<String> violations) {
        return new Rule(name, violations.isEmpty() ? Status.OK : Status.VIOLATED, meaning, violations);
    }

    private static String describe(List<Copy> copies) {
        return copies.stream().map(copy -> copy.type() + " " + copy.messageId()).distinct().collect(Collectors.joining(", "));
    }
}
