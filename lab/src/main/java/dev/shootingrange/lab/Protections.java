package dev.shootingrange.lab;

import java.time.Instant;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

import dev.shootingrange.exactlyonce.inbox.Inbox;
import dev.shootingrange.exactlyonce.outbox.TransactionalOutbox;
import dev.shootingrange.exactlyonce.spi.Dispatch;
import dev.shootingrange.exactlyonce.spi.DuplicateDetector;
import dev.shootingrange.exactlyonce.spi.OnDuplicate;
import dev.shootingrange.exactlyonce.spi.OutgoingIds;
import dev.shootingrange.exactlyonce.spi.RetryPolicy;
import dev.shootingrange.lab.participant.ParticipantIds;
import dev.shootingrange.lab.participant.ParticipantInbox;
import dev.shootingrange.lab.participant.ParticipantOutbox;

/**
 * The lab's protections, at the core's seams: duplicates are detected by the inbox or by nothing, a
 * copy is answered by nothing or by the first handling's messages again (the side-effects strategy),
 * outgoing messages leave through the outbox or straight to the broker, and answers carry ids derived
 * from what they answer or random ones, as switched now. The inbox, the outbox and the derived ids are
 * the core's, or a workshop participant's where theirs are plugged in
 * ({@link dev.shootingrange.lab.participant.ParticipantCode}); the side-effects strategy reads the
 * core's outbox.
 */
class Protections {

    @Produces
    @ApplicationScoped
    DuplicateDetector duplicateDetector(Lab lab, Inbox inbox, TransactionalOutbox outbox, ParticipantInbox participant) {
        DuplicateDetector records = participant.inbox().orElse(inbox::firstDelivery);
        return (String consumer, UUID messageId) -> {
            // Side effects know a copy by the messages its first handling stored, as long as the outbox
            // keeps them, past the inbox's window; the inbox covers handlings that sent nothing.
            if (lab.strategyIs(Lab.SIDE_EFFECTS) && outbox.storedMessagesOf(messageId)) {
                return false;
            }
            return lab.isOn(Lab.INBOX) ? records.firstDelivery(consumer, messageId)
                    : DuplicateDetector.NOTHING.firstDelivery(consumer, messageId);
        };
    }

    /** With the side-effects strategy, a copy has its first handling's messages sent again. */
    @Produces
    @ApplicationScoped
    OnDuplicate onDuplicate(Lab lab, TransactionalOutbox outbox) {
        return (String consumer, UUID messageId) -> lab.strategyIs(Lab.SIDE_EFFECTS)
                ? outbox.sendAgain(messageId)
                : OnDuplicate.NOTHING.answer(consumer, messageId);
    }

    @Produces
    @ApplicationScoped
    Dispatch dispatch(Lab lab, TransactionalOutbox outbox, DirectPublisher direct, ParticipantOutbox participant) {
        Dispatch stored = participant.outbox().orElse(outbox::send);
        return message -> {
            if (lab.isOn(Lab.OUTBOX)) {
                stored.send(message);
            } else {
                direct.send(message);
            }
        };
    }

    /** A simulated crash is tried again at once, as a restarted process would; anything else waits its back-off. */
    @Produces
    @ApplicationScoped
    RetryPolicy retryPolicy() {
        return SimulatedCrash::in;
    }

    @Produces
    @ApplicationScoped
    OutgoingIds outgoingIds(Lab lab, ParticipantIds participant) {
        OutgoingIds derived = participant.ids().orElse(OutgoingIds.DERIVED);
        return new OutgoingIds() {
            @Override
            public UUID messageId(UUID causationId, String type) {
                return now().messageId(causationId, type);
            }

            @Override
            public Instant sentAt(Instant causeSentAt) {
                return now().sentAt(causeSentAt);
            }

            @Override
            public OutgoingIds forOneHandling() {
                return now();
            }

            private OutgoingIds now() {
                return lab.isOn(Lab.DETERMINISTIC_IDS) ? derived : OutgoingIds.RANDOM;
            }
        };
    }
}
