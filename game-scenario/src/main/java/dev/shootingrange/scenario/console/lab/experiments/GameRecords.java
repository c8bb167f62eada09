package dev.shootingrange.scenario.console.lab.experiments;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

import dev.shootingrange.lab.LabApi;
import dev.shootingrange.scenario.domain.Shot;
import dev.shootingrange.scenario.console.lab.ConsistencyChecker;
import dev.shootingrange.scenario.console.lab.Verdict;
import dev.shootingrange.scenario.console.services.Services;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * What the services recorded of a game, as a story reads it: the copies each received (their
 * histories), whether the game has gone quiet, and the checker's verdict on it all.
 */
final class GameRecords {

    private final Services services;
    private final ConsistencyChecker checker;

    GameRecords(Services services, ConsistencyChecker checker) {
        this.services = services;
        this.checker = checker;
    }

    /** Outcome messages the scenario received for the game, dropped duplicates included. */
    long outcomeCopies(String gameId) {
        return received(Services.GAME_SCENARIO, gameId, entry -> !entry.disposition().equals("DEAD_LETTERED"));
    }

    /** Waits until a service has received {@code copies} copies of a message. */
    void awaitCopies(String service, String gameId, UUID messageId, int copies) {
        Waits.await(copies + " copies of " + messageId + " at " + service, () -> received(service, gameId,
                entry -> messageId.equals(entry.messageId()) && !entry.disposition().equals("RETRIED")) >= copies);
    }

    long received(String service, String gameId, Predicate<LabApi.HistoryEntry> filter) {
        return history(service, gameId).stream().filter(entry -> entry.direction().equals("IN")).filter(filter).count();
    }

    List<LabApi.HistoryEntry> history(String service, String gameId) {
        return services.lab(service).history(gameId, 0, 0, 1000).entries();
    }

    /** Waits until no shot is pending and the history has stopped growing for a second, or sooner where {@code done} holds. */
    void awaitQuiet(String gameId, BooleanSupplier done) {
        Instant deadline = Instant.now().plus(Waits.WAIT);
        int seen = -1;
        while (Instant.now().isBefore(deadline) && !done.getAsBoolean()) {
            int now = history(Services.GAME_SCENARIO, gameId).size() + history(Services.LEADER_BOARD, gameId).size();
            boolean pending = QuarkusTransaction.requiringNew().call(() -> Shot.ofGame(gameId).stream()
                    .anyMatch(shot -> shot.outcome() == Shot.Outcome.PENDING));
            if (now == seen && !pending) {
                return;
            }
            seen = now;
            Waits.pause(Duration.ofSeconds(1));
        }
    }

    /** The checker's verdict, on an incomplete history where any service's history of the game may have a hole. */
    Verdict judge(String gameId, Duration settle) {
        Verdict verdict = checker.judge(gameId, settle);
        boolean complete = List.of(Services.SHOOTING_RANGE, Services.LEADER_BOARD).stream()
                .allMatch(service -> services.lab(service).history(gameId, 0, 0, 1).historyComplete());
        return verdict.withHistoryComplete(complete);
    }
}
