package dev.shootingrange.scenario.console.lab.experiments;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;

import jakarta.enterprise.context.ApplicationScoped;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.lab.LabApi;
import dev.shootingrange.scenario.domain.GameScenario;
import dev.shootingrange.scenario.domain.Shot;
import dev.shootingrange.scenario.console.lab.ConsistencyChecker;
import dev.shootingrange.scenario.console.lab.Verdict;
import dev.shootingrange.scenario.console.services.Services;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * The moves the stories are made of: start a game, fire, switch a protection ({@link StrategyRun}),
 * wait for a copy to arrive somewhere ({@link GameRecords}), and report what the checker found. Every
 * wait has a deadline ({@link Waits}).
 */
@ApplicationScoped
public class Playbook {

    static final String ONE_OUTCOME = "one-outcome-per-attempt";
    public static final String COUNTED_ONCE = "counted-once";
    public static final String NOTHING_LOST = "nothing-lost";
    static final String SAME_COPY = "same-copy-on-redelivery";

    private final Services services;
    private final GameScenario scenario;
    private final GameRecords records;
    private final StrategyRun strategy;

    Playbook(Services services, GameScenario scenario, ConsistencyChecker checker) {
        this.services = services;
        this.scenario = scenario;
        this.records = new GameRecords(services, checker);
        this.strategy = new StrategyRun(services);
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

    /** What the services recorded of a game: the copies they received, and the checker's verdict. */
    GameRecords records() {
        return records;
    }

    void useStrategy(String name) {
        strategy.use(name);
    }

    Map<String, Map<String, Object>> protect(boolean on, String service, String... protections) {
        return strategy.protect(on, service, protections);
    }

    /**
     * Waits for what a story's fault leads to where nothing protects against it. In a strategy's run
     * the strategy may well prevent it: then waiting until the game is quiet is enough.
     */
    void awaitEffect(String gameId, String what, BooleanSupplier condition) {
        if (strategy.strategy() == null) {
            Waits.await(what, condition);
        } else {
            records.awaitQuiet(gameId, condition);
        }
    }

    /** Publishes a message a service sent again: the same copy, or the same content under a new id. */
    public UUID resend(String service, UUID messageId, boolean newMessageId) {
        return lab(service).resend(messageId, new LabApi.ResendRequest(newMessageId)).get("messageId");
    }

    /** A game whose target the range already knows. */
    public String newGame(int targetPosition) {
        String gameId = scenario.createGame(targetPosition).gameId;
        awaitTarget(gameId, targetPosition);
        return gameId;
    }

    public FireAt fire(String gameId, String player, int position) {
        return scenario.fire(gameId, player, position);
    }

    void moveTarget(String gameId, int position) {
        scenario.moveTarget(gameId, position);
        awaitTarget(gameId, position);
    }

    private void awaitTarget(String gameId, int position) {
        Waits.await("the range's target at " + position,
                () -> Integer.valueOf(position).equals(services.range().range(gameId).targetPosition()));
    }

    /** Waits until the range has decided the shot; returns the messageId of its (first) outcome. */
    public UUID awaitDecision(String gameId, FireAt shot) {
        UUID[] decision = new UUID[1];
        Waits.await("the range's decision", () -> (decision[0] = decisionOf(gameId, shot)) != null);
        return decision[0];
    }

    private UUID decisionOf(String gameId, FireAt shot) {
        return services.range().range(gameId).outcomes().stream()
                .filter(outcome -> outcome.attemptId().equals(shot.attemptId()))
                .map(outcome -> outcome.messageId()).findFirst().orElse(null);
    }

    public void awaitOutcome(FireAt shot) {
        Waits.await("the shot's outcome", () -> outcomeOf(shot) != Shot.Outcome.PENDING);
    }

    public Shot.Outcome outcomeOf(FireAt shot) {
        return QuarkusTransaction.requiringNew().call(() -> Shot.<Shot>findById(shot.attemptId()).outcome());
    }

    void awaitHits(String gameId, String player, int hits) {
        Waits.await(player + "'s hits", () -> hits(gameId, player) >= hits);
    }

    int hits(String gameId, String player) {
        return services.leaderBoard().hits(gameId, player);
    }

    /** Waits until no shot is pending and the history has stopped growing for a second. */
    void awaitQuiet(String gameId) {
        records.awaitQuiet(gameId, () -> false);
    }

    Experiment.Report report(String name, String rule, String gameId, boolean protect,
            Map<String, Map<String, Object>> settings, String expected, String observed) {
        return report(name, rule, gameId, protect, settings, expected, observed, Duration.ofSeconds(5));
    }

    /** @param rule the rule the story is about; null for all four */
    Experiment.Report report(String name, String rule, String gameId, boolean protect,
            Map<String, Map<String, Object>> settings, String expected, String observed, Duration settle) {
        Verdict verdict = records.judge(gameId, settle);
        List<String> violations = verdict.rules().stream()
                .filter(judged -> rule == null || judged.rule().equals(rule))
                .flatMap(judged -> judged.violations().stream().map(v -> judged.rule() + ": " + v))
                .toList();
        return new Experiment.Report(name, gameId, protect ? "on" : "off", settings, expected, observed, violations, verdict,
                rule, strategy.strategy());
    }
}
