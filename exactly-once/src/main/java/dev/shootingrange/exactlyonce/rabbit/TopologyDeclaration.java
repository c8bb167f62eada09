package dev.shootingrange.exactlyonce.rabbit;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

import org.jboss.logging.Logger;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;

/**
 * A service's topology declared at start, on a channel kept open: the client declares again what it
 * declared whenever it recovers. Tried again with a growing back-off while the broker refuses (an
 * exchange held with other arguments, a channel or connection closed under the declare): tried once,
 * a refusal left the service alive and consuming nothing.
 */
public final class TopologyDeclaration {

    private static final Logger LOG = Logger.getLogger(TopologyDeclaration.class);
    private static final Duration FIRST_RETRY = Duration.ofMillis(500);
    private static final Duration LAST_RETRY = Duration.ofSeconds(30);

    private TopologyDeclaration() {
    }

    /** Returns the channel the topology was declared on, once the broker took it. */
    public static Channel untilTaken(Connection connection, BrokerTopology topology) throws InterruptedException {
        Duration delay = FIRST_RETRY;
        while (true) {
            Channel channel = null;
            try {
                channel = connection.createChannel();
                if (channel == null) {
                    throw new IOException("no channel number left on the publishing connection");
                }
                topology.declare(channel);
                return channel;
            } catch (IOException | RuntimeException e) {
                // The broker's reason (PRECONDITION_FAILED, say) is the cause of the client's IOException.
                LOG.warnf("could not declare the topology (%s), trying again in %s",
                        e.getCause() == null ? e : e.getCause(), delay);
                closeRefused(channel);
            }
            Thread.sleep(delay.toMillis());
            delay = delay.multipliedBy(2);
            if (delay.compareTo(LAST_RETRY) > 0) {
                delay = LAST_RETRY;
            }
        }
    }

    /** A channel the broker closed with its refusal is closed already; one it left open is of no more use. */
    private static void closeRefused(Channel channel) {
        if (channel != null && channel.isOpen()) {
            try {
                channel.close();
            } catch (IOException | TimeoutException | RuntimeException e) {
                LOG.debug("closing a channel whose declare failed", e);
            }
        }
    }
}
