package dev.shootingrange.contract;

import java.io.IOException;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * Reads and writes the contract's JSON. Strict on purpose: a message that is not exactly what the
 * contract says is rejected with a reason, never guessed at (no "42" for 42, no 42.5 for 42).
 */
public final class MessageCodec {

    /** Larger bodies are dead-lettered unread: no valid message comes near it. */
    public static final int MAX_BODY_BYTES = 64 * 1024;

    private static final Map<String, Class<? extends RangeMessage>> TYPES = Map.of(
            "FireAt", FireAt.class,
            "MoveTarget", MoveTarget.class,
            "Hit", Hit.class,
            "Missed", Missed.class);

    private static final ObjectMapper MAPPER = strictMapper();

    private MessageCodec() {
    }

    public static byte[] encode(RangeMessage message) {
        ObjectNode json = MAPPER.createObjectNode();
        json.put("type", message.type());
        json.setAll((ObjectNode) MAPPER.valueToTree(message));
        try {
            return MAPPER.writeValueAsBytes(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + message, e);
        }
    }

    /** The same message under another messageId, as a producer that makes ids per send would emit. */
    public static RangeMessage withMessageId(RangeMessage message, UUID messageId) {
        try {
            ObjectNode json = (ObjectNode) MAPPER.readTree(encode(message));
            json.put("messageId", messageId.toString());
            return decode(MAPPER.writeValueAsBytes(json));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * What a body that may not be a valid message says of its game and its shot: each where it is
     * well-formed, else null.
     */
    public record Peek(String gameId, UUID attemptId) {
    }

    private static final Peek NOTHING = new Peek(null, null);

    /** The gameId of a body that may not be a valid message, where it has a well-formed one; else null. */
    public static String peekGameId(byte[] body) {
        return peek(body).gameId();
    }

    /**
     * The gameId and attemptId of a body that may not be a valid message, each where well-formed. One
     * pass over the object's own fields, the others' values skipped unread: every copy recorded is peeked.
     */
    public static Peek peek(byte[] body) {
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

    public static RangeMessage decode(byte[] body) {
        if (body == null || body.length == 0) {
            throw new InvalidMessageException("empty body");
        }
        if (body.length > MAX_BODY_BYTES) {
            throw new InvalidMessageException("body of " + body.length + " bytes exceeds " + MAX_BODY_BYTES);
        }
        RangeMessage message = typeFirst(body);
        if (message == null) {
            message = throughATree(body);
        }
        message.validate();
        return message;
    }

    /**
     * The message read in one pass where its type comes first, as {@link #encode} writes it; null where
     * it does not, or where anything is amiss (the tree then reads it, and says what).
     */
    private static RangeMessage typeFirst(byte[] body) {
        try (JsonParser parser = MAPPER.createParser(body)) {
            // A name given twice is read as the tree reads it (the last counts): not here.
            parser.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
            if (parser.nextToken() != JsonToken.START_OBJECT || parser.nextToken() != JsonToken.FIELD_NAME
                    || !"type".equals(parser.currentName()) || parser.nextToken() != JsonToken.VALUE_STRING) {
                return null;
            }
            Class<? extends RangeMessage> kind = TYPES.get(parser.getText());
            if (kind == null) {
                return null;
            }
            parser.nextToken(); // the field after the type, or the object's end
            RangeMessage message = MAPPER.readerFor(kind).readValue(parser);
            return parser.nextToken() == null ? message : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** Any valid message, its type anywhere: a tree first, then the binding; a reason for whatever is amiss. */
    private static RangeMessage throughATree(byte[] body) {
        JsonNode json;
        try {
            json = MAPPER.readTree(body);
        } catch (IOException e) {
            throw new InvalidMessageException("not JSON: " + firstLine(e));
        }
        if (json == null || !json.isObject()) {
            throw new InvalidMessageException("not a JSON object");
        }
        JsonNode type = json.get("type");
        if (type == null || !type.isTextual()) {
            throw new InvalidMessageException("type is required");
        }
        Class<? extends RangeMessage> kind = TYPES.get(type.asText());
        if (kind == null) {
            throw new InvalidMessageException("unknown type '" + type.asText() + "'");
        }
        try {
            return MAPPER.treeToValue(json, kind);
        } catch (IOException e) {
            throw new InvalidMessageException("malformed " + kind.getSimpleName() + ": " + firstLine(e));
        }
    }

    private static String firstLine(IOException e) {
        String text = e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
        return text == null ? e.getClass().getSimpleName() : text.lines().findFirst().orElse(text);
    }

    private static ObjectMapper strictMapper() {
        return makeStrict(JsonMapper.builder()
                .addModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .build());
    }

    /** No number from a string, no integer from a fraction, no string from a number. */
    public static ObjectMapper makeStrict(ObjectMapper mapper) {
        mapper.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
        mapper.coercionConfigFor(LogicalType.Integer)
                .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
        mapper.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
        return mapper;
    }
}
