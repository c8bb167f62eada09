package dev.shootingrange.exercises.outbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.util.function.Supplier;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.spi.Dispatch;

/**
 * Exercise 3: the outbox (README.md beside this class).
 *
 * A handler calls {@link #send} inside the transaction that handles a message, for what it decided
 * (a Hit, a Missed). Here the message goes straight to the broker: out even where the transaction
 * then rolls back (a ghost); published after the commit instead, it would be lost wherever the
 * process died in between. Make the message a row of the sending transaction, for the
 * {@link Relay} to publish once that transaction has committed.
 */
public class TableOutbox implements Dispatch {

    /** The outbox's table, made before each test. How will the relay tell the rows it has published? */
    public static final String TABLE = """
            create table outbox (
                id bigserial primary key,
                message_id uuid not null,
                exchange text not null,
                routing_key text not null,
                type text not null,
                payload bytea not null,
                created_at timestamptz not null default now()
            )""";

    private final Supplier<Connection> transaction;
    private final Channel channel;

    /**
     * @param transaction the connection of the transaction that decides to send
     * @param channel a channel to the broker, for publishing straight away
     */
    public TableOutbox(Supplier<Connection> transaction, Channel channel) {
        this.transaction = transaction;
        this.channel = channel;
    }

    @Override
    public void send(Envelope message) {
        // TODO insert the message as a row in the sending transaction; leave the publishing to the relay.
        AMQP.BasicProperties properties = new AMQP.BasicProperties.Builder()
                .messageId(message.messageId().toString())
                .type(message.type())
                .deliveryMode(2)
                .build();
        try {
            channel.basicPublish(message.exchange(), message.routingKey(), properties, message.body());
        } catch (IOException e) {
            throw new UncheckedIOException("could not publish " + message, e);
        }
    }
}
