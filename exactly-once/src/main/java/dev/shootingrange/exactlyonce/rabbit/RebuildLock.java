package dev.shootingrange.exactlyonce.rabbit;

import java.io.IOException;
import java.util.Map;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ShutdownSignalException;

/** One rebuild of a queue at a time ({@link QueueMigration}), whichever service runs it. */
final class RebuildLock {

    private RebuildLock() {
    }

    /**
     * A lock that one connection at a time can hold: an exclusive queue of that name. Null when another
     * connection holds it; released by {@link #release}, or by the broker when the connection ends.
     */
    static Channel acquire(Connection connection, String name) throws IOException {
        Channel channel = connection.createChannel();
        try {
            channel.queueDeclare(name, false, true, true, Map.of());
            return channel;
        } catch (IOException e) {
            ChannelCalls.closeQuietly(channel);
            if (ChannelCalls.replyCode(e) == AMQP.RESOURCE_LOCKED) {
                return null;
            }
            throw e;
        }
    }

    static void release(Channel lock, String name) {
        try {
            lock.queueDelete(name);
        } catch (IOException | ShutdownSignalException e) {
            // gone with its channel; the broker drops it with the connection at the latest
        }
        ChannelCalls.closeQuietly(lock);
    }
}
