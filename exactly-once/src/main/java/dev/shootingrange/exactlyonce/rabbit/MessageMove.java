package dev.shootingrange.exactlyonce.rabbit;

import java.io.IOException;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.GetResponse;

/**
 * The messages of one queue moved into another, none lost on the way: during a rebuild
 * ({@link QueueMigration}), and from a dead-letter queue back into its queue ({@link DeadLetterRedrive}).
 */
final class MessageMove {

    private static final int CONFIRM_EVERY = 100;
    private static final long CONFIRM_TIMEOUT_MS = 30_000;

    private MessageMove() {
    }

    /**
     * Moves every ready message, persistent, each acknowledged at the source only once the broker
     * confirmed its copy into the target; a copy returned unroutable (the target gone meanwhile) fails
     * the move before any ack, so that the source keeps it. A message whose messageId is in
     * {@code copied} already has its copy: it is only acked. Returns how many were copied.
     */
    static long all(Connection connection, String from, String to, Set<String> copied) throws IOException {
        return some(connection, from, to, copied, Long.MAX_VALUE);
    }

    /** As {@link #all}, taking at most {@code atMost} messages from the source. */
    static long some(Connection connection, String from, String to, Set<String> copied, long atMost) throws IOException {
        Channel channel = connection.createChannel();
        AtomicBoolean returned = new AtomicBoolean();
        channel.addReturnListener(unroutable -> returned.set(true));
        try {
            channel.confirmSelect();
            long moved = 0;
            long unconfirmedTag = -1;
            long seen = 0;
            for (GetResponse message; seen < atMost && (message = channel.basicGet(from, false)) != null;) {
                String id = message.getProps().getMessageId();
                if (id == null || copied.add(id)) {
                    channel.basicPublish("", to, true, message.getProps().builder().deliveryMode(2).build(), message.getBody());
                    moved++;
                }
                unconfirmedTag = message.getEnvelope().getDeliveryTag();
                if (++seen % CONFIRM_EVERY == 0) {
                    confirmThenAck(channel, unconfirmedTag, returned, to);
                    unconfirmedTag = -1;
                }
            }
            if (unconfirmedTag >= 0) {
                confirmThenAck(channel, unconfirmedTag, returned, to);
            }
            return moved;
        } finally {
            ChannelCalls.closeQuietly(channel);
        }
    }

    private static void confirmThenAck(Channel channel, long deliveryTag, AtomicBoolean returned, String to) throws IOException {
        try {
            channel.waitForConfirmsOrDie(CONFIRM_TIMEOUT_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while moving messages", e);
        } catch (TimeoutException e) {
            throw new IOException("the broker did not confirm the moved messages", e);
        }
        // A return arrives before the confirm of the same message: seen here if it happened.
        if (returned.get()) {
            throw new IOException("queue '" + to + "' went away while messages moved into it; none of the last ones acked");
        }
        channel.basicAck(deliveryTag, true);
    }

}
