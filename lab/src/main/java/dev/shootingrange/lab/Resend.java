package dev.shootingrange.lab;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.shootingrange.contract.ContractFormat;
import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.outbox.OutboxMessage;
import dev.shootingrange.exactlyonce.outbox.OutboxRelay;
import dev.shootingrange.exactlyonce.outbox.TransactionalOutbox;
import dev.shootingrange.lab.participant.ParticipantOutbox;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * A sent message again: the same copy, as a broker redelivers it, or under a new messageId, as a
 * producer that makes ids per send would emit it. Found in the core's outbox, a participant's, or the
 * lab's history of what went out; the core's relay publishes the copy.
 */
@ApplicationScoped
public class Resend {

    private final TransactionalOutbox outbox;
    private final OutboxRelay relay;
    private final ParticipantOutbox participant;
    private final ContractFormat format;

    Resend(TransactionalOutbox outbox, OutboxRelay relay, ParticipantOutbox participant, ContractFormat format) {
        this.outbox = outbox;
        this.relay = relay;
        this.participant = participant;
        this.format = format;
    }

    /** Whether a sent message with this id was found and goes out again, the same bytes under the same id. */
    public boolean sameCopy(UUID messageId) {
        return relay.resend(messageId) || QuarkusTransaction.requiringNew().call(() -> sentElsewhere(messageId).map(body -> {
            outbox.send(format.write(MessageCodec.decode(body)));
            return true;
        }).orElse(false));
    }

    /** The new copy's messageId, or null where no such message was sent. */
    public UUID underNewId(UUID messageId) {
        return QuarkusTransaction.requiringNew().call(() -> {
            OutboxMessage row = OutboxMessage.byMessageId(messageId);
            byte[] payload = row != null ? row.payload : sentElsewhere(messageId).orElse(null);
            if (payload == null) {
                return null;
            }
            UUID newId = UUID.randomUUID();
            outbox.send(format.write(MessageCodec.withMessageId(MessageCodec.decode(payload), newId)));
            return newId;
        });
    }

    /**
     * A message sent other than through the core's outbox: by a participant's outbox, which keeps it in
     * their table, or straight to the broker, which only the lab's history saw go out.
     */
    private Optional<byte[]> sentElsewhere(UUID messageId) {
        return participant.sent(messageId).map(Envelope::body).or(() -> MessageHistory.<MessageHistory>find(
                "messageId = ?1 and direction = ?2 and disposition = ?3", messageId, MessageHistory.Direction.OUT,
                MessageHistory.Disposition.PUBLISHED).firstResultOptional().map(sent -> sent.body.getBytes(StandardCharsets.UTF_8)));
    }
}
