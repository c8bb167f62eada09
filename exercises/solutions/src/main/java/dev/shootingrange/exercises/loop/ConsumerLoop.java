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
 * Exercise 11, solved: the delivery is taken unacknowledged; one transaction records it in the inbox
 * (first, under its primary key), has the handler handle it where it is new, and keeps its answers in
 * the outbox; the ack comes after the commit. Dead before the commit, the process left nothing: the
 * broker redelivers and the handling starts over. Dead after it, the redelivery meets the inbox and
 * is only acked. The outbox rows are the handling's own, so they are kept exactly when it is.
 */
public class ConsumerLoop {

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

    public ConsumerLoop(DataSource database, Connection broker, String queue, Handler handler) throws IOException {
        this.database = database;
        this.channel = broker.createChannel();
        this.queue = queue;
        this.handler = handler;
    }

    public boolean handleOne() throws IOException, SQLException {
        GetResponse delivery = channel.basicGet(queue, false);
        if (delivery == null) {
            return false;
        }
        UUID messageId = UUID.fromString(delivery.getProps().getMessageId());
        try (java.sql.Connection transaction = database.getConnection()) {
            transaction.setAutoCommit(false);
            if (firstDelivery(transaction, messageId)) {
                for (Envelope answer : handler.handle(transaction, messageId, delivery.getBody())) {
                    keep(transaction, answer, messageId);
                }
            }
            transaction.commit();
        }
        channel.basicAck(delivery.getEnvelope().getDeliveryTag(), false);
        return true;
    }

    private static boolean firstDelivery(java.sql.Connection transaction, UUID messageId) throws SQLException {
        try (PreparedStatement insert = transaction.prepareStatement("insert into inbox (message_id) values (?) on conflict do nothing")) {
            insert.setObject(1, messageId);
            return insert.executeUpdate() == 1;
        }
    }

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
