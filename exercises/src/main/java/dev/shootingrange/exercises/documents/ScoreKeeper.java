package dev.shootingrange.exercises.documents;

import java.util.UUID;

/**
 * Exercise 12: an outbox beside a store that shares no transaction (README.md beside this class).
 *
 * The leader board counts a Hit in the player's score document and tells the game the new score
 * (ScoreChanged). Its store writes one document at a time, its processed messages are another store,
 * and the broker a third: no transaction spans two of them, and the process may die after any write.
 * Here every delivery of a Hit counts, and each ScoreChanged is new. Count each Hit once, and send its
 * ScoreChanged at least once, always the same message.
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

    /** A delivery of the Hit {@code hitId} for {@code player}; it may be a copy, and it may come after a crash. */
    public void handle(UUID hitId, String player) {
        // TODO know a copy; keep the ScoreChanged in the document with the count; send it; finish with the Hit.
        Score score = documents.read(player);
        Score counted = score.withHits(score.hits() + 1);
        if (!documents.write(counted)) {
            throw new IllegalStateException("the score of " + player + " changed meanwhile: the broker redelivers the Hit");
        }
        broker.publish(new ScoreChanged(UUID.randomUUID(), player, counted.hits()));
    }
}
