package dev.shootingrange.lab;

import java.time.Instant;
import java.util.List;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import dev.shootingrange.exactlyonce.Envelope;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/** An outgoing message the lab took off the wire: held until released, or delayed until releaseAt. */
@Entity
@Table(name = "lab_taken_message")
public class TakenMessage extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "message_id", nullable = false)
    public java.util.UUID messageId;

    @Column(nullable = false)
    public String type;

    @Column(nullable = false)
    public String exchange;

    @Column(name = "routing_key", nullable = false)
    public String routingKey;

    @Column(nullable = false)
    public byte[] body;

    /** The trace its publication continues when released (a W3C traceparent), or null. */
    @Column(name = "trace_parent")
    public String traceParent;

    /** Null while held: it waits for a release. */
    @Column(name = "release_at")
    public Instant releaseAt;

    static TakenMessage of(Envelope message, Instant releaseAt) {
        TakenMessage taken = new TakenMessage();
        taken.messageId = message.messageId();
        taken.type = message.type();
        taken.exchange = message.exchange();
        taken.routingKey = message.routingKey();
        taken.body = message.body();
        taken.traceParent = message.traceParent();
        taken.releaseAt = releaseAt;
        return taken;
    }

    Envelope envelope() {
        return new Envelope(messageId, type, exchange, routingKey, body, traceParent);
    }

    /** Delayed rows whose time passed a while ago: their timer should have published them. */
    static boolean anyOverdue() {
        return count("releaseAt < ?1", Instant.now().minusSeconds(1)) > 0;
    }

    /** When the next delayed row is due, or null where none waits. */
    static Instant nextRelease() {
        return find("releaseAt is not null order by releaseAt").<TakenMessage> firstResultOptional()
                .map(row -> row.releaseAt).orElse(null);
    }

    /**
     * Locks the held ones, or the delayed ones now due; rows another instance holds are skipped. Due by
     * this process's clock, the one their timers run on, not the database's.
     */
    @SuppressWarnings("unchecked")
    static List<TakenMessage> claim(boolean held) {
        var query = getEntityManager().createNativeQuery("select * from lab_taken_message where "
                + (held ? "release_at is null" : "release_at <= ?1") + " order by id limit 200 for update skip locked",
                TakenMessage.class);
        return (held ? query : query.setParameter(1, Instant.now())).getResultList();
    }
}
