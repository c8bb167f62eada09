package dev.shootingrange.exactlyonce.tally;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * The smallest contract the core can serve, for its own tests: a {@code Count} asks a consumer to add
 * one to a key's tally and is answered with a {@code Counted}. On the wire, one line of text:
 * {@code <type> <messageId> <key>}.
 */
public record Tally(String type, UUID messageId, String key) {

    public static final String COUNT = "Count";
    public static final String COUNTED = "Counted";
    public static final String EXCHANGE = "tally";
    public static final String QUEUE = "exactly-once-tally";
    public static final String COUNTED_QUEUE = "exactly-once-tally.counted";

    public static Tally count(String key) {
        return new Tally(COUNT, UUID.randomUUID(), key);
    }

    /** The answer to a Count: its id derived from the Count's, so a handling again answers with the same. */
    public Tally counted() {
        return new Tally(COUNTED, UUID.nameUUIDFromBytes((COUNTED + messageId).getBytes(StandardCharsets.UTF_8)), key);
    }

    public byte[] bytes() {
        return (type + " " + messageId + " " + key).getBytes(StandardCharsets.UTF_8);
    }

    public static Tally of(byte[] body) {
        String[] parts = new String(body, StandardCharsets.UTF_8).split(" ", -1);
        if (parts.length != 3 || parts[2].isEmpty()) {
            throw new IllegalArgumentException("not <type> <messageId> <key>");
        }
        return new Tally(parts[0], UUID.fromString(parts[1]), parts[2]);
    }
}
