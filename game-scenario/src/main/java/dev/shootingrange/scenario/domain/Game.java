package dev.shootingrange.scenario.domain;

import java.security.SecureRandom;
import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

import dev.shootingrange.exactlyonce.PlainStatement;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/** A game as the scenario runs it: where it last sent the target. */
@Entity
public class Game extends PanacheEntityBase {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

    @Id
    @Column(name = "game_id")
    public String gameId;

    @Column(name = "target_position", nullable = false)
    public int targetPosition;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    static Game start(int targetPosition) {
        Game game = new Game();
        game.gameId = newId();
        game.targetPosition = targetPosition;
        game.createdAt = Instant.now();
        game.persist();
        return game;
    }

    /** Where the game last sent its target, or null for a game it does not know: one plain row, nothing managed. */
    static Integer targetPositionOf(String gameId) {
        return PlainStatement.first("select target_position from game where game_id = ?",
                row -> row.getInt(1), gameId);
    }

    /**
     * One more shot of the game, where it has had fewer than {@code maxShots}: true where counted, false
     * for a game that does not exist or has had them all. One statement; two shots at once take turns.
     */
    static boolean countAShot(String gameId, int maxShots) {
        return PlainStatement.update("update game set shots_taken = shots_taken + 1 where game_id = ? and shots_taken < ?",
                gameId, maxShots) == 1;
    }

    /** Short enough to read out to a workshop table, long enough not to collide. */
    private static String newId() {
        StringBuilder id = new StringBuilder("game-");
        for (int i = 0; i < 10; i++) {
            id.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        }
        return id.toString();
    }
}
