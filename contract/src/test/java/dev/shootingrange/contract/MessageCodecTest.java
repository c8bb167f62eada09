package dev.shootingrange.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class MessageCodecTest {

    private static final String FIRE_AT = """
            {"type":"FireAt","messageId":"%s","gameId":"g-1","sentAt":"2026-01-01T00:00:00Z",
             "attemptId":"%s","player":"alice","position":42}"""
            // fixed ids without "42" in them, so that the replacements below hit the position
            .formatted("0b1c9d1e-7a3f-4d6b-9c8e-1f2a3b5c6d7e", "9e8d7c6b-5a19-4b3c-8d2e-1f0a9b8c7d6e");

    @Test
    void aMessageSurvivesTheWireUnchanged() {
        FireAt shot = FireAt.create("g-1", UUID.randomUUID(), "alice", 42);
        Hit hit = Hit.of(shot, 42);

        assertThat(MessageCodec.decode(MessageCodec.encode(shot))).isEqualTo(shot);
        assertThat(MessageCodec.decode(MessageCodec.encode(hit))).isEqualTo(hit);
        assertThat(hit.causationId()).isEqualTo(shot.messageId());
    }

    @Test
    void aPeekReadsTheGameAndTheShotOfWhateverIsWellFormed() {
        FireAt shot = FireAt.create("g-1", UUID.randomUUID(), "alice", 42);
        assertThat(MessageCodec.peek(MessageCodec.encode(shot))).isEqualTo(new MessageCodec.Peek("g-1", shot.attemptId()));
        assertThat(MessageCodec.peek(MessageCodec.encode(MoveTarget.create("g-1", 3)))).isEqualTo(new MessageCodec.Peek("g-1", null));
        // Not a valid message, but its gameId is well-formed; its attemptId is not a UUID.
        assertThat(MessageCodec.peek("{\"gameId\":\"g-1\",\"attemptId\":\"not-a-uuid\"}".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo(new MessageCodec.Peek("g-1", null));
        assertThat(MessageCodec.peek("{\"gameId\":42}".getBytes(StandardCharsets.UTF_8))).isEqualTo(new MessageCodec.Peek(null, null));
        assertThat(MessageCodec.peek("not json".getBytes(StandardCharsets.UTF_8))).isEqualTo(new MessageCodec.Peek(null, null));
        assertThat(MessageCodec.peek(null)).isEqualTo(new MessageCodec.Peek(null, null));
        // Only the object's own fields, the last of a name given twice; nothing of a body with more after it.
        assertThat(MessageCodec.peek("{\"x\":{\"gameId\":\"g-2\"},\"gameId\":\"g-1\",\"gameId\":\"g-3\"}".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo(new MessageCodec.Peek("g-3", null));
        assertThat(MessageCodec.peek("{\"x\":[{\"gameId\":\"g-2\"}]}".getBytes(StandardCharsets.UTF_8))).isEqualTo(new MessageCodec.Peek(null, null));
        assertThat(MessageCodec.peek("{\"gameId\":\"g-1\"} {}".getBytes(StandardCharsets.UTF_8))).isEqualTo(new MessageCodec.Peek(null, null));
    }

    @Test
    void theTypeAndANullTargetAreWritten() {
        Missed missed = Missed.of(FireAt.create("g-1", UUID.randomUUID(), "bob", 3), null);
        String json = new String(MessageCodec.encode(missed), StandardCharsets.UTF_8);

        assertThat(json).contains("\"type\":\"Missed\"").contains("\"targetPosition\":null")
                .doesNotContain("\"hit\"");
        assertThat(MessageCodec.decode(json.getBytes(StandardCharsets.UTF_8))).isEqualTo(missed);
    }

    @Test
    void unknownFieldsAreIgnoredForForwardCompatibility() {
        String json = FIRE_AT.replace("\"player\"", "\"colour\":\"red\",\"player\"");
        assertThat(MessageCodec.decode(json.getBytes(StandardCharsets.UTF_8))).isInstanceOf(FireAt.class);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "not JSON                 | {\"type\":                          | not JSON",
            "an array                 | []                                  | not a JSON object",
            "no type                  | {\"gameId\":\"g\"}                  | type is required",
            "unknown type             | {\"type\":\"Shoot\"}                | unknown type 'Shoot'",
            "trailing garbage         | REPLACE:}:} x                       | not JSON",
            "no messageId             | REPLACE:\"messageId\":\"messageid\" | messageId is required",
            "malformed messageId      | REPLACE:-:_                         | malformed FireAt",
            "position out of range    | REPLACE:42:100                      | position must be an integer from 0 to 99, was 100",
            "negative position        | REPLACE:42:-1                       | position must be an integer from 0 to 99",
            "position as a string     | REPLACE:42:\"42\"                   | malformed FireAt",
            "fractional position      | REPLACE:42:42.5                     | malformed FireAt",
            "absurd position          | REPLACE:42:99999999999999999999     | malformed FireAt",
            "player as a number       | REPLACE:\"alice\":7                 | malformed FireAt",
            "empty player             | REPLACE:alice:                      | player must be 1 to 32 characters",
            "long player              | REPLACE:alice:abcdefghijklmnopqrstuvwxyz0123456789 | player must be 1 to 32 characters",
            "player with NUL          | REPLACE:alice:al\\u0000ice               | player must not contain control characters",
            "player with a tab        | REPLACE:alice:al\\tice                   | player must not contain control characters",
            "player, lone surrogate   | REPLACE:alice:al\\ud800ice               | unpaired surrogates",
            "bad gameId               | REPLACE:g-1:g 1                     | gameId must be 1 to 64",
    })
    void invalidInputIsRejectedWithAReason(String name, String input, String reason) {
        String json = input.startsWith("REPLACE:") ? replaceFirst(input) : input;
        assertThatThrownBy(() -> MessageCodec.decode(json.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(InvalidMessageException.class)
                .hasMessageContaining(reason);
    }

    /** Read in one pass where the type comes first, through a tree where not: the same message either way. */
    @Test
    void theTypeMayComeAnywhereAndCountsOnceAsInATree() {
        FireAt shot = (FireAt) MessageCodec.decode(FIRE_AT.getBytes(StandardCharsets.UTF_8));
        String typeLast = FIRE_AT.replace("{\"type\":\"FireAt\",", "{").replace("\"position\":42}", "\"position\":42,\"type\":\"FireAt\"}");
        assertThat(typeLast).doesNotStartWith("{\"type\"");
        assertThat(MessageCodec.decode(typeLast.getBytes(StandardCharsets.UTF_8))).isEqualTo(shot);

        // A name given twice: the last counts, wherever the first one is.
        String twice = FIRE_AT.replace("\"position\":42}", "\"position\":42,\"type\":\"MoveTarget\"}");
        assertThat(MessageCodec.decode(twice.getBytes(StandardCharsets.UTF_8))).isInstanceOf(MoveTarget.class);
        String positionTwice = FIRE_AT.replace("\"position\":42}", "\"position\":42,\"position\":7}");
        assertThat(((FireAt) MessageCodec.decode(positionTwice.getBytes(StandardCharsets.UTF_8))).position()).isEqualTo(7);
    }

    @Test
    void emptyAndOversizedBodiesAreRejectedUnread() {
        assertThatThrownBy(() -> MessageCodec.decode(new byte[0])).hasMessage("empty body");
        assertThatThrownBy(() -> MessageCodec.decode(new byte[MessageCodec.MAX_BODY_BYTES + 1]))
                .hasMessageContaining("exceeds");
    }

    /** "REPLACE:a:b" replaces the first a in the valid FireAt by b. */
    private static String replaceFirst(String spec) {
        String[] parts = spec.split(":", 3);
        int at = FIRE_AT.indexOf(parts[1]);
        return FIRE_AT.substring(0, at) + parts[2] + FIRE_AT.substring(at + parts[1].length());
    }
}
