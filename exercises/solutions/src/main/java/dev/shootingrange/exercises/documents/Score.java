package dev.shootingrange.exercises.documents;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * A player's score, one document of the board's store: the hits counted, the version the store
 * compares a write with, and the messages decided and not yet forgotten, by the Hit that caused them.
 */
public record Score(String player, int hits, long version, Map<UUID, ScoreChanged> outbox) {

    public Score {
        outbox = Map.copyOf(outbox);
    }

    /** A player the store has no document of yet (version 0). */
    public static Score none(String player) {
        return new Score(player, 0, 0, Map.of());
    }

    /** The same document with {@code hits} counted. */
    public Score withHits(int hits) {
        return new Score(player, hits, version, outbox);
    }

    /** The same document with {@code change} kept for the Hit {@code hitId}. */
    public Score keeping(UUID hitId, ScoreChanged change) {
        Map<UUID, ScoreChanged> kept = new LinkedHashMap<>(outbox);
        kept.put(hitId, change);
        return new Score(player, hits, version, kept);
    }

    /** The same document without what it kept for the Hit {@code hitId}. */
    public Score forgetting(UUID hitId) {
        Map<UUID, ScoreChanged> kept = new LinkedHashMap<>(outbox);
        kept.remove(hitId);
        return new Score(player, hits, version, kept);
    }
}
