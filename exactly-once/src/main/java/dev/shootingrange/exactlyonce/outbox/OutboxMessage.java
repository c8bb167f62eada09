package dev.shootingrange.exactlyonce.outbox;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import dev.shootingrange.exactlyonce.Causation;
import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.PlainStatement;
import dev.shootingrange.exactlyonce.observe.MessageTracing;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/**
 * A message waiting to be published, written in the transaction that decided to send it, with the
 * bytes it was encoded to then: every copy the relay ever sends is the same bytes under the same id.
 */
@Entity
@Table(name = "outbox")
public class OutboxMessage extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "message_id", nullable = false)
    public UUID messageId;

    @Column(nullable = false)
    public String exchange;

    @Column(name = "routing_key", nullable = false)
    public String routingKey;

    @Column(nullable = false)
    public String type;

    @Column(nullable = false)
    public byte[] payload;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "sent_at")
    public Instant sentAt;

    /** The message whose handling wrote this row, or null where none did. */
    @Column(name = "caused_by")
    public UUID causedBy;

    /** The sending handling's span context (W3C traceparent): the relay's publication continues its trace. */
    @Column(name = "trace_parent")
    public String traceParent;

    protected OutboxMessage() {
    }

    /**
     * Writes the row with one plain statement in the sending transaction. Not {@code persist()}: the ORM
     * would read its generated id back and keep the row managed until the commit (a copy of its payload,
     * a dirty check at the flush), all for a row this transaction never looks at again; that was about a
     * tenth of the range's CPU per shot (docs/performance.md).
     *
     * @param cause the handling that writes the row, or null: its rows all carry the instant it began
     *        as {@code created_at}, which is how the rows of one handling are told from another's
     */
    static void insert(Envelope message, Causation cause) {
        PlainStatement.update("""
                insert into outbox (message_id, exchange, routing_key, type, payload, created_at, caused_by, trace_parent)
                values (?, ?, ?, ?, ?, ?, ?, ?)""",
                message.messageId(), message.exchange(), message.routingKey(), message.type(), message.body(),
                cause == null ? Instant.now() : cause.handlingBegan(), cause == null ? null : cause.messageId(),
                message.traceParent() != null ? message.traceParent() : MessageTracing.currentTraceParent());
    }

    public Envelope envelope() {
        return new Envelope(messageId, type, exchange, routingKey, payload, traceParent);
    }

    /**
     * Locks up to {@code limit} unsent rows, oldest first, but for those waiting after a return. Rows
     * another relay instance holds are skipped, not waited for: two instances never publish the same
     * row at the same time. The rows come back as plain objects, not managed ones: the relay reads them
     * and marks them sent by id.
     */
    static List<OutboxMessage> claimPending(int limit) {
        return PlainStatement.list("""
                select id, message_id, exchange, routing_key, type, payload, trace_parent from outbox
                where sent_at is null and (publish_after is null or publish_after <= now())
                order by id limit ? for update skip locked""", row -> {
            OutboxMessage message = new OutboxMessage();
            message.id = row.getLong(1);
            message.messageId = row.getObject(2, UUID.class);
            message.exchange = row.getString(3);
            message.routingKey = row.getString(4);
            message.type = row.getString(5);
            message.payload = row.getBytes(6);
            message.traceParent = row.getString(7);
            return message;
        }, limit);
    }

    static void markSent(Collection<Long> ids) {
        if (!ids.isEmpty()) {
            PlainStatement.update("update outbox set sent_at = ? where id = any(?)", Instant.now(),
                    ids.toArray(Long[]::new));
        }
    }

    /**
     * The broker returned these rows as unroutable (no queue bound for them yet, or any more): each waits
     * before it is published again, 1 s after its first return, doubling to a minute.
     */
    static void returned(Collection<Long> ids) {
        if (!ids.isEmpty()) {
            PlainStatement.update("""
                    update outbox set publish_after = now() + least(power(2, returns), 60) * interval '1 second',
                                      returns = returns + 1
                    where id = any(?)""", (Object) ids.toArray(Long[]::new));
        }
    }

    public static OutboxMessage byMessageId(UUID messageId) {
        return find("messageId = ?1 order by id desc", messageId).firstResult();
    }

    /**
     * Marks the sent rows of the first handling of message {@code causedBy} as not sent: the relay sends
     * them again. A message handled more than once (past the inbox's window) has rows of several
     * handlings; only the first one's are its answer.
     */
    static int unsendFirstHandlingOf(UUID causedBy) {
        return getEntityManager().createNativeQuery("""
                update outbox set sent_at = null
                where caused_by = ?1 and sent_at is not null
                  and created_at = (select min(created_at) from outbox where caused_by = ?1)""")
                .setParameter(1, causedBy)
                .executeUpdate();
    }

    public static long pending() {
        return count("sentAt is null");
    }

    public static long purgeSent(Duration retention) {
        return delete("sentAt < ?1", Instant.now().minus(retention));
    }
}
