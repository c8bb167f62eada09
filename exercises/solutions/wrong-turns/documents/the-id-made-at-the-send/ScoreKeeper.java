package dev.shootingrange.exercises.documents;

import java.util.UUID;

/**
 * Wrong turn: the count and the score kept in the document, the message's id made when it is sent.
 * Sent, then dead before the mark, the process leaves the Hit to be sent again: under a new id, a
 * second message the game's inbox cannot know for a copy.
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
            broker.publish(new ScoreChanged(UUID.randomUUID(), player, change.hits()));
            processed.add(hitId);
        }
        Score done = documents.read(player);
        if (done.outbox().containsKey(hitId)) {
            // Where another write came first, the entry stays for the next delivery of the Hit to clear.
            documents.write(done.forgetting(hitId));
        }
    }
}
