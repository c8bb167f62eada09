package dev.shootingrange.scenario.console.judge;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.RestResponse;

import dev.shootingrange.scenario.console.services.LeaderBoardApi;

/**
 * Reads the consumers' boards, several at once: one consumer that does not answer costs the others
 * nothing. Closed at the end of its round.
 */
final class Readings implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(Readings.class);

    /**
     * How long a consumer has to show a shot before it is judged behind: after its connection was cut, a
     * consumer connects again first (RabbitMQ's Java client waits 5 s by default).
     */
    static final Duration CATCH_UP = Duration.ofSeconds(15);

    private final Consumers consumers;
    private final ExecutorService readers;

    Readings(Consumers consumers, int boards) {
        this.consumers = consumers;
        this.readers = Executors.newFixedThreadPool(Math.max(1, Math.min(8, boards)));
    }

    /**
     * Reads every board until each shows every shot of the round (or {@link #CATCH_UP} is over), and
     * calls {@code afterEach} after each pass.
     */
    void catchUp(Round round, List<Scorecard> cards, String fault, Runnable afterEach) {
        Instant deadline = Instant.now().plus(CATCH_UP);
        List<Scorecard> behind = new ArrayList<>(cards);
        while (!behind.isEmpty()) {
            readAll(round, behind, fault);
            afterEach.run();
            behind.removeIf(card -> card.caughtUp(round.decided()));
            if (behind.isEmpty() || Instant.now().isAfter(deadline)) {
                return;
            }
            Judge.sleep(Duration.ofMillis(200));
        }
    }

    /** Reads every board judged: a refused one (the lab's own) is never asked. */
    void readAll(Round round, List<Scorecard> cards, String fault) {
        List<Future<?>> reads = cards.stream().filter(card -> !card.refused())
                .<Future<?>>map(card -> readers.submit(() -> read(round, card, fault))).toList();
        for (Future<?> read : reads) {
            try {
                read.get(5, TimeUnit.SECONDS);
            } catch (Exception e) {
                // read() records its own failures; one that overran is read again on the next pass.
            }
        }
    }

    private void read(Round round, Scorecard card, String fault) {
        JudgedBoard board = consumers.board(card.consumer().name());
        if (board == null) {
            card.unreadable(fault, round.decided(), round.copies(), Unreadable.REMOVED);
            return;
        }
        try {
            RestResponse<LeaderBoardApi.BoardView> response = board.board(round.gameId);
            String labService = response.getHeaderString(LabAddresses.SERVICE_HEADER);
            if (labService != null) {
                card.refuse(card.consumer().board() + " answers as the lab's own " + labService + " (its "
                        + LabAddresses.SERVICE_HEADER + " header)" + LabAddresses.YOURS);
                return;
            }
            LeaderBoardApi.BoardView answer = response.getEntity();
            Map<String, Tally.Score> shown = new TreeMap<>();
            if (answer != null && answer.players() != null) {
                answer.players().forEach(player -> shown.put(player.player(), new Tally.Score(player.shots(), player.hits())));
            }
            card.read(fault, round.decided(), round.copies(), new Tally(shown));
        } catch (RuntimeException e) {
            // The room sees the category; the instructor's log, with debug on, the whole story.
            LOG.debugf(e, "The board of %s could not be read", card.consumer().name());
            card.unreadable(fault, round.decided(), round.copies(), Unreadable.of(e));
        }
    }

    @Override
    public void close() {
        readers.shutdownNow();
    }
}
