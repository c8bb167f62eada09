package dev.shootingrange.exactlyonce.runtime;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

import dev.shootingrange.exactlyonce.inbox.Inbox;
import dev.shootingrange.exactlyonce.outbox.TransactionalOutbox;
import dev.shootingrange.exactlyonce.spi.Dispatch;
import dev.shootingrange.exactlyonce.spi.DuplicateDetector;
import dev.shootingrange.exactlyonce.spi.OnDuplicate;
import dev.shootingrange.exactlyonce.spi.OutgoingIds;
import dev.shootingrange.exactlyonce.spi.RetryPolicy;
import io.quarkus.arc.DefaultBean;

/**
 * The core's choices at its seams, each replaced by declaring a bean of the same type: duplicates are
 * detected by the inbox and a copy is answered by nothing, outgoing messages leave through the
 * transactional outbox, their ids are derived from the message they answer, and every failure waits out
 * its back-off.
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
    OnDuplicate onDuplicate() {
        return OnDuplicate.NOTHING;
    }

    @Produces
    @DefaultBean
    @ApplicationScoped
    Dispatch dispatch(TransactionalOutbox outbox) {
        return outbox::send;
    }

    @Produces
    @DefaultBean
    @ApplicationScoped
    RetryPolicy retryPolicy() {
        return RetryPolicy.BACK_OFF;
    }

    @Produces
    @DefaultBean
    @ApplicationScoped
    OutgoingIds outgoingIds() {
        return OutgoingIds.DERIVED;
    }
}
