package dev.shootingrange.exercises.loop;

import java.io.IOException;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;

import javax.sql.DataSource;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.GetResponse;

import dev.shootingrange.exactlyonce.Envelope;

/**
 * Exercise 11: the consumer's loop, composed (README.md beside this class).
 *
 * Takes the next delivery off the queue, has the {@link Handler} handle it and keeps what it answers
 * in the outbox, for a relay to publish. The process may die between any two of these steps. Here
 * the broker forgets the delivery as it hands it over, and nothing knows a copy. Compose the inbox,
 * the handler, the outbox rows, the commit and the ack so that every message takes effect once and
 * its answers are kept once, wherever the process dies.
 */
public class ConsumerLoop {

    /** The consumer's tables, made before each test: its inbox, and the outbox the relay reads. */
    public static final String[] TABLES = { """
            create table inbox (
                message_id uuid primary key,
                received_at timestamptz not null default now()
            )""", """
            create table outbox (
                id bigserial primary key,
                message_id uuid not null,
                type text not null,
                payload bytea not null,
                caused_by uuid not null,
                sent_at timestamptz
            )""" };

    private final DataSource database;
    private final Channel channel;
    private final String queue;
    private final Handler handler;

    /** @param broker the connection of this process to the broker; {@code queue} is where its FireAts wait */
    public ConsumerLoop(DataSource database, Connection broker, String queue, Handler handler) throws IOException {
        this.database = database;
        this.channel = broker.createChannel();
        this.queue = queue;
        this.handler = handler;
    }

    /** Handles the next delivery to the end; false where the queue had none. */
    public boolean handleOne() throws IOException, SQLException {
        // TODO take the delivery without the broker forgetting it; record it in the inbox, in the handler's
        //  transaction, and skip a copy; commit the handling and its outbox rows together; only then ack.
        GetResponse delivery = channel.basicGet(queue, true);
        if (delivery == null) {
            return false;
        }
        UUID messageId = UUID.fromString(delivery.getProps().getMessageId());
        try (java.sql.Connection transaction = database.getConnection()) {
            transaction.setAutoCommit(false);
            for (Envelope answer : handler.handle(transaction, messageId, delivery.getBody())) {
                keep(transaction, answer, messageId);
            }
            transaction.commit();
        }
        return true;
    }

    /** An answer kept in the outbox, in {@code transaction}, for the relay. */
    private static void keep(java.sql.Connection transaction, Envelope answer, UUID cause) throws SQLException {
        try (PreparedStatement insert = transaction.prepareStatement(
                "insert into outbox (message_id, type, payload, caused_by) values (?, ?, ?, ?)")) {
            insert.setObject(1, answer.messageId());
            insert.setString(2, answer.type());
            insert.setBytes(3, answer.body());
            insert.setObject(4, cause);
            insert.executeUpdate();
        }
    }
}
