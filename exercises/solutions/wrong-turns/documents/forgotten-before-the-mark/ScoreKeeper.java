package dev.shootingrange.exercises.documents;

import java.util.UUID;

/**
 * Wrong turn: the document's entry forgotten as soon as the ScoreChanged went out, the Hit marked
 * processed after. Dead between the two, the process leaves a Hit neither marked nor kept: its
 * redelivery counts it again.
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
        if (!processed.contains(hitId)) {
            Score score = documents.read(player);
            ScoreChanged change = score.outbox().get(hitId);
            if (change == null) {
                change = new ScoreChanged(UUID.randomUUID(), player, score.hits() + 1);
                if (!documents.write(score.withHits(change.hits()).keeping(hitId, change))) {
                    throw new IllegalStateException("the score of " + player + " changed meanwhile: the broker redelivers the Hit");
                }
            }
            broker.publish(change);
            Score done = documents.read(player);
            documents.write(done.forgetting(hitId));
            processed.add(hitId);
        }
    }
}
