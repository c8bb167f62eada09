package dev.shootingrange.lab;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

import dev.shootingrange.exactlyonce.DirectPublisher;
import dev.shootingrange.exactlyonce.Dispatch;
import dev.shootingrange.exactlyonce.DuplicateDetector;
import dev.shootingrange.exactlyonce.Inbox;
import dev.shootingrange.exactlyonce.TransactionalOutbox;

/**
 * The lab's two protections, at the core's two seams: duplicates are detected by the inbox or by
 * nothing, and outgoing messages leave through the outbox or straight to the broker, as switched now.
 */
class Protections {

    @Produces
    @ApplicationScoped
    DuplicateDetector duplicateDetector(Lab lab, Inbox inbox) {
        return (String consumer, UUID messageId) -> lab.isOn(Lab.INBOX)
                ? inbox.firstDelivery(consumer, messageId)
                : DuplicateDetector.NOTHING.firstDelivery(consumer, messageId);
    }

    @Produces
    @ApplicationScoped
    Dispatch dispatch(Lab lab, TransactionalOutbox outbox, DirectPublisher direct) {
        return message -> {
            if (lab.isOn(Lab.OUTBOX)) {
                outbox.send(message);
            } else {
                direct.send(message);
            }
        };
    }
}
