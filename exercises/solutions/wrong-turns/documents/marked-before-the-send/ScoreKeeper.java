package dev.shootingrange.exercises.documents;

import java.util.UUID;

/**
 * Wrong turn: the ScoreChanged kept in the document, but the Hit marked processed before it is sent.
 * Dead between the mark and the send, the process leaves a Hit whose redelivery is skipped: the
 * ScoreChanged is never sent.
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
            processed.add(hitId);
            broker.publish(change);
        }
        Score done = documents.read(player);
        if (done.outbox().containsKey(hitId)) {
            // Where another write came first, the entry stays for the next delivery of the Hit to clear.
            documents.write(done.forgetting(hitId));
        }
    }
}
