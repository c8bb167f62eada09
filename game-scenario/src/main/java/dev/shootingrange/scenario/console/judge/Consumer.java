package dev.shootingrange.scenario.console.judge;

import java.net.URI;
import java.util.regex.Pattern;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.exactlyonce.observe.Printable;

/**
 * A consumer of the room's, registered to be judged: its name and where its board answers
 * {@code GET <board>/<gameId>} with the leader board's shape ({"players": [{"player", "shots", "hits"}]}).
 */
record Consumer(String name, URI board) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9 ._-]{0,39}");
    /** A board's address: a host name (at most 253), a port and a path fit, with room to spare. */
    static final int BOARD_LENGTH = 400;

    /** @throws Problem 400 for a name or an address the judge cannot use, saying which */
    static Consumer of(String name, String board) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw Problem.badRequest("name: 1 to 40 letters, digits, spaces, dots, dashes or underscores, starting with a"
                    + " letter or a digit" + (name == null ? "" : "; not '" + Printable.line(name) + "'"));
        }
        if (board != null && board.length() > BOARD_LENGTH) {
            throw Problem.badRequest("board: at most " + BOARD_LENGTH + " characters, such as"
                    + " http://192.168.1.20:3000/api/leaderboard; this one has " + board.length());
        }
        URI uri;
        try {
            uri = board == null ? null : URI.create(board.strip());
        } catch (IllegalArgumentException e) {
            uri = null;
        }
        if (uri == null || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null
                || uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw Problem.badRequest("board: the http(s) address its board answers at, without a query, such as"
                    + " http://192.168.1.20:3000/api/leaderboard (the judge reads <board>/<gameId>)"
                    + (board == null ? "" : "; not '" + Printable.line(board) + "'"));
        }
        String path = uri.getRawPath() == null ? "" : uri.getRawPath().replaceAll("/+$", "");
        return new Consumer(name, URI.create(uri.getScheme() + "://" + uri.getRawAuthority() + path));
    }
}
