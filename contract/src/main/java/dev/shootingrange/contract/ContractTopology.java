package dev.shootingrange.contract;

import java.io.IOException;

import jakarta.inject.Singleton;

import com.rabbitmq.client.Channel;

import dev.shootingrange.exactlyonce.BrokerTopology;

/** Every service declares the whole {@link Topology} at start. */
@Singleton
public class ContractTopology implements BrokerTopology {

    @Override
    public void declare(Channel channel) throws IOException {
        Topology.declare(channel);
    }
}
