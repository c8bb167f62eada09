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
 * Wrong turn: unacked, committed, then acked, with no inbox: nothing is lost, but dead between the
 * commit and the ack, the process has the FireAt redelivered and handled again.
 *
 * Caught by: ConsumerLoopTest.aProcessThatDiesAtAnyStepLeavesEveryFireAtHandledOnceWithItsAnswerKeptOnce
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
            for (Envelope answer : handler.handle(transaction, messageId, delivery.getBody())) {
                keep(transaction, answer, messageId);
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
