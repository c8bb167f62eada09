package dev.shootingrange.exercises.outbox;

import javax.sql.DataSource;

import com.rabbitmq.client.Connection;

/**
 * Exercise 3: the outbox's relay (README.md beside this class).
 *
 * Publishes the rows {@link TableOutbox} wrote, once their transaction has committed; it runs now
 * and then, in transactions of its own, so a row a crashed process left behind goes out at its next
 * run. A row it marks sent is never published again: mark it only once the broker has it.
 */
public class Relay {

    private final DataSource database;
    private final Connection broker;

    /**
     * @param database where the relay takes connections of its own, one transaction per run
     * @param broker the connection it opens its channels on
     */
    public Relay(DataSource database, Connection broker) {
        this.database = database;
        this.broker = broker;
    }

    /** Publishes every row not yet published; returns how many it published. */
    public int publishPending() throws Exception {
        // TODO publish each unsent row (its message id as the AMQP messageId, persistent), wait for the
        //  broker's publisher confirms, and only then mark the rows sent. Nothing to do while send()
        //  publishes straight away.
        return 0;
    }
}
