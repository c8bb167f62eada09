package dev.shootingrange.contract;

import java.io.IOException;
import java.util.UUID;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
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

    /** The one mapper of the codec, its peek and its reader: strict, as {@link #makeStrict} says. */
    static final ObjectMapper MAPPER = strictMapper();

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

    /** The gameId of a body that may not be a valid message, where it has a well-formed one; else null. */
    public static String peekGameId(byte[] body) {
        return peek(body).gameId();
    }

    /**
     * The gameId and attemptId of a body that may not be a valid message, each where well-formed
     * ({@link BodyPeek}).
     */
    public static Peek peek(byte[] body) {
        return BodyPeek.of(body);
    }

    public static RangeMessage decode(byte[] body) {
        if (body == null || body.length == 0) {
            throw new InvalidMessageException("empty body");
        }
        if (body.length > MAX_BODY_BYTES) {
            throw new InvalidMessageException("body of " + body.length + " bytes exceeds " + MAX_BODY_BYTES);
        }
        RangeMessage message = MessageReader.typeFirst(body);
        if (message == null) {
            message = MessageReader.throughATree(body);
        }
        message.validate();
        return message;
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
