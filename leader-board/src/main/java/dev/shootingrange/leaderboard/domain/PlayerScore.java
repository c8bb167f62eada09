package dev.shootingrange.leaderboard.domain;

import java.io.Serializable;
import java.util.List;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import dev.shootingrange.exactlyonce.PlainStatement;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/** One player's shots and hits in one game. */
@Entity
@Table(name = "player_score")
@IdClass(PlayerScore.Key.class)
public class PlayerScore extends PanacheEntityBase {

    public record Key(String gameId, String player) implements Serializable {
        public Key() {
            this(null, null);
        }
    }

    @Id
    @Column(name = "game_id")
    public String gameId;

    @Id
    public String player;

    @Column(nullable = false)
    public int shots;

    @Column(nullable = false)
    public int hits;

    /**
     * Adds one shot (and one hit) in a single statement: concurrent shots of one player queue on the
     * row instead of overwriting each other's counts.
     */
    public static void addShot(String gameId, String player, boolean hit) {
        PlainStatement.update("""
                insert into player_score (game_id, player, shots, hits) values (?, ?, 1, ?)
                on conflict (game_id, player)
                do update set shots = player_score.shots + 1, hits = player_score.hits + excluded.hits""",
                gameId, player, hit ? 1 : 0);
    }

    /** A player's line on the board. */
    public record Standing(String player, int shots, int hits) {
    }

    /**
     * Most hits first; among equals, fewer shots (better accuracy), then by name. Plain rows: a watched
     * game's board is asked for every second it is played, and nothing read is changed.
     */
    public static List<Standing> ranking(String gameId) {
        return PlainStatement.list("select player, shots, hits from player_score where game_id = ? order by hits desc, shots asc, player asc",
                row -> new Standing(row.getString(1), row.getInt(2), row.getInt(3)), gameId);
    }
}
