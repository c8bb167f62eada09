package dev.shootingrange.exercises.outbox;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.function.Supplier;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.spi.Dispatch;

/**
 * Wrong turn: the row stored for the relay, and the message published at once as well, to be
 * quick. The message is on the broker before the transaction commits, and stays there when it rolls
 * back: a ghost Hit for a shot the range never decided.
 *
 * Caught by: TableOutboxTest.nothingIsOnTheBrokerBeforeTheCommit
 * Caught by: TableOutboxTest.aHitSentInATransactionThatRolledBackIsNeverPublished
 */
public class TableOutbox implements Dispatch {

    public static final String TABLE = """
            create table outbox (
                id bigserial primary key,
                message_id uuid not null,
                exchange text not null,
                routing_key text not null,
                type text not null,
                payload bytea not null,
                created_at timestamptz not null default now(),
                sent_at timestamptz
            )""";

    private final Supplier<Connection> transaction;
    private final Channel channel;

    public TableOutbox(Supplier<Connection> transaction, Channel channel) {
        this.transaction = transaction;
        this.channel = channel;
    }

    @Override
    public void send(Envelope message) {
        try (PreparedStatement insert = transaction.get().prepareStatement("""
                insert into outbox (message_id, exchange, routing_key, type, payload) values (?, ?, ?, ?, ?)""")) {
            insert.setObject(1, message.messageId());
            insert.setString(2, message.exchange());
            insert.setString(3, message.routingKey());
            insert.setString(4, message.type());
            insert.setBytes(5, message.body());
            insert.executeUpdate();
            channel.basicPublish(message.exchange(), message.routingKey(), new AMQP.BasicProperties.Builder()
                    .messageId(message.messageId().toString()).type(message.type()).deliveryMode(2).build(), message.body());
        } catch (IOException | SQLException e) {
            throw new IllegalStateException("could not store " + message, e);
        }
    }
}
