package dev.shootingrange.exactlyonce.rabbit;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ShutdownSignalException;
import dev.shootingrange.exactlyonce.rabbit.DurableQueue.Binding;

/**
 * The calls a queue's rebuild makes ({@link QueueMigration}), each on a channel of its own: a refusal
 * closes that channel only, and some refusals are answers ("no such queue", "held with other
 * arguments", "locked by another connection").
 */
final class ChannelCalls {

    @FunctionalInterface
    interface Call {
        void run(Channel channel) throws IOException;
    }

    private static final long SETTLING_NANOS = 5_000_000_000L;
    private static final long TAKE_BACK_NANOS = 1_000_000_000L;

    private final Connection connection;

    ChannelCalls(Connection connection) {
        this.connection = connection;
    }

    /** Whether the broker takes this declaration: it creates a missing queue, and refuses one held otherwise. */
    boolean declares(String queue, Map<String, Object> arguments) throws IOException {
        return run(channel -> channel.queueDeclare(queue, true, false, false, arguments), AMQP.PRECONDITION_FAILED);
    }

    boolean exists(String queue) throws IOException {
        return run(channel -> channel.queueDeclarePassive(queue), AMQP.NOT_FOUND);
    }

    int consumers(String queue) throws IOException {
        int[] consumers = { 0 };
        run(channel -> consumers[0] = channel.queueDeclarePassive(queue).getConsumerCount(), -1);
        return consumers[0];
    }

    void declareAndBind(String queue, Map<String, Object> arguments, List<Binding> bindings) throws IOException {
        run(channel -> {
            channel.queueDeclare(queue, true, false, false, arguments);
            for (Binding binding : bindings) {
                channel.queueBind(queue, binding.exchange(), binding.routingKey());
            }
        }, -1);
    }

    void unbind(String queue, List<Binding> bindings) throws IOException {
        run(channel -> {
            for (Binding binding : bindings) {
                channel.queueUnbind(queue, binding.exchange(), binding.routingKey());
            }
        }, -1);
    }

    /**
     * Deletes a queue found empty and unread; one already gone is fine. Counted here rather than with
     * the delete's if-empty and if-unused flags, which a quorum queue refuses with a connection error. A
     * quorum queue counts the messages just taken, and their takers, for a moment longer: a queue is
     * looked at for a few seconds before it counts as in use.
     */
    void deleteUnusedAndEmpty(String queue) throws IOException {
        run(channel -> {
            Predicate<AMQP.Queue.DeclareOk> inUse = ok -> ok.getMessageCount() > 0 || ok.getConsumerCount() > 0;
            AMQP.Queue.DeclareOk found = watch(channel, queue, SETTLING_NANOS, inUse);
            if (inUse.test(found)) {
                throw new IOException("queue '%s' got %d message(s) and %d consumer(s) while being rebuilt; not deleted"
                        .formatted(queue, found.getMessageCount(), found.getConsumerCount()));
            }
            channel.queueDelete(queue);
        }, AMQP.NOT_FOUND);
    }

    /** Whether messages show up in the queue within a second: deliveries a quorum queue took back. */
    boolean takesBack(String queue) throws IOException {
        boolean[] some = { false };
        run(channel -> some[0] = watch(channel, queue, TAKE_BACK_NANOS, ok -> ok.getMessageCount() == 0).getMessageCount() > 0,
                AMQP.NOT_FOUND);
        return some[0];
    }

    /** The queue looked at every 50 ms while {@code waiting} holds, for at most {@code nanos}. */
    private static AMQP.Queue.DeclareOk watch(Channel channel, String queue, long nanos, Predicate<AMQP.Queue.DeclareOk> waiting)
            throws IOException {
        AMQP.Queue.DeclareOk found = channel.queueDeclarePassive(queue);
        for (long deadline = System.nanoTime() + nanos; waiting.test(found) && System.nanoTime() < deadline;
                found = channel.queueDeclarePassive(queue)) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while a queue settles", e);
            }
        }
        return found;
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

    static int replyCode(IOException e) {
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
