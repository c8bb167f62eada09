package dev.shootingrange.contract;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * Answers about several games at once, bounded whatever a browser asks: each game is read once however
 * often it is named, and one answer carries at most {@link #MAX_ROWS} rows (a range's outcomes, a
 * board's players), so that a few such answers at once fit a service's 64 MB heap.
 */
public final class GameReads {

    /** Rows one game carries at most: the scenario's game.max-shots. */
    public static final int MAX_ROWS_OF_A_GAME = 2_500;
    /** Rows one answer carries at most: four full games. */
    public static final int MAX_ROWS = 4 * MAX_ROWS_OF_A_GAME;
    public static final String TOO_MANY_ROWS = "More rows than one answer carries (10,000): a problem detail; ask for fewer games";

    private GameReads() {
    }

    /**
     * The games' views in the order asked ({@link Rules#checkGameIds} first), each read once by {@code read}.
     *
     * @param rows how many rows a view carries
     */
    public static <V> List<V> inTheOrderAsked(List<String> gameIds, Function<String, V> read, ToIntFunction<V> rows) {
        Rules.checkGameIds(gameIds);
        Map<String, V> views = new HashMap<>();
        List<V> answer = new ArrayList<>(gameIds.size());
        int carried = 0;
        for (String gameId : gameIds) {
            V view = views.computeIfAbsent(gameId, read);
            carried += rows.applyAsInt(view);
            if (carried > MAX_ROWS) {
                throw tooMany("these games");
            }
            answer.add(view);
        }
        return answer;
    }

    /** Refuses one game's read that would carry more rows than an answer may: read {@code MAX_ROWS + 1} to know. */
    public static <T> List<T> checked(String gameId, List<T> rows) {
        if (rows.size() > MAX_ROWS) {
            throw tooMany("game " + gameId);
        }
        return rows;
    }

    private static Problem tooMany(String what) {
        return Problem.badRequest(what + " hold more than the " + MAX_ROWS + " rows one answer carries: ask for fewer games at once");
    }
}
