package dev.shootingrange.exactlyonce;

import java.io.IOException;
import java.util.concurrent.TimeoutException;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.GetResponse;
import com.rabbitmq.client.ShutdownSignalException;

/**
 * Calls to the broker that it may refuse, each on a channel of its own: a refusal closes that channel
 * only, and some refusals are answers ("no such queue", "held with other arguments").
 */
final class ChannelCalls {

    @FunctionalInterface
    interface Call {
        void run(Channel channel) throws IOException;
    }

    private static final int CONFIRM_EVERY = 100;
    private static final long CONFIRM_TIMEOUT_MS = 30_000;

    private final Connection connection;

    ChannelCalls(Connection connection) {
        this.connection = connection;
    }

    /** True when the call went through, false when the broker refused it with the expected reply code. */
    boolean run(Call call, int expectedRefusal) throws IOException {
        Channel channel = connection.createChannel();
        try {
            call.run(channel);
            return true;
        } catch (IOException e) {
            if (replyCode(e) == expectedRefusal) {
                return false;
            }
            throw e;
        } finally {
            closeQuietly(channel);
        }
    }

    /**
     * Moves every ready message, each acknowledged at the source only once the broker confirmed its copy
     * at the target: a failure in between leaves it in both, never in neither.
     */
    long moveAll(String from, String to) throws IOException {
        Channel channel = connection.createChannel();
        try {
            channel.confirmSelect();
            long moved = 0;
            long unconfirmedTag = -1;
            for (GetResponse message = channel.basicGet(from, false); message != null; message = channel.basicGet(from, false)) {
                channel.basicPublish("", to, message.getProps(), message.getBody());
                unconfirmedTag = message.getEnvelope().getDeliveryTag();
                if (++moved % CONFIRM_EVERY == 0) {
                    confirmThenAck(channel, unconfirmedTag);
                    unconfirmedTag = -1;
                }
            }
            if (unconfirmedTag >= 0) {
                confirmThenAck(channel, unconfirmedTag);
            }
            return moved;
        } finally {
            ChannelCalls.closeQuietly(channel);
        }
    }

    private static void confirmThenAck(Channel channel, long deliveryTag) throws IOException {
        try {
            channel.waitForConfirmsOrDie(CONFIRM_TIMEOUT_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while moving messages", e);
        } catch (TimeoutException e) {
            throw new IOException("the broker did not confirm the moved messages", e);
        }
        channel.basicAck(deliveryTag, true);
    }

    private static int replyCode(IOException e) {
        if (e.getCause() instanceof ShutdownSignalException signal && signal.getReason() instanceof AMQP.Channel.Close close) {
            return close.getReplyCode();
        }
        return 0;
    }

    static void closeQuietly(Channel channel) {
        if (channel.isOpen()) {
            try {
                channel.close();
            } catch (IOException | TimeoutException | ShutdownSignalException e) {
                // closed by the broker meanwhile: nothing to release
            }
        }
    }
}
