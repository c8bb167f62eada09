package dev.shootingrange.scenario.lab.experiments;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.Problem;
import dev.shootingrange.lab.Lab;
import dev.shootingrange.lab.LabApi;
import dev.shootingrange.scenario.domain.GameScenario;
import dev.shootingrange.scenario.domain.Shot;
import dev.shootingrange.scenario.lab.Consistency;
import dev.shootingrange.scenario.lab.ConsistencyChecker;
import dev.shootingrange.scenario.services.Services;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * The moves the stories are made of: start a game, fire, switch a protection, wait for a copy to
 * arrive somewhere, and report what the checker found. Every wait has a deadline.
 */
@ApplicationScoped
public class Playbook {

    static final String ONE_OUTCOME = "one-outcome-per-attempt";
    static final String COUNTED_ONCE = "counted-once";
    static final String NOTHING_LOST = "nothing-lost";
    static final String SAME_COPY = "same-copy-on-redelivery";

    private static final Duration WAIT = Duration.ofSeconds(15);

    /** The protections a strategy decides; in a strategy's run, a story's switches leave them alone. */
    private static final Set<String> STRATEGY_PROTECTIONS = Set.of(Lab.INBOX, Lab.ATTEMPT_DEDUP);

    private final Services services;
    private final GameScenario scenario;
    private final ConsistencyChecker checker;
    /** The strategy of the run being played, or null; runs take turns ({@link Experiments}). */
    private volatile String strategy;
    /** The services that run it. */
    private volatile List<String> underStrategy = List.of();

    Playbook(Services services, GameScenario scenario, ConsistencyChecker checker) {
        this.services = services;
        this.scenario = scenario;
        this.checker = checker;
    }

    GameScenario scenario() {
        return scenario;
    }

    Services services() {
        return services;
    }

    LabApi lab(String service) {
        return services.lab(service);
    }

    /** Plays the next run under this strategy (null: none), switched on every service that has strategies. */
    void useStrategy(String name) {
        strategy = name;
        underStrategy = name == null ? List.of() : services.useStrategyEverywhere(new LabApi.StrategyRequest(name));
    }

    /**
     * Switches these protections of a service on or off; returns the settings, for the report. In a
     * strategy's run the strategy's own protections stay as it set them, and the others stay on: only
     * the story's fault is injected.
     */
    Map<String, Map<String, Object>> protect(boolean on, String service, String... protections) {
        Map<String, Object> changes = new LinkedHashMap<>();
        for (String protection : protections) {
            if (strategy == null) {
                changes.put(protection, on);
            } else if (!STRATEGY_PROTECTIONS.contains(protection)) {
                changes.put(protection, true);
            }
        }
        if (!changes.isEmpty()) {
            lab(service).protections(changes);
        }
        Map<String, Map<String, Object>> settings = new LinkedHashMap<>();
        settings.put(service, changes);
        if (underStrategy.contains(service)) {
            changes.put("strategy", strategy);
        }
        return settings;
    }

    /**
     * Waits for what a story's fault leads to where nothing protects against it. In a strategy's run
     * the strategy may well prevent it: then waiting until the game is quiet is enough.
     */
    void awaitEffect(String gameId, String what, BooleanSupplier condition) {
        if (strategy == null) {
            await(what, condition);
        } else {
            awaitQuiet(gameId, condition);
        }
    }

    /** Publishes a message a service sent again: the same copy, or the same content under a new id. */
    UUID resend(String service, UUID messageId, boolean newMessageId) {
        return lab(service).resend(messageId, new LabApi.ResendRequest(newMessageId)).get("messageId");
    }

    /** A game whose target the range already knows. */
    String newGame(int targetPosition) {
        String gameId = scenario.createGame(targetPosition).gameId;
        awaitTarget(gameId, targetPosition);
        return gameId;
    }

    FireAt fire(String gameId, String player, int position) {
        return scenario.fire(gameId, player, position);
    }

    void moveTarget(String gameId, int position) {
        scenario.moveTarget(gameId, position);
        awaitTarget(gameId, position);
    }

    private void awaitTarget(String gameId, int position) {
        await("the range's target at " + position,
                () -> Integer.valueOf(position).equals(services.range().range(gameId).targetPosition()));
    }

    /** Waits until the range has decided the shot; returns the messageId of its (first) outcome. */
    UUID awaitDecision(String gameId, FireAt shot) {
        UUID[] decision = new UUID[1];
        await("the range's decision", () -> (decision[0] = decisionOf(gameId, shot)) != null);
        return decision[0];
    }

    private UUID decisionOf(String gameId, FireAt shot) {
        return services.range().range(gameId).outcomes().stream()
                .filter(outcome -> outcome.attemptId().equals(shot.attemptId()))
                .map(outcome -> outcome.messageId()).findFirst().orElse(null);
    }

    void awaitOutcome(FireAt shot) {
        await("the shot's outcome", () -> outcomeOf(shot) != Shot.Outcome.PENDING);
    }

    Shot.Outcome outcomeOf(FireAt shot) {
        return QuarkusTransaction.requiringNew().call(() -> Shot.<Shot>findById(shot.attemptId()).outcome());
    }

    /** Outcome messages the scenario received for the game, dropped duplicates included. */
    long outcomeCopies(String gameId) {
        return received(Services.GAME_SCENARIO, gameId, entry -> !entry.disposition().equals("DEAD_LETTERED"));
    }

    /** Waits until a service has received {@code copies} copies of a message. */
    void awaitCopies(String service, String gameId, UUID messageId, int copies) {
        await(copies + " copies of " + messageId + " at " + service, () -> received(service, gameId,
                entry -> messageId.equals(entry.messageId()) && !entry.disposition().equals("RETRIED")) >= copies);
    }

    long received(String service, String gameId, Predicate<LabApi.HistoryEntry> filter) {
        return history(service, gameId).stream().filter(entry -> entry.direction().equals("IN")).filter(filter).count();
    }

    List<LabApi.HistoryEntry> history(String service, String gameId) {
        return lab(service).history(gameId, 0, 0, 1000).entries();
    }

    void awaitHits(String gameId, String player, int hits) {
        await(player + "'s hits", () -> hits(gameId, player) >= hits);
    }

    int hits(String gameId, String player) {
        return services.leaderBoard().hits(gameId, player);
    }

    /** Waits until no shot is pending and the history has stopped growing for a second. */
    void awaitQuiet(String gameId) {
        awaitQuiet(gameId, () -> false);
    }

    /** Waits until the game is quiet, or sooner where {@code done} holds. */
    private void awaitQuiet(String gameId, BooleanSupplier done) {
        Instant deadline = Instant.now().plus(WAIT);
        int seen = -1;
        while (Instant.now().isBefore(deadline) && !done.getAsBoolean()) {
            int now = history(Services.GAME_SCENARIO, gameId).size() + history(Services.LEADER_BOARD, gameId).size();
            boolean pending = QuarkusTransaction.requiringNew().call(() -> Shot.ofGame(gameId).stream()
                    .anyMatch(shot -> shot.outcome() == Shot.Outcome.PENDING));
            if (now == seen && !pending) {
                return;
            }
            seen = now;
            pause(Duration.ofSeconds(1));
        }
    }

    /** The checker's verdict, on an incomplete history where any service's history of the game may have a hole. */
    Consistency.Verdict judge(String gameId, Duration settle) {
        Consistency.Verdict verdict = checker.judge(gameId, settle);
        boolean complete = List.of(Services.SHOOTING_RANGE, Services.LEADER_BOARD).stream()
                .allMatch(service -> lab(service).history(gameId, 0, 0, 1).historyComplete());
        return verdict.withHistoryComplete(complete);
    }

    Experiment.Report report(String name, String rule, String gameId, boolean protect,
            Map<String, Map<String, Object>> settings, String expected, String observed) {
        return report(name, rule, gameId, protect, settings, expected, observed, Duration.ofSeconds(5));
    }

    /** @param rule the rule the story is about; null for all four */
    Experiment.Report report(String name, String rule, String gameId, boolean protect,
            Map<String, Map<String, Object>> settings, String expected, String observed, Duration settle) {
        Consistency.Verdict verdict = judge(gameId, settle);
        List<String> violations = verdict.rules().stream()
                .filter(judged -> rule == null || judged.rule().equals(rule))
                .flatMap(judged -> judged.violations().stream().map(v -> judged.rule() + ": " + v))
                .toList();
        return new Experiment.Report(name, gameId, protect ? "on" : "off", settings, expected, observed, violations, verdict,
                rule, strategy);
    }

    static void await(String what, BooleanSupplier condition) {
        Instant deadline = Instant.now().plus(WAIT);
        while (!condition.getAsBoolean()) {
            if (Instant.now().isAfter(deadline)) {
                throw new Problem(Response.Status.GATEWAY_TIMEOUT,
                        "the experiment waited " + WAIT.toSeconds() + " s for " + what + " in vain; are all three services up?");
            }
            pause(Duration.ofMillis(50));
        }
    }

    static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
