package dev.shootingrange.exactlyonce;

import java.io.IOException;

import com.rabbitmq.client.Channel;

/**
 * The exchanges and queues a service needs, declared on a channel the client keeps open: after a
 * broker restart it declares them again by itself. A service provides it as a bean.
 */
@FunctionalInterface
public interface BrokerTopology {

    void declare(Channel channel) throws IOException;
}
