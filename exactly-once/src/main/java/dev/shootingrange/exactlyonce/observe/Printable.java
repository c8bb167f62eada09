package dev.shootingrange.exactlyonce.observe;

/**
 * Text that arrived with a message (an unknown type, a content type, a parser's excerpt of the body)
 * as it may be logged and stored: one line, control characters escaped, bounded in length. Otherwise
 * a sender could write lines of its own into the log or the message history.
 */
public final class Printable {

    static final int MAX_CODE_POINTS = 300;

    private Printable() {
    }

    public static String line(String text) {
        if (text == null) {
            return null;
        }
        StringBuilder line = new StringBuilder(Math.min(text.length(), MAX_CODE_POINTS + 1));
        text.codePoints().limit(MAX_CODE_POINTS).forEach(c -> {
            if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                line.append(String.format("\\u%04x", c));
            } else {
                line.appendCodePoint(c);
            }
        });
        return text.codePointCount(0, text.length()) > MAX_CODE_POINTS ? line.append('…').toString() : line.toString();
    }
}
