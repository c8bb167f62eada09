package dev.shootingrange.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.shootingrange.scenario.console.lab.Consistency;
import dev.shootingrange.scenario.console.lab.Evidence.Copy;
import dev.shootingrange.scenario.console.lab.Evidence.Decided;
import dev.shootingrange.scenario.console.lab.Evidence.Score;
import dev.shootingrange.scenario.console.lab.Evidence.Shot;
import dev.shootingrange.scenario.console.lab.Verdict.Rule;
import dev.shootingrange.scenario.console.lab.Verdict.Status;
import dev.shootingrange.scenario.console.lab.Verdict;

/** The checker against hand-made histories: it must see each kind of break, and not be fooled by copies. */
class ConsistencyTest {

    private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");
    private static final Duration SETTLE = Duration.ofSeconds(5);

    private final UUID attempt = UUID.randomUUID();
    private final UUID hit = UUID.randomUUID();
    private final Shot shot = new Shot(attempt, "alice", NOW.minusSeconds(60), Set.of());

    @Test
    void duplicatedAndReorderedCopiesOfOneOutcomeAreConsistent() {
        UUID otherAttempt = UUID.randomUUID();
        UUID missed = UUID.randomUUID();
        List<Copy> wire = List.of(
                copy(missed, "Missed", otherAttempt, "bob"),
                copy(hit, "Hit", attempt, "alice"),
                copy(missed, "Missed", otherAttempt, "bob"),
                copy(hit, "Hit", attempt, "alice"));

        Verdict verdict = Consistency.judge("g", List.of(shot, new Shot(otherAttempt, "bob", NOW.minusSeconds(30), Set.of())), wire,
                List.of(new Decided(attempt, "HIT", hit), new Decided(otherAttempt, "MISSED", missed)),
                Map.of("alice", new Score(1, 1), "bob", new Score(1, 0)), NOW, SETTLE);

        assertThat(verdict.consistent()).isTrue();
        assertThat(verdict.rules()).extracting(Rule::status).containsOnly(Status.OK);
    }

    @Test
    void aHitAndAMissedForOneAttemptIsAConflict() {
        UUID missed = UUID.randomUUID();
        Verdict verdict = Consistency.judge("g", List.of(shot),
                List.of(copy(hit, "Hit", attempt, "alice"), copy(missed, "Missed", attempt, "alice")),
                List.of(new Decided(attempt, "HIT", hit), new Decided(attempt, "MISSED", missed)),
                Map.of("alice", new Score(1, 1)), NOW, SETTLE);

        assertThat(rule(verdict, "one-outcome-per-attempt").status()).isEqualTo(Status.VIOLATED);
        assertThat(rule(verdict, "one-outcome-per-attempt").violations().get(0)).contains(attempt.toString(), "both a Hit and a Missed");
        assertThat(verdict.consistent()).isFalse();
    }

    @Test
    void aHitCountedTwiceIsADoubleCount() {
        Verdict verdict = Consistency.judge("g", List.of(shot), List.of(copy(hit, "Hit", attempt, "alice"), copy(hit, "Hit", attempt, "alice")),
                List.of(new Decided(attempt, "HIT", hit)), Map.of("alice", new Score(2, 2)), NOW, SETTLE);

        assertThat(rule(verdict, "counted-once").status()).isEqualTo(Status.VIOLATED);
        assertThat(rule(verdict, "counted-once").violations()).singleElement().asString()
                .contains("alice", "counts 2 shots and 2 hits", "1 with an outcome and 1 with a Hit");
        assertThat(rule(verdict, "one-outcome-per-attempt").status()).isEqualTo(Status.OK);
    }

    @Test
    void aShotWithoutAnOutcomeIsLostOnceItHadTimeToSettle() {
        Shot recent = new Shot(UUID.randomUUID(), "bob", NOW.minusSeconds(1), Set.of());

        Verdict waiting = Consistency.judge("g", List.of(recent), List.of(), List.of(), Map.of(), NOW, SETTLE);
        Verdict lost = Consistency.judge("g", List.of(shot), List.of(), List.of(), Map.of(), NOW, SETTLE);

        assertThat(rule(waiting, "nothing-lost").status()).isEqualTo(Status.PENDING);
        assertThat(rule(lost, "nothing-lost").status()).isEqualTo(Status.VIOLATED);
        assertThat(rule(lost, "nothing-lost").violations()).singleElement().asString().contains(attempt.toString());
    }

    @Test
    void anOutcomeTheRangeNeverRecordedIsAGhost() {
        UUID ghost = UUID.randomUUID();
        Verdict verdict = Consistency.judge("g", List.of(shot),
                List.of(copy(ghost, "Hit", attempt, "alice"), copy(hit, "Hit", attempt, "alice")),
                List.of(new Decided(attempt, "HIT", hit)), Map.of("alice", new Score(1, 1)), NOW, SETTLE);

        assertThat(rule(verdict, "one-outcome-per-attempt").violations())
                .anySatisfy(v -> assertThat(v).contains("ghost", ghost.toString()));
    }

    @Test
    void twoDifferentBodiesUnderOneMessageIdAreNotTheSameCopy() {
        Verdict verdict = Consistency.judge("g", List.of(shot),
                List.of(copy(hit, "Hit", attempt, "alice"), new Copy(hit, "Hit", attempt, "alice", "{\"changed\":true}")),
                List.of(new Decided(attempt, "HIT", hit)), Map.of("alice", new Score(1, 1)), NOW, SETTLE);

        assertThat(rule(verdict, "same-copy-on-redelivery").status()).isEqualTo(Status.VIOLATED);
    }

    @Test
    void aShotAnsweredTwiceUnderTwoMessageIdsIsNotTheSameCopyButNoConflict() {
        UUID secondHit = UUID.randomUUID();
        Verdict verdict = Consistency.judge("g", List.of(shot),
                List.of(copy(hit, "Hit", attempt, "alice"), copy(secondHit, "Hit", attempt, "alice")),
                List.of(new Decided(attempt, "HIT", hit), new Decided(attempt, "HIT", secondHit)),
                Map.of("alice", new Score(1, 1)), NOW, SETTLE);

        assertThat(rule(verdict, "same-copy-on-redelivery").violations()).singleElement().asString()
                .contains(attempt.toString(), "answered by 2 different messages");
        assertThat(rule(verdict, "one-outcome-per-attempt").status()).isEqualTo(Status.OK);
        assertThat(rule(verdict, "counted-once").status()).isEqualTo(Status.OK);
    }

    @Test
    void anOutcomeHandledWhoseHistoryRowWasLostIsMissingNotLostNorMiscounted() {
        // Alice's Hit handled and committed, its row of history never written: the process stopped in between.
        Shot handled = new Shot(attempt, "alice", NOW.minusSeconds(60), Set.of("Hit"));

        Verdict verdict = Consistency.judge("g", List.of(handled), List.of(), List.of(new Decided(attempt, "HIT", hit)),
                Map.of("alice", new Score(1, 1)), NOW, SETTLE);

        assertThat(verdict.rules()).extracting(Rule::status).containsOnly(Status.OK);
        assertThat(verdict.historyComplete()).isFalse();
        assertThat(verdict.missingFromHistory()).singleElement().asString()
                .contains("attempt " + attempt + " of alice", "its Hit was handled here", "the history has no copy of it");
    }

    @Test
    void aLostRowOfHistoryHidesNoRealDoubleCountNorARealLoss() {
        Shot handled = new Shot(attempt, "alice", NOW.minusSeconds(60), Set.of("Hit"));
        Shot unanswered = new Shot(UUID.randomUUID(), "bob", NOW.minusSeconds(60), Set.of());

        Verdict verdict = Consistency.judge("g", List.of(handled, unanswered), List.of(), List.of(new Decided(attempt, "HIT", hit)),
                Map.of("alice", new Score(2, 2)), NOW, SETTLE);

        assertThat(rule(verdict, "counted-once").violations()).singleElement().asString()
                .contains("alice", "counts 2 shots and 2 hits", "1 with an outcome and 1 with a Hit");
        assertThat(rule(verdict, "nothing-lost").violations()).singleElement().asString()
                .contains(unanswered.attemptId().toString(), "of bob");
        assertThat(verdict.historyComplete()).isFalse();
    }

    @Test
    void aHistoryWithACopyOfEveryOutcomeHandledIsComplete() {
        Shot handled = new Shot(attempt, "alice", NOW.minusSeconds(60), Set.of("Hit"));

        Verdict verdict = Consistency.judge("g", List.of(handled), List.of(copy(hit, "Hit", attempt, "alice")),
                List.of(new Decided(attempt, "HIT", hit)), Map.of("alice", new Score(1, 1)), NOW, SETTLE);

        assertThat(verdict.historyComplete()).isTrue();
        assertThat(verdict.missingFromHistory()).isEmpty();
        assertThat(verdict.consistent()).isTrue();
    }

    private static Copy copy(UUID messageId, String type, UUID attemptId, String player) {
        return new Copy(messageId, type, attemptId, player, "{\"messageId\":\"" + messageId + "\"}");
    }

    private static Rule rule(Verdict verdict, String name) {
        return verdict.rules().stream().filter(rule -> rule.rule().equals(name)).findFirst().orElseThrow();
    }
}
