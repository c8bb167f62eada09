package dev.shootingrange.range.domain;

import dev.shootingrange.exactlyonce.PlainStatement;

/** Handlings of one key take turns: a PostgreSQL advisory lock, held until the transaction ends. */
public final class TakingTurns {

    private TakingTurns() {
    }

    public static void lock(String key) {
        PlainStatement.first("select 1 from pg_advisory_xact_lock(hashtextextended(?, 0))", row -> 1, key);
    }

    /** The turn of one game: its first move and the shots waiting for it, its moves under business identity. */
    public static void game(String gameId) {
        lock("game " + gameId);
    }
}
