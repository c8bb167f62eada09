package dev.shootingrange.lab;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.RangeMessage;
import dev.shootingrange.contract.ShotOutcome;
import dev.shootingrange.exactlyonce.PlainStatement;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/**
 * One copy of a message as this service saw it: received (and what became of it) or published. The
 * lab draws its timeline from these and checks consistency against what really crossed the wire.
 */
@Entity
@Table(name = "message_history")
public class MessageHistory extends PanacheEntityBase {

    public enum Direction {
        IN, OUT
    }

    /** What became of a copy received (as the core's dispositions), or PUBLISHED: confirmed by the broker. */
    public enum Disposition {
        HANDLED, DUPLICATE, DEAD_LETTERED, RETRIED, PUBLISHED
    }

    private static final int MAX_BODY_CHARS = 4096;

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "game_id")
    public String gameId;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public Direction direction;

    @Column(name = "message_id")
    public UUID messageId;

    public String type;

    @Column(name = "attempt_id")
    public UUID attemptId;

    @Column(name = "causation_id")
    public UUID causationId;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public Disposition disposition;

    @Column(nullable = false)
    public boolean redelivered;

    public String detail;

    public String body;

    @Column(name = "recorded_at", nullable = false)
    public Instant recordedAt;

    /** @param message the body as read, or null where it could not be */
    static MessageHistory of(Direction direction, Disposition disposition, RangeMessage message, byte[] body, Instant at) {
        MessageHistory entry = new MessageHistory();
        entry.direction = direction;
        entry.disposition = disposition;
        entry.recordedAt = at;
        entry.body = text(body);
        if (message != null) {
            entry.gameId = message.gameId();
            entry.messageId = message.messageId();
            entry.type = message.type();
            entry.causationId = message.causationId();
            if (message instanceof FireAt shot) {
                entry.attemptId = shot.attemptId();
            } else if (message instanceof ShotOutcome outcome) {
                entry.attemptId = outcome.attemptId();
            }
        } else {
            entry.gameId = MessageCodec.peekGameId(body);
        }
        return entry;
    }

    static long purge(java.time.Duration retention) {
        return delete("recordedAt < ?1", Instant.now().minus(retention));
    }

    /**
     * A page of a game's history after the entry {@code afterId} (0: from the start), oldest first. In
     * one instance the ids follow the order in which entries became visible (one writer thread inserts
     * them, one transaction after the other); where two instances share the table, an entry may appear
     * after a higher-numbered one, so a reader that keeps up asks again a little way back.
     */
    public static List<LabApi.HistoryEntry> ofGame(String gameId, long afterId, int page, int size) {
        // Plain rows: a watched game's timeline asks for this every second, and nothing read is changed.
        return PlainStatement.list("""
                select id, direction, message_id, type, attempt_id, causation_id, disposition, redelivered, detail, body, recorded_at
                from message_history where game_id = ? and id > ? order by id limit ? offset ?""",
                row -> new LabApi.HistoryEntry(row.getLong(1), row.getString(2), row.getObject(3, UUID.class), row.getString(4),
                        row.getObject(5, UUID.class), row.getObject(6, UUID.class), row.getString(7), row.getBoolean(8),
                        row.getString(9), row.getString(10), row.getObject(11, OffsetDateTime.class).toInstant()),
                gameId, afterId, size, (long) page * size);
    }

    private static String text(byte[] body) {
        if (body == null) {
            return null;
        }
        String text = new String(body, 0, Math.min(body.length, MAX_BODY_CHARS * 4), StandardCharsets.UTF_8);
        return text.length() > MAX_BODY_CHARS ? text.substring(0, MAX_BODY_CHARS) + "…" : text;
    }
}
