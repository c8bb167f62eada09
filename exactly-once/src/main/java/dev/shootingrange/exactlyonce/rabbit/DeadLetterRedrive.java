package dev.shootingrange.exactlyonce.rabbit;

import java.io.IOException;
import java.util.HashSet;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;

/**
 * What a dead-letter queue holds, put back into the queue it came from, to be handled again: the way
 * back for a valid message that reached it (a delivery limit spent, a fault since fixed). Each message
 * is acked in the dead-letter queue only once the broker confirmed its copy in the queue; copies under
 * one messageId go back as one, which is all the inbox would take of them.
 */
public final class DeadLetterRedrive {

    private DeadLetterRedrive() {
    }

    /**
     * Moves the messages {@code deadLetters} holds now into {@code queue}: no more than it held when
     * asked, so that one dead-lettered again on its way (invalid input) waits there for the next call
     * instead of going round. Returns how many went back.
     */
    public static long back(Connection connection, String deadLetters, String queue) throws IOException {
        long held;
        Channel channel = connection.createChannel();
        try {
            held = channel.queueDeclarePassive(deadLetters).getMessageCount();
        } finally {
            ChannelCalls.closeQuietly(channel);
        }
        return MessageMove.some(connection, deadLetters, queue, new HashSet<>(), held);
    }
}
