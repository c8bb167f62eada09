package dev.shootingrange.exercises.documents;

/**
 * The board's document store: it writes one document at a time, and shares no transaction with
 * anything else (not with the processed messages, not with the broker), as a document database.
 */
public interface ScoreDocuments {

    /** The player's score as stored, or {@link Score#none} where there is none. */
    Score read(String player);

    /**
     * Writes the document where the stored one is still at {@code score.version()} (its version then
     * grows by one); false where another write came first, and nothing was written.
     */
    boolean write(Score score);
}
