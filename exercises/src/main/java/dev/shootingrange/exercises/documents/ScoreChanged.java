package dev.shootingrange.exercises.documents;

import java.util.UUID;

/** The message the board sends the game once it counted a hit: the player's hits, under an id of its own. */
public record ScoreChanged(UUID messageId, String player, int hits) {
}
