package dev.shootingrange.scenario.console.judge;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;

import org.jboss.logging.Logger;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.scenario.console.lab.experiments.Matrix;
import dev.shootingrange.scenario.console.lab.experiments.Playbook;
import io.quarkus.arc.Arc;
import io.quarkus.arc.ManagedContext;

/**
 * A round for every registered consumer at once: one game on the range, and between its shots the
 * faults a consumer must absorb, each followed by a fresh shot. Once a consumer's board shows that
 * shot, it has read the fault too (its queue hands out in order), and its board is judged against what
 * the range decided. One round at a time, in the background; its view fills in fault by fault.
 */
@ApplicationScoped
public class Judge {

    private static final Logger LOG = Logger.getLogger(Judge.class);
    private static final int TARGET = 42;
    /** After the last fault: copies still on their way have this long to be counted. */
    private static final Duration SETTLE = Duration.ofSeconds(2);

    public enum State {
        NOT_RUN, RUNNING, DONE
    }

    /** The round running or last run: the faults played so far, and each consumer's scorecard. */
    public record View(State state, String gameId, List<String> faults, int faultsPlayed, List<Scorecard.View> consumers,
            String error, Instant startedAt, Instant finishedAt) {
    }

    static final List<String> FAULTS = List.of(
            "alice's Hit again, the same messageId",
            "alice's Hit again under a new messageId: the same attemptId",
            "bob's Missed again, the same messageId",
            "every outcome so far again, oldest first, after newer ones",
            "every outcome again, and the consumers' connections cut: what they had not acknowledged comes back");

    private final Playbook play;
    private final Matrix matrix;
    private final Consumers consumers;
    private final LabAddresses lab;
    private final ParticipantConnections participants;
    private volatile View view = new View(State.NOT_RUN, null, FAULTS, 0, List.of(), null, null, null);

    Judge(Playbook play, Matrix matrix, Consumers consumers, LabAddresses lab, ParticipantConnections participants) {
        this.play = play;
        this.matrix = matrix;
        this.consumers = consumers;
        this.lab = lab;
        this.participants = participants;
    }

    public View view() {
        return view;
    }

    /** @throws Problem 409 while a round or the matrix runs (it switches protections), or with no consumer to judge */
    public synchronized View start() {
        if (view.state() == State.RUNNING || matrix.running()) {
            throw new Problem(Response.Status.CONFLICT, view.state() == State.RUNNING ? "a round is running already"
                    : "the strategies' matrix is running: it switches the protections the round would judge under");
        }
        // Asked again now: a board's name may have been pointed at one of the lab's services since it was registered.
        List<Scorecard> cards = consumers.list().stream()
                .map(consumer -> new Scorecard(consumer, lab.refusal(consumer.board()))).toList();
        if (cards.stream().allMatch(Scorecard::refused)) {
            throw new Problem(Response.Status.CONFLICT, cards.isEmpty() ? "no consumer is registered: POST /api/judge/consumers first"
                    : "no consumer can be judged, each board is one of the lab's own services: " + cards.get(0).view().refused());
        }
        view = new View(State.RUNNING, null, FAULTS, 0, views(cards), null, Instant.now(), null);
        Thread runner = new Thread(() -> run(cards), "judge-round");
        runner.setDaemon(true);
        runner.start();
        return view;
    }

    private void run(List<Scorecard> cards) {
        // The playbook reads the scenario's database as an HTTP request would: give it its context.
        ManagedContext requestContext = Arc.container().requestContext();
        requestContext.activate();
        String error = null;
        Round round = null;
        try (Readings readings = new Readings(consumers, cards.size())) {
            round = new Round(play, TARGET);
            play(round, cards, readings);
        } catch (RuntimeException e) {
            LOG.warnf(e, "The judge's round stopped");
            error = e.getMessage();
        } finally {
            requestContext.terminate();
            cards.forEach(Scorecard::finish);
            view = new View(State.DONE, round == null ? null : round.gameId, FAULTS, round == null ? 0 : round.faultsPlayed(),
                    views(cards), error, view.startedAt(), Instant.now());
        }
    }

    private void play(Round round, List<Scorecard> cards, Readings readings) {
        Round.Fired alicesHit = round.shoot("alice", TARGET);
        Round.Fired bobsMiss = round.shoot("bob", TARGET - 30);
        judge(round, cards, readings, "the first two shots");
        round.copy(alicesHit, false);
        round.shoot("bob", TARGET);
        judge(round, cards, readings, nextFault(round));
        round.copy(alicesHit, true);
        round.shoot("alice", TARGET + 7);
        judge(round, cards, readings, nextFault(round));
        round.copy(bobsMiss, false);
        round.shoot("alice", TARGET);
        judge(round, cards, readings, nextFault(round));
        round.copyEveryAnswer();
        round.shoot("bob", TARGET - 12);
        judge(round, cards, readings, nextFault(round));
        // As a consumer killed mid-burst: the broker hands what it had not acknowledged out again, redelivered.
        round.copyEveryAnswer();
        int judged = (int) cards.stream().filter(card -> !card.refused()).count();
        participants.cut(judged, "the judge's round: a consumer killed in the middle of a burst");
        round.shoot("alice", TARGET - 5);
        judge(round, cards, readings, nextFault(round));
        sleep(SETTLE);
        readings.readAll(round, cards, "the round's end");
    }

    private static String nextFault(Round round) {
        round.faultPlayed();
        return FAULTS.get(round.faultsPlayed() - 1);
    }

    private void judge(Round round, List<Scorecard> cards, Readings readings, String fault) {
        readings.catchUp(round, cards, fault, () -> view = new View(State.RUNNING, round.gameId, FAULTS,
                round.faultsPlayed(), views(cards), null, view.startedAt(), null));
    }

    private static List<Scorecard.View> views(List<Scorecard> cards) {
        return cards.stream().map(Scorecard::view).toList();
    }

    static void sleep(Duration pause) {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the round was interrupted", e);
        }
    }
}
