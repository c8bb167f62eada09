package dev.shootingrange.contract;

import static dev.shootingrange.contract.MessageCodec.MAPPER;

import java.io.IOException;
import java.util.Map;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * The two ways {@link MessageCodec#decode} binds a body to its message: in one pass where the type
 * comes first (the common case, as the codec writes it), else through a tree that says what is amiss.
 */
final class MessageReader {

    private static final Map<String, Class<? extends RangeMessage>> TYPES = Map.of(
            "FireAt", FireAt.class,
            "MoveTarget", MoveTarget.class,
            "Hit", Hit.class,
            "Missed", Missed.class);

    private MessageReader() {
    }

    /**
     * The message read in one pass where its type comes first, as {@link MessageCodec#encode} writes
     * it; null where it does not, or where anything is amiss (the tree then reads it, and says what).
     */
    static RangeMessage typeFirst(byte[] body) {
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
    static RangeMessage throughATree(byte[] body) {
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
}
