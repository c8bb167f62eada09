package dev.shootingrange.scenario.lab;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.function.BooleanSupplier;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.Problem;
import dev.shootingrange.lab.Lab;
import dev.shootingrange.scenario.domain.Game;
import dev.shootingrange.scenario.domain.GameScenario;
import dev.shootingrange.scenario.domain.Shot;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * The write-ups' stories, one call each. Every run starts a fresh game, switches the protections it
 * names off (or leaves them on), plays the story, puts the lab back as it found it, and reports what
 * it expected, what it saw and what the consistency checker found.
 */
@ApplicationScoped
public class Experiments {

    public record Description(String name, String explanation) {
    }

    /**
     * {@code violations} are those of the rules the story is about; {@code consistency} is the checker's
     * whole verdict, where a story's own injected message (a re-send under a new id) may show too.
     */
    public record Report(String experiment, String gameId, String protections, Map<String, Map<String, Object>> settings,
            String expected, String observed, List<String> violations, Consistency.Verdict consistency) {
    }

    private static final String ONE_OUTCOME = "one-outcome-per-attempt";
    private static final String COUNTED_ONCE = "counted-once";
    private static final String NOTHING_LOST = "nothing-lost";

    public static final List<Description> ALL = List.of(
            new Description("alternative-worlds", "FireAt 42, MoveTarget 1, the same FireAt again: without the range's inbox"
                    + " the copy is judged against the moved target, and one shot is both a Hit and a Missed."),
            new Description("double-count", "The range's Hit is delivered twice: without the leader board's inbox and"
                    + " attemptDedup the hit counts twice."),
            new Description("new-id-same-attempt", "The Hit is sent again under a new messageId: the inbox cannot see it,"
                    + " only the leader board's attemptDedup (business identity) counts it once."),
            new Description("lost-shot", "The range commits its decision and dies before publishing it: without the outbox"
                    + " the outcome is gone; with it, the relay publishes it after the crash."),
            new Description("ghost", "The range publishes its outcome, then its transaction rolls back and the shot is"
                    + " handled again: without the outbox an outcome nobody recorded has already left."),
            new Description("late-duplicate", "A copy of a Hit arrives after the inbox forgot its messageId (retention"
                    + " shortened to 1 s, attemptDedup off): it counts again. The default window keeps it out."),
            new Description("storm", "Shots and moves under random duplicates, delays and crashes on every service: all"
                    + " four rules hold with the protections on; the checker counts what breaks with them off."));

    private static final Duration WAIT = Duration.ofSeconds(15);

    private final LabServices lab;
    private final GameScenario scenario;
    private final ConsistencyResource checker;

    Experiments(LabServices lab, GameScenario scenario, ConsistencyResource checker) {
        this.lab = lab;
        this.scenario = scenario;
        this.checker = checker;
    }

    /** Experiments change the lab of every service, so they run one at a time. */
    public synchronized Report run(String name, boolean protect, long seed, int shots) {
        lab.resetEverywhere();
        try {
            return switch (name) {
                case "alternative-worlds" -> alternativeWorlds(protect);
                case "double-count" -> doubleCount(protect);
                case "new-id-same-attempt" -> newIdSameAttempt(protect);
                case "lost-shot" -> lostShot(protect);
                case "ghost" -> ghost(protect);
                case "late-duplicate" -> lateDuplicate(protect);
                case "storm" -> storm(protect, seed, shots);
                default -> throw new IllegalArgumentException(name);
            };
        } finally {
            lab.resetEverywhere();
        }
    }

    private Report alternativeWorlds(boolean protect) {
        var settings = protect(protect, LabServices.SHOOTING_RANGE, Lab.INBOX);
        String gameId = newGame(42);
        FireAt shot = scenario.fire(gameId, "alice", 42);
        awaitOutcome(shot);
        moveTarget(gameId, 1);
        lab.resend(LabServices.GAME_SCENARIO, shot.messageId(), false);
        awaitCopies(LabServices.SHOOTING_RANGE, gameId, shot.messageId(), 2);
        if (!protect) {
            await("the second outcome", () -> outcomeOf(shot) == Shot.Outcome.CONFLICT);
        }
        return report("alternative-worlds", ONE_OUTCOME, gameId, protect, settings, "HIT; without the inbox: CONFLICT",
                "shot is " + outcomeOf(shot));
    }

    private Report doubleCount(boolean protect) {
        var settings = protect(protect, LabServices.LEADER_BOARD, Lab.INBOX, Lab.ATTEMPT_DEDUP);
        String gameId = newGame(42);
        FireAt shot = scenario.fire(gameId, "alice", 42);
        UUID hit = awaitDecision(gameId, shot);
        awaitHits(gameId, "alice", 1);
        lab.resend(LabServices.SHOOTING_RANGE, hit, false);
        awaitCopies(LabServices.LEADER_BOARD, gameId, hit, 2);
        return report("double-count", COUNTED_ONCE, gameId, protect, settings, "1 hit; without inbox and attemptDedup: 2",
                "alice has " + hits(gameId, "alice") + " hits");
    }

    private Report newIdSameAttempt(boolean protect) {
        var settings = protect(protect, LabServices.LEADER_BOARD, Lab.ATTEMPT_DEDUP);
        String gameId = newGame(42);
        FireAt shot = scenario.fire(gameId, "alice", 42);
        UUID hit = awaitDecision(gameId, shot);
        awaitHits(gameId, "alice", 1);
        UUID copy = lab.resend(LabServices.SHOOTING_RANGE, hit, true);
        awaitCopies(LabServices.LEADER_BOARD, gameId, copy, 1);
        return report("new-id-same-attempt", COUNTED_ONCE, gameId, protect, settings, "1 hit; without attemptDedup: 2",
                "alice has " + hits(gameId, "alice") + " hits");
    }

    private Report lostShot(boolean protect) {
        var settings = protect(protect, LabServices.SHOOTING_RANGE, Lab.OUTBOX);
        lab.arm(LabServices.SHOOTING_RANGE, "after-commit-before-publish", "Hit");
        String gameId = newGame(42);
        FireAt shot = scenario.fire(gameId, "alice", 42);
        awaitDecision(gameId, shot);
        if (protect) {
            awaitOutcome(shot);
        } else {
            pause(Duration.ofSeconds(3));
        }
        return report("lost-shot", NOTHING_LOST, gameId, protect, settings, "HIT; without the outbox: PENDING for ever",
                "shot is " + outcomeOf(shot), Duration.ofSeconds(protect ? 5 : 2));
    }

    private Report ghost(boolean protect) {
        var settings = protect(protect, LabServices.SHOOTING_RANGE, Lab.OUTBOX);
        lab.arm(LabServices.SHOOTING_RANGE, "rollback-after-send", "Hit");
        String gameId = newGame(42);
        FireAt shot = scenario.fire(gameId, "alice", 42);
        awaitDecision(gameId, shot);
        awaitOutcome(shot);
        if (!protect) {
            await("the ghost and the real outcome", () -> outcomeCopies(gameId) >= 2);
        }
        return report("ghost", ONE_OUTCOME, gameId, protect, settings, "one outcome; without the outbox: a ghost and a second outcome",
                outcomeCopies(gameId) + " outcome message(s) reached the scenario, the range recorded "
                        + lab.get(LabServices.SHOOTING_RANGE, "/api/ranges/" + gameId).path("outcomes").size());
    }

    private Report lateDuplicate(boolean protect) {
        var settings = protect(true, LabServices.LEADER_BOARD, Lab.INBOX);
        lab.protect(LabServices.LEADER_BOARD, Map.of(Lab.ATTEMPT_DEDUP, false));
        settings.get(LabServices.LEADER_BOARD).put(Lab.ATTEMPT_DEDUP, false);
        if (!protect) {
            lab.chaos(LabServices.LEADER_BOARD, Map.of("inboxRetentionSeconds", 1));
            settings.get(LabServices.LEADER_BOARD).put("inboxRetentionSeconds", 1);
        }
        String gameId = newGame(42);
        FireAt shot = scenario.fire(gameId, "alice", 42);
        UUID hit = awaitDecision(gameId, shot);
        awaitHits(gameId, "alice", 1);
        pause(Duration.ofMillis(2500));
        lab.resend(LabServices.SHOOTING_RANGE, hit, false);
        awaitCopies(LabServices.LEADER_BOARD, gameId, hit, 2);
        return report("late-duplicate", COUNTED_ONCE, gameId, protect, settings, "1 hit; with a 1 s duplicate-detection window: 2",
                "alice has " + hits(gameId, "alice") + " hits");
    }

    private Report storm(boolean protect, long seed, int shots) {
        Map<String, Map<String, Object>> settings = new LinkedHashMap<>();
        for (String service : LabServices.ALL) {
            Map<String, Object> protections = new LinkedHashMap<>();
            lab.lab(service).path("protections").fieldNames().forEachRemaining(name -> protections.put(name, protect));
            lab.protect(service, protections);
            Map<String, Object> chaos = Map.of("duplicateRate", 0.3, "delayRate", 0.2, "maxDelayMs", 400,
                    "crashAfterPublishRate", 0.1, "crashBeforeAckRate", 0.1, "crashBeforePublishRate", 0.05,
                    "seed", seed + service.hashCode());
            lab.chaos(service, chaos);
            Map<String, Object> all = new LinkedHashMap<>(protections);
            all.putAll(chaos);
            settings.put(service, all);
        }
        String gameId = newGame(42);
        Random random = new Random(seed);
        for (int i = 0; i < shots; i++) {
            if (i % 5 == 4) {
                scenario.moveTarget(gameId, random.nextInt(100));
            }
            scenario.fire(gameId, "player-" + (i % 3), random.nextBoolean() ? 42 : random.nextInt(100));
        }
        awaitQuiet(gameId);
        for (String service : LabServices.ALL) {
            lab.chaos(service, Map.of("duplicateRate", 0, "delayRate", 0, "crashAfterPublishRate", 0,
                    "crashBeforeAckRate", 0, "crashBeforePublishRate", 0));
        }
        Consistency.Verdict verdict = checker.judge(gameId, Duration.ofSeconds(3));
        long broken = verdict.rules().stream().filter(rule -> rule.status() != Consistency.Status.OK).count();
        return report("storm", null, gameId, protect, settings, "all four rules hold with the protections on",
                shots + " shots under chaos: " + (broken == 0 ? "all four rules hold" : broken + " rule(s) broken"),
                Duration.ofSeconds(3));
    }

    /** A played game as steps that can be played again: the first step is the target's start. */
    public record Scenario(Integer targetPosition, List<Step> steps, Map<String, JsonNode> lab) {
    }

    /** One step: a shot ({@code player} and {@code position}) or a move ({@code move} is the new position). */
    public record Step(String player, Integer position, Integer move) {
    }

    public record Replay(String gameId, String replayOf, List<String> outcomes, Consistency.Verdict consistency) {
    }

    /** The game's commands as they went out, with each service's protections and chaos as they are now. */
    public Scenario export(String gameId) {
        scenario.requireGame(gameId);
        List<Step> steps = new java.util.ArrayList<>();
        Integer start = null;
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (JsonNode entry : lab.history(LabServices.GAME_SCENARIO, gameId).path("entries")) {
            if (!entry.path("direction").asText().equals("OUT") || !seen.add(entry.path("messageId").asText())) {
                continue;
            }
            JsonNode body = readTree(entry.path("body").asText());
            if (entry.path("type").asText().equals("MoveTarget")) {
                if (start == null) {
                    start = body.path("position").asInt();
                } else {
                    steps.add(new Step(null, null, body.path("position").asInt()));
                }
            } else if (entry.path("type").asText().equals("FireAt")) {
                steps.add(new Step(body.path("player").asText(), body.path("position").asInt(), null));
            }
        }
        Map<String, JsonNode> settings = new LinkedHashMap<>();
        for (String service : LabServices.ALL) {
            JsonNode state = lab.lab(service);
            var chaos = (com.fasterxml.jackson.databind.node.ObjectNode) state.path("chaos").deepCopy();
            chaos.remove(List.of("faults", "holds"));
            settings.put(service, lab.json().createObjectNode().<com.fasterxml.jackson.databind.node.ObjectNode> set(
                    "protections", state.path("protections")).set("chaos", chaos));
        }
        return new Scenario(start == null ? 42 : start, steps, settings);
    }

    /**
     * Plays a scenario on a fresh game, under its lab settings (put back afterwards), one step after
     * the other: each move lands at the range before the next shot, so outcomes come out the same.
     */
    public synchronized Replay replay(Scenario recorded, String replayOf) {
        if (recorded == null || recorded.steps() == null) {
            throw Problem.badRequest("a scenario needs steps");
        }
        lab.resetEverywhere();
        try {
            if (recorded.lab() != null) {
                recorded.lab().forEach((service, settings) -> {
                    lab.protect(service, lab.json().convertValue(settings.path("protections"), Map.class));
                    lab.chaos(service, lab.json().convertValue(settings.path("chaos"), Map.class));
                });
            }
            String gameId = newGame(recorded.targetPosition() == null ? 42 : recorded.targetPosition());
            List<FireAt> shots = new java.util.ArrayList<>();
            for (Step step : recorded.steps()) {
                if (step.move() != null) {
                    moveTarget(gameId, step.move());
                } else {
                    shots.add(scenario.fire(gameId, step.player(), step.position()));
                    awaitDecision(gameId, shots.get(shots.size() - 1));
                }
            }
            awaitQuiet(gameId);
            List<String> outcomes = shots.stream().map(shot -> outcomeOf(shot).name()).toList();
            return new Replay(gameId, replayOf, outcomes, checker.judge(gameId, Duration.ofSeconds(3)));
        } finally {
            lab.resetEverywhere();
        }
    }

    private JsonNode readTree(String json) {
        try {
            return lab.json().readTree(json);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private Map<String, Map<String, Object>> protect(boolean on, String service, String... protections) {
        Map<String, Object> changes = new LinkedHashMap<>();
        for (String protection : protections) {
            changes.put(protection, on);
        }
        lab.protect(service, changes);
        Map<String, Map<String, Object>> settings = new LinkedHashMap<>();
        settings.put(service, changes);
        return settings;
    }

    private Report report(String name, String rule, String gameId, boolean protect,
            Map<String, Map<String, Object>> settings, String expected, String observed) {
        return report(name, rule, gameId, protect, settings, expected, observed, Duration.ofSeconds(5));
    }

    /** @param rule the rule the story is about; null for all four */
    private Report report(String name, String rule, String gameId, boolean protect,
            Map<String, Map<String, Object>> settings, String expected, String observed, Duration settle) {
        Consistency.Verdict verdict = checker.judge(gameId, settle);
        List<String> violations = verdict.rules().stream()
                .filter(judged -> rule == null || judged.rule().equals(rule))
                .flatMap(judged -> judged.violations().stream().map(v -> judged.rule() + ": " + v))
                .toList();
        return new Report(name, gameId, protect ? "on" : "off", settings, expected, observed, violations, verdict);
    }

    private String newGame(int targetPosition) {
        String gameId = scenario.createGame(targetPosition).gameId;
        awaitTarget(gameId, targetPosition);
        return gameId;
    }

    private void moveTarget(String gameId, int position) {
        scenario.moveTarget(gameId, position);
        awaitTarget(gameId, position);
    }

    private void awaitTarget(String gameId, int position) {
        await("the range's target at " + position, () -> lab.get(LabServices.SHOOTING_RANGE, "/api/ranges/" + gameId)
                .path("targetPosition").asInt(-1) == position);
    }

    /** Waits until the range has decided the shot; returns the messageId of its (first) outcome. */
    private UUID awaitDecision(String gameId, FireAt shot) {
        await("the range's decision", () -> decisionOf(gameId, shot) != null);
        return decisionOf(gameId, shot);
    }

    private UUID decisionOf(String gameId, FireAt shot) {
        for (JsonNode outcome : lab.get(LabServices.SHOOTING_RANGE, "/api/ranges/" + gameId).path("outcomes")) {
            if (outcome.path("attemptId").asText().equals(shot.attemptId().toString())) {
                return UUID.fromString(outcome.path("messageId").asText());
            }
        }
        return null;
    }

    private void awaitOutcome(FireAt shot) {
        await("the shot's outcome", () -> outcomeOf(shot) != Shot.Outcome.PENDING);
    }

    private Shot.Outcome outcomeOf(FireAt shot) {
        return QuarkusTransaction.requiringNew().call(() -> Shot.<Shot>findById(shot.attemptId()).outcome());
    }

    private long outcomeCopies(String gameId) {
        return count(lab.history(LabServices.GAME_SCENARIO, gameId), entry -> entry.path("direction").asText().equals("IN")
                && !entry.path("disposition").asText().equals("DEAD_LETTERED"));
    }

    /** Waits until a service has received {@code copies} copies of a message. */
    private void awaitCopies(String service, String gameId, UUID messageId, int copies) {
        await(copies + " copies of " + messageId + " at " + service, () -> count(lab.history(service, gameId),
                entry -> entry.path("direction").asText().equals("IN")
                        && entry.path("messageId").asText().equals(messageId.toString())
                        && !entry.path("disposition").asText().equals("RETRIED")) >= copies);
    }

    private void awaitHits(String gameId, String player, int hits) {
        await(player + "'s hits", () -> hits(gameId, player) >= hits);
    }

    private int hits(String gameId, String player) {
        for (JsonNode score : lab.get(LabServices.LEADER_BOARD, "/api/leaderboard/" + gameId).path("players")) {
            if (score.path("player").asText().equals(player)) {
                return score.path("hits").asInt();
            }
        }
        return 0;
    }

    /** Waits until no shot is pending and the history has stopped growing for a second. */
    private void awaitQuiet(String gameId) {
        Instant deadline = Instant.now().plus(WAIT);
        int seen = -1;
        while (Instant.now().isBefore(deadline)) {
            int now = lab.history(LabServices.GAME_SCENARIO, gameId).path("entries").size()
                    + lab.history(LabServices.LEADER_BOARD, gameId).path("entries").size();
            boolean pending = QuarkusTransaction.requiringNew().call(() -> Shot.ofGame(gameId).stream()
                    .anyMatch(shot -> shot.outcome() == Shot.Outcome.PENDING));
            if (now == seen && !pending) {
                return;
            }
            seen = now;
            pause(Duration.ofSeconds(1));
        }
    }

    private static long count(JsonNode history, java.util.function.Predicate<JsonNode> filter) {
        long count = 0;
        for (JsonNode entry : history.path("entries")) {
            if (filter.test(entry)) {
                count++;
            }
        }
        return count;
    }

    private static void await(String what, BooleanSupplier condition) {
        Instant deadline = Instant.now().plus(WAIT);
        while (!condition.getAsBoolean()) {
            if (Instant.now().isAfter(deadline)) {
                throw new Problem(jakarta.ws.rs.core.Response.Status.GATEWAY_TIMEOUT,
                        "the experiment waited " + WAIT.toSeconds() + " s for " + what + " in vain; are all three services up?");
            }
            pause(Duration.ofMillis(50));
        }
    }

    private static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
