package dev.shootingrange.exactlyonce;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

import io.quarkus.arc.DefaultBean;

/**
 * The core's choices at its two seams, each replaced by declaring a bean of the same type: duplicates
 * are detected by the inbox, and outgoing messages leave through the transactional outbox.
 */
class Seams {

    @Produces
    @DefaultBean
    @ApplicationScoped
    DuplicateDetector duplicateDetector(Inbox inbox) {
        return inbox::firstDelivery;
    }

    @Produces
    @DefaultBean
    @ApplicationScoped
    Dispatch dispatch(TransactionalOutbox outbox) {
        return outbox::send;
    }
}
