package dev.shootingrange.exercises.documents;

import java.util.UUID;

/**
 * Wrong turn: the processed store alone knows a copy, as an inbox would: count, send, mark. Dead
 * after the count and before the mark, the process leaves a Hit counted and not marked: its
 * redelivery counts it again (and a second ScoreChanged tells a score of 2).
 *
 * Caught by: ScoreKeeperTest.aBoardThatDiesAfterAnyWriteCountsTheHitOnceAndAlwaysSendsTheSameScoreChanged
 */
public class ScoreKeeper {

    private final ScoreDocuments documents;
    private final ProcessedMessages processed;
    private final Publisher broker;

    public ScoreKeeper(ScoreDocuments documents, ProcessedMessages processed, Publisher broker) {
        this.documents = documents;
        this.processed = processed;
        this.broker = broker;
    }

    public void handle(UUID hitId, String player) {
        if (processed.contains(hitId)) {
            return;
        }
        Score score = documents.read(player);
        if (!documents.write(score.withHits(score.hits() + 1))) {
            throw new IllegalStateException("the score of " + player + " changed meanwhile: the broker redelivers the Hit");
        }
        broker.publish(new ScoreChanged(UUID.randomUUID(), player, score.hits() + 1));
        processed.add(hitId);
    }
}
