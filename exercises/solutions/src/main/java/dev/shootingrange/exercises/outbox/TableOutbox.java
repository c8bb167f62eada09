package dev.shootingrange.exercises.outbox;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.function.Supplier;

import com.rabbitmq.client.Channel;
import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.spi.Dispatch;

/**
 * Exercise 3, solved: the message is a row written by the sending transaction, with the bytes and
 * the id it was decided with. Rolled back, it never existed; committed, it waits (sent_at null)
 * until the {@link Relay} has published it, however long after the commit that is. The channel is
 * no longer the sender's business: only the relay publishes.
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

    public TableOutbox(Supplier<Connection> transaction, Channel channel) {
        this.transaction = transaction;
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
        } catch (SQLException e) {
            throw new IllegalStateException("could not store " + message, e);
        }
    }
}
