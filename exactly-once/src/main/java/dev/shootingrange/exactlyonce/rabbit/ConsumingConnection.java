package dev.shootingrange.exactlyonce.rabbit;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.Config;
import org.jboss.logging.Logger;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.NoOpMetricsCollector;
import com.rabbitmq.client.impl.AMQConnection;
import dev.shootingrange.exactlyonce.Threads;
import io.smallrye.reactive.messaging.ClientCustomizer;
import io.vertx.rabbitmq.RabbitMQOptions;

/**
 * The connection SmallRye's RabbitMQ connector consumes the inbox channel on, watched through the
 * RabbitMQ client's metrics hook, the one place the connector lets us see it: whether its consumer is
 * registered right now, and each recovery after a broker restart.
 * <p>
 * The inbox settles a delivery here, on the very channel that delivered it ({@link #settle}), never
 * through the connector: it sends an ack later, from its event loop, on whatever channel its client
 * holds by then; one sent while the consumer's channel is closed would open a second channel beside
 * it, every later ack would go there and be refused, and the consumer would be stuck. A channel the
 * client recovers is a new one under the same object: a delivery of the one before is not settled on
 * it, the broker gives the message again.
 * <p>
 * The broker may also close the consumer's channel alone (an unknown delivery tag, a consumer past its
 * timeout). The client recovers connections, not a channel closed on its own, and the connector's own
 * restart is off (decision 3): the service would consume nothing while it said it was ready. So the
 * consumer counts as gone from the channel's close, and the connection is made to recover, channel and
 * consumer with it, with the delivery tags of before dropped as the client does after any recovery.
 */
@ApplicationScoped
public class ConsumingConnection implements ClientCustomizer<RabbitMQOptions> {

    /** The channel every service's {@code @Incoming} method reads. */
    public static final String INBOX = "inbox";

    private static final Logger LOG = Logger.getLogger(ConsumingConnection.class);

    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicInteger consumersStarted = new AtomicInteger();
    private volatile boolean consuming;
    private volatile Channel channel;
    private volatile Connection connection;
    /** Each delivery not settled yet, by its tag, with the channel (this incarnation of it) that delivered it. */
    private final Map<Long, Channel> deliveredOn = new ConcurrentHashMap<>();

    /** An ack, a nack or a reject of a delivery. */
    @FunctionalInterface
    public interface Settlement {
        void send(Channel channel, long deliveryTag) throws IOException;
    }

    @Override
    public RabbitMQOptions customize(String channel, Config channelConfig, RabbitMQOptions options) {
        return INBOX.equals(channel) ? options.setMetricsCollector(new Watch()) : options;
    }

    /** The consumer is registered on an open connection: an ack now reaches the channel it belongs to. */
    public boolean isConsuming() {
        return consuming;
    }

    /** How often the client registered its consumer: at the start, and after each recovery or channel loss. */
    public int consumersStarted() {
        return consumersStarted.get();
    }

    /** Its stream ended (the broker cancelled it): not consuming until the consumer is registered again. */
    public void lost() {
        consuming = false;
    }

    /** The channel the consumer registered now reads, or null: what a test closes to play a broker that does. */
    public Channel channel() {
        return channel;
    }

    /**
     * Settles a delivery on the channel that delivered it, and there only. Where that channel has closed
     * since, the broker has put the delivery back already: nothing is sent.
     *
     * @return whether the settlement went out
     */
    public boolean settle(long deliveryTag, Settlement settlement) {
        Channel on = deliveredOn.remove(deliveryTag);
        if (on == null || !on.isOpen()) {
            return false;
        }
        try {
            settlement.send(on, deliveryTag);
            return true;
        } catch (IOException | RuntimeException closedMeanwhile) {
            LOG.debugf("settling delivery %d failed (%s); the broker delivers it again", deliveryTag, closedMeanwhile);
            return false;
        }
    }

    /**
     * The client recovers a connection it lost, with its channels and their consumers, but not a channel
     * the broker closed alone: the connector would consume nothing again. Closing the socket under the
     * connection, as a network failure would, has the client recover the lot.
     */
    private void recoverConnection() {
        if (connection instanceof AMQConnection lost && lost.isOpen()) {
            try {
                lost.getFrameHandler().close();
            } catch (RuntimeException e) {
                LOG.warnf("could not close the connection of %s to recover it: %s", INBOX, e);
            }
        }
    }

    private final class Watch extends NoOpMetricsCollector {

        @Override
        public void newConnection(Connection connection) {
            ConsumingConnection.this.connection = connection;
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
        public void consumedMessage(Channel on, long deliveryTag, String consumerTag) {
            deliveredOn.put(deliveryTag, on);
        }

        @Override
        public void basicConsume(Channel on, String tag, boolean autoAck) {
            channel = on;
            consumersStarted.incrementAndGet();
            consuming = true;
            on.addShutdownListener(cause -> {
                deliveredOn.values().removeIf(deliverer -> deliverer == on);
                if (on == channel) {
                    consuming = false;
                    if (!cause.isInitiatedByApplication() && !cause.isHardError()) {
                        LOG.warnf("RabbitMQ channel of %s closed by the broker (%s); its connection is recovered to consume again",
                                INBOX, cause.getMessage());
                        Threads.named("inbox-recovery").newThread(ConsumingConnection.this::recoverConnection).start();
                    }
                }
            });
        }
    }
}
