package dev.shootingrange.exactlyonce.rabbit;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import com.rabbitmq.client.Address;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.Recoverable;
import com.rabbitmq.client.RecoveryListener;

/**
 * The connection the relay publishes on (consuming has its own, the connector's), so that flow
 * control on publishing never stalls acknowledgements. The client recovers it and its channels by
 * itself after a broker restart; only the first connect needs a retry loop of our own.
 */
@ApplicationScoped
public class RabbitConnections {

    private static final Logger LOG = Logger.getLogger(RabbitConnections.class);

    private final RabbitConfig config;
    private volatile Connection publishing;
    /** How often the publishing connection was lost: a channel's confirms belong to one connection only. */
    private final AtomicLong losses = new AtomicLong();

    RabbitConnections(RabbitConfig config) {
        this.config = config;
    }

    /** Blocks until the connection is open, trying again while the broker is unreachable. */
    public void connect(String serviceName) throws InterruptedException {
        while (publishing == null) {
            try {
                publishing = factory().newConnection(addresses(), serviceName + "-publish");
                watch(publishing);
                LOG.infof("connected to RabbitMQ at %s:%d", publishing.getAddress().getHostAddress(), publishing.getPort());
            } catch (IOException | TimeoutException e) {
                LOG.warnf("RabbitMQ at %s not reachable (%s), trying again in %s",
                        brokerName(), e.getMessage(), config.reconnectInterval());
                Thread.sleep(config.reconnectInterval().toMillis());
            }
        }
    }

    public Connection publishing() {
        return publishing;
    }

    /**
     * Changes each time the publishing connection is lost, before the client recovers it. Publishes
     * and their confirms that saw different values did not travel on the same connection.
     */
    public long connectionLosses() {
        return losses.get();
    }

    public boolean isOpen() {
        return publishing != null && publishing.isOpen();
    }

    /** The cluster's nodes when given (the client tries them in a shuffled order at every (re)connect); else the one host and port. */
    private List<Address> addresses() {
        return config.addresses().map(list -> List.of(Address.parseAddresses(list)))
                .orElse(List.of(new Address(config.host(), config.port())));
    }

    private String brokerName() {
        return config.addresses().orElse(config.host() + ":" + config.port());
    }

    private ConnectionFactory factory() {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setUsername(config.username());
        factory.setPassword(config.password());
        factory.setVirtualHost(config.virtualHost());
        factory.setAutomaticRecoveryEnabled(true);
        factory.setTopologyRecoveryEnabled(true);
        factory.setNetworkRecoveryInterval(config.reconnectInterval().toMillis());
        factory.setRequestedHeartbeat(10);
        return factory;
    }

    private void watch(Connection connection) {
        connection.addShutdownListener(cause -> losses.incrementAndGet());
        ((Recoverable) connection).addRecoveryListener(new RecoveryListener() {
            @Override
            public void handleRecovery(Recoverable recoverable) {
                LOG.infof("RabbitMQ connection %s recovered", connection.getClientProvidedName());
            }

            @Override
            public void handleRecoveryStarted(Recoverable recoverable) {
                LOG.warnf("RabbitMQ connection %s lost, recovering", connection.getClientProvidedName());
            }
        });
    }

    @PreDestroy
    void close() {
        if (publishing != null) {
            try {
                publishing.close(2000);
            } catch (Exception e) {
                LOG.debug("closing RabbitMQ connection", e);
            }
        }
    }
}
