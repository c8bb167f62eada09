package dev.shootingrange.exactlyonce.tally;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import jakarta.inject.Singleton;

import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Channel;
import dev.shootingrange.exactlyonce.rabbit.BrokerTopology;
import dev.shootingrange.exactlyonce.rabbit.DurableQueue;

/** One exchange; the Counts' queue, which the handler consumes, and the Counteds' queue, which a test reads. */
@Singleton
public class TallyTopology implements BrokerTopology {

    private static final List<DurableQueue> QUEUES = List.of(
            new DurableQueue(Tally.QUEUE, Map.of("x-queue-type", "quorum"),
                    List.of(new DurableQueue.Binding(Tally.EXCHANGE, Tally.COUNT))),
            new DurableQueue(Tally.COUNTED_QUEUE, Map.of("x-queue-type", "quorum"),
                    List.of(new DurableQueue.Binding(Tally.EXCHANGE, Tally.COUNTED))));

    @Override
    public void declare(Channel channel) throws IOException {
        channel.exchangeDeclare(Tally.EXCHANGE, BuiltinExchangeType.DIRECT, true);
        for (DurableQueue queue : QUEUES) {
            channel.queueDeclare(queue.name(), true, false, false, queue.arguments());
            for (DurableQueue.Binding binding : queue.bindings()) {
                channel.queueBind(queue.name(), binding.exchange(), binding.routingKey());
            }
        }
    }

    @Override
    public List<DurableQueue> queues() {
        return QUEUES;
    }
}
