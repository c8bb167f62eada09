package dev.shootingrange.exactlyonce;

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

import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.RangeMessage;
import dev.shootingrange.contract.Topology;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/**
 * A message waiting to be published, written in the transaction that decided to send it. The payload
 * is encoded once, here, so every copy the relay ever sends is the same bytes under the same messageId.
 */
@Entity
@Table(name = "outbox")
public class OutboxMessage extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "message_id", nullable = false, unique = true)
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

    /** Not published before this moment: the lab's delay fault pushes it back. */
    @Column(name = "available_at", nullable = false)
    public Instant availableAt;

    /** Held back by the lab until released, so that later messages overtake it. */
    @Column(nullable = false)
    public boolean held;

    protected OutboxMessage() {
    }

    OutboxMessage(RangeMessage message) {
        this.messageId = message.messageId();
        this.type = message.type();
        this.exchange = Topology.exchangeFor(type);
        this.routingKey = type;
        this.payload = MessageCodec.encode(message);
        this.createdAt = Instant.now();
        this.availableAt = createdAt;
    }

    /** The same message under a new messageId: what a producer without stable ids would send. */
    OutboxMessage copyWithNewId() {
        RangeMessage copy = MessageCodec.withMessageId(MessageCodec.decode(payload), UUID.randomUUID());
        return new OutboxMessage(copy);
    }

    /**
     * Locks up to {@code limit} unsent rows, oldest first. Rows another relay instance holds are
     * skipped, not waited for: two instances never publish the same row at the same time.
     */
    @SuppressWarnings("unchecked")
    static List<OutboxMessage> claimPending(int limit) {
        return getEntityManager().createNativeQuery("""
                select * from outbox where sent_at is null and not held and available_at <= now()
                order by id limit ?1 for update skip locked""", OutboxMessage.class)
                .setParameter(1, limit)
                .getResultList();
    }

    static void markSent(Collection<Long> ids) {
        if (!ids.isEmpty()) {
            update("sentAt = ?1 where id in ?2", Instant.now(), ids);
        }
    }

    static int releaseHeld() {
        return update("held = false where held = true and sentAt is null");
    }

    public static OutboxMessage byMessageId(UUID messageId) {
        return find("messageId", messageId).firstResult();
    }

    public static long pending() {
        return count("sentAt is null");
    }

    static long purgeSent(Duration retention) {
        return delete("sentAt < ?1", Instant.now().minus(retention));
    }
}
