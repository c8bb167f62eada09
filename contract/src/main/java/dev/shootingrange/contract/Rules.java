package dev.shootingrange.contract;

import java.util.List;
import java.util.regex.Pattern;

/** The contract's field rules, shared by the wire format and the HTTP API. */
public final class Rules {

    public static final int MIN_POSITION = 0;
    public static final int MAX_POSITION = 99;
    public static final int MAX_PLAYER_LENGTH = 32;
    /**
     * Games one request may ask about at once: the watched games of a busy workshop, and few enough that
     * their longest ids, with an {@code after} each, fit a request line (4,096 characters by default).
     */
    public static final int MAX_GAMES_PER_ASK = 40;
    private static final Pattern GAME_ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    private Rules() {
    }

    static void common(RangeMessage message) {
        required("messageId", message.messageId());
        checkGameId(message.gameId());
        required("sentAt", message.sentAt());
    }

    public static void required(String field, Object value) {
        if (value == null) {
            throw new InvalidMessageException(field + " is required");
        }
    }

    public static void checkGameId(String gameId) {
        required("gameId", gameId);
        if (!GAME_ID.matcher(gameId).matches()) {
            throw new InvalidMessageException("gameId must be 1 to 64 of A-Z, a-z, 0-9, '_' and '-'");
        }
    }

    /** Games asked about at once ({@code ?gameId=a&gameId=b}): one at least, {@value #MAX_GAMES_PER_ASK} at most, each valid. */
    public static void checkGameIds(List<String> gameIds) {
        if (gameIds == null || gameIds.isEmpty()) {
            throw new InvalidMessageException("gameId is required: ask for one game at least (?gameId=a&gameId=b)");
        }
        if (gameIds.size() > MAX_GAMES_PER_ASK) {
            throw new InvalidMessageException("at most " + MAX_GAMES_PER_ASK + " games at once, not " + gameIds.size());
        }
        gameIds.forEach(Rules::checkGameId);
    }

    public static void checkPlayer(String player) {
        required("player", player);
        if (player.isBlank() || player.codePointCount(0, player.length()) > MAX_PLAYER_LENGTH) {
            throw new InvalidMessageException("player must be 1 to " + MAX_PLAYER_LENGTH + " characters, not blank");
        }
        // PostgreSQL's text cannot hold NUL, and a lone surrogate is no character at all: such a name
        // would pass here and then fail every commit downstream, retried for ever.
        if (player.codePoints().anyMatch(c -> Character.isISOControl(c) || Character.getType(c) == Character.SURROGATE)) {
            throw new InvalidMessageException("player must not contain control characters or unpaired surrogates");
        }
    }

    public static void checkPosition(String field, Integer position) {
        required(field, position);
        if (position < MIN_POSITION || position > MAX_POSITION) {
            throw new InvalidMessageException(
                    field + " must be an integer from " + MIN_POSITION + " to " + MAX_POSITION + ", was " + position);
        }
    }
}
