package dev.shootingrange.contract;

import java.io.IOException;
import java.util.List;

import jakarta.inject.Singleton;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.rabbitmq.client.Channel;
import dev.shootingrange.contract.Topology.QueueType;
import dev.shootingrange.exactlyonce.rabbit.BrokerTopology;
import dev.shootingrange.exactlyonce.rabbit.DurableQueue;

/**
 * Every service declares the whole {@link Topology} at start, with quorum queues unless
 * {@code topology.queue-type} (TOPOLOGY_QUEUE_TYPE) says classic.
 */
@Singleton
public class ContractTopology implements BrokerTopology {

    private final QueueType queueType;

    ContractTopology(@ConfigProperty(name = "topology.queue-type", defaultValue = "quorum") String queueType) {
        this.queueType = QueueType.of(queueType);
    }

    @Override
    public void declare(Channel channel) throws IOException {
        Topology.declare(channel, queueType);
    }

    @Override
    public List<DurableQueue> queues() {
        return Topology.queues(queueType);
    }
}
