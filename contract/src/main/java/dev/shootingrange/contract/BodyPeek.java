package dev.shootingrange.contract;

import static dev.shootingrange.contract.MessageCodec.MAPPER;
import static dev.shootingrange.contract.MessageCodec.MAX_BODY_BYTES;

import java.io.IOException;
import java.util.UUID;
import java.util.function.Function;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.shootingrange.contract.MessageCodec.Peek;

/**
 * What a body that may not be a valid message says of its game and its shot. Apart from decoding,
 * since it must not throw: the message history and the console's live games peek at any copy.
 */
final class BodyPeek {

    private static final Peek NOTHING = new Peek(null, null);

    private BodyPeek() {
    }

    /**
     * One pass over the object's own fields, the others' values skipped unread: every copy recorded is
     * peeked.
     */
    static Peek of(byte[] body) {
        if (body == null || body.length > MAX_BODY_BYTES) {
            return NOTHING;
        }
        String gameId = null;
        String attemptId = null;
        try (JsonParser parser = MAPPER.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return NOTHING;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                boolean text = parser.nextToken() == JsonToken.VALUE_STRING;
                if (field.equals("gameId")) {
                    gameId = text ? parser.getText() : null; // the last one given counts, as in a tree
                } else if (field.equals("attemptId")) {
                    attemptId = text ? parser.getText() : null;
                } else {
                    parser.skipChildren();
                }
            }
            if (parser.nextToken() != null) {
                return NOTHING; // more after the object: not JSON
            }
        } catch (IOException e) {
            return NOTHING; // not readable: nothing to say
        }
        return new Peek(wellFormed(gameId, text -> {
            Rules.checkGameId(text);
            return text;
        }), wellFormed(attemptId, UUID::fromString));
    }

    private static <T> T wellFormed(String text, Function<String, T> read) {
        try {
            return text == null ? null : read.apply(text);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
