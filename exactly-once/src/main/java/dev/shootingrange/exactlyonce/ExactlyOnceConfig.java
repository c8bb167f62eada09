package dev.shootingrange.exactlyonce;

import java.time.Duration;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

@ConfigMapping(prefix = "exactly-once")
public interface ExactlyOnceConfig {

    /** The queue this service consumes; also the consumer name its inbox records messages under. */
    String queue();

    /** The content type of every message this service publishes. */
    @WithDefault("application/json")
    String contentType();

    Consumer consumer();

    Relay relay();

    Retention retention();

    /** Read by the connector's settings in this module's META-INF/microprofile-config.properties. */
    interface Consumer {
        /** Messages handled in parallel, each in a transaction of its own unless batched. */
        @WithDefault("4")
        int concurrency();

        /** Unacknowledged messages the broker may push to the service. */
        @WithDefault("20")
        int prefetch();

        /**
         * Deliveries handled in one transaction (docs/decisions/0021, 0030): 1, the default, handles each
         * in its own. A batch holds at most as many as the concurrency, the deliveries being handled at
         * once; raise both together. At most 64: a member that fails has the others handled again.
         */
        @WithDefault("1")
        int batchSize();

        /** Ceiling of the back-off between retries of a message whose handling failed. */
        @WithDefault("5s")
        Duration maxRetryDelay();
    }

    interface Relay {
        /** How often the relay looks for rows that no commit woke it up for (a crash, a failed publish). */
        @WithDefault("1s")
        Duration sweepInterval();

        /** Rows published per batch, their confirms awaited together. */
        @WithDefault("200")
        int batchSize();

        /** How long to wait for the broker's confirms before the batch counts as not sent. */
        @WithDefault("10s")
        Duration confirmTimeout();
    }

    interface Retention {
        /** How long a received messageId is remembered: the duplicate-detection window. */
        @WithDefault("7d")
        Duration inbox();

        /** How long a sent outbox row is kept. */
        @WithDefault("7d")
        Duration outbox();

        /** How often expired inbox and outbox rows are deleted. */
        @WithDefault("10m")
        Duration purgeEvery();
    }
}
