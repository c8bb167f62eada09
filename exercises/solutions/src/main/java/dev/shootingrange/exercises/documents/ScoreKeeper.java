package dev.shootingrange.exercises.documents;

import java.util.UUID;

/**
 * Exercise 12, solved: the entity carries its outbox. The count and the ScoreChanged it decides are
 * one write of the player's document (the store's only atomic step); the message is sent from the
 * document, so a delivery after a crash sends the very same one again instead of counting anew; the
 * Hit is then marked processed, and only after that is its entry forgotten. Dead between the mark and
 * the forgetting, the process leaves an entry behind, which the next delivery of the Hit clears;
 * forgotten before the mark, the Hit would have been counted again.
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
            processed.add(hitId);
        }
        Score done = documents.read(player);
        if (done.outbox().containsKey(hitId)) {
            // Where another write came first, the entry stays for the next delivery of the Hit to clear.
            documents.write(done.forgetting(hitId));
        }
    }
}
