package dev.shootingrange.exactlyonce.rabbit;

import java.io.IOException;
import java.util.List;

import com.rabbitmq.client.Channel;

/**
 * The exchanges and queues a service needs, declared on a channel the client keeps open: after a
 * broker restart it declares them again by itself. A service provides it as a bean.
 */
public interface BrokerTopology {

    void declare(Channel channel) throws IOException;

    /**
     * The durable queues {@link #declare} declares. Before declaring, each one the broker holds with
     * other arguments (a classic queue of an earlier run, say) is rebuilt as wanted, its messages kept
     * ({@link QueueMigration}).
     */
    default List<DurableQueue> queues() {
        return List.of();
    }
}
