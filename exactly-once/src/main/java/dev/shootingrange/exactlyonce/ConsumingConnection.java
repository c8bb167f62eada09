package dev.shootingrange.exactlyonce;

import java.util.concurrent.atomic.AtomicInteger;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.Config;
import org.jboss.logging.Logger;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.NoOpMetricsCollector;

import io.smallrye.reactive.messaging.ClientCustomizer;
import io.vertx.rabbitmq.RabbitMQOptions;

/**
 * The connection SmallRye's RabbitMQ connector consumes the inbox channel on, watched through the
 * RabbitMQ client's metrics hook, the one place the connector lets us see it: whether its consumer is
 * registered right now, and each recovery after a broker restart.
 * <p>
 * The inbox acknowledges only while it is. The connector sends an ack on whatever channel its client
 * holds at that moment; one sent while the client recovers would open a second channel beside the
 * consumer's, and every later ack would go there and be refused, leaving the consumer stuck.
 */
@ApplicationScoped
public class ConsumingConnection implements ClientCustomizer<RabbitMQOptions> {

    /** The channel every service's {@code @Incoming} method reads. */
    public static final String INBOX = "inbox";

    private static final Logger LOG = Logger.getLogger(ConsumingConnection.class);

    private final AtomicInteger connections = new AtomicInteger();
    private volatile boolean consuming;

    @Override
    public RabbitMQOptions customize(String channel, Config channelConfig, RabbitMQOptions options) {
        return INBOX.equals(channel) ? options.setMetricsCollector(new Watch()) : options;
    }

    /** The consumer is registered on an open connection: an ack now reaches the channel it belongs to. */
    public boolean isConsuming() {
        return consuming;
    }

    private final class Watch extends NoOpMetricsCollector {

        @Override
        public void newConnection(Connection connection) {
            if (connections.incrementAndGet() > 1) {
                LOG.infof("RabbitMQ connection %s recovered", INBOX);
            }
            connection.addShutdownListener(cause -> {
                consuming = false;
                if (!cause.isInitiatedByApplication()) {
                    LOG.warnf("RabbitMQ connection %s lost (%s), recovering", INBOX, cause.getMessage());
                }
            });
        }

        @Override
        public void basicConsume(Channel channel, String consumerTag, boolean autoAck) {
            consuming = true;
        }
    }
}
