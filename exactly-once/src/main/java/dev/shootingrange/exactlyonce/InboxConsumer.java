package dev.shootingrange.exactlyonce;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.DefaultConsumer;

/**
 * Consumes the service's queue with manual acknowledgements, on a few channels in parallel. A message
 * is acknowledged only after its transaction committed; a failure leaves it to be redelivered, and the
 * inbox turns the redelivery into a no-op. Invalid input is rejected without requeue, which the
 * queue's dead-letter exchange routes to its DLQ.
 */
@ApplicationScoped
public class InboxConsumer {

    private static final Logger LOG = Logger.getLogger(InboxConsumer.class);

    private final RabbitConnections connections;
    private final InboxProcessor processor;
    private final Steps steps;
    private final ExactlyOnceMetrics metrics;
    private final ExactlyOnceConfig config;
    private final List<Channel> channels = new ArrayList<>();

    InboxConsumer(RabbitConnections connections, InboxProcessor processor, Steps steps, ExactlyOnceMetrics metrics,
            ExactlyOnceConfig config) {
        this.connections = connections;
        this.processor = processor;
        this.steps = steps;
        this.metrics = metrics;
        this.config = config;
    }

    synchronized void start(MessageHandler<?> handler) throws IOException {
        for (int i = 0; i < config.consumer().concurrency(); i++) {
            Channel channel = connections.consuming().createChannel();
            channel.basicQos(config.consumer().prefetch());
            channel.basicConsume(config.queue(), false, new QueueConsumer(channel, handler));
            channels.add(channel);
        }
        LOG.infof("consuming %s on %d channels", config.queue(), channels.size());
    }

    synchronized void stop() {
        for (Channel channel : channels) {
            try {
                channel.close();
            } catch (Exception e) {
                LOG.debug("closing consumer channel", e);
            }
        }
        channels.clear();
    }

    public synchronized boolean isConsuming() {
        return !channels.isEmpty() && channels.stream().allMatch(Channel::isOpen);
    }

    private final class QueueConsumer extends DefaultConsumer {

        private final MessageHandler<?> handler;
        private long retryDelayMs;

        QueueConsumer(Channel channel, MessageHandler<?> handler) {
            super(channel);
            this.handler = handler;
        }

        @Override
        public void handleDelivery(String consumerTag, com.rabbitmq.client.Envelope envelope, AMQP.BasicProperties properties, byte[] body)
                throws IOException {
            long tag = envelope.getDeliveryTag();
            Delivery delivery;
            try {
                delivery = processor.process(properties.getContentType(), body, envelope.isRedeliver(), handler);
            } catch (Exception e) {
                retryLater(tag, e);
                return;
            }
            retryDelayMs = 0;
            if (delivery instanceof Delivery.Invalid) {
                getChannel().basicReject(tag, false);
                return;
            }
            try {
                Envelope message = delivery instanceof Delivery.Handled handled ? handled.message()
                        : ((Delivery.Duplicate) delivery).message();
                steps.reached(Step.AFTER_COMMIT_BEFORE_ACK, message);
            } catch (Steps.SimulatedCrash crash) {
                // The work is committed but the broker never hears of it: it delivers the message again.
                getChannel().basicNack(tag, false, true);
                return;
            }
            getChannel().basicAck(tag, false);
        }

        /** The message is valid but could not be handled now (database down, a failed commit): requeue it. */
        private void retryLater(long tag, Exception e) throws IOException {
            metrics.retried();
            if (Steps.SimulatedCrash.in(e)) {
                // A simulated crash before the commit: the broker delivers the message again, at once.
                getChannel().basicNack(tag, false, true);
                return;
            }
            retryDelayMs = Math.min(Math.max(retryDelayMs * 2, 50), config.consumer().maxRetryDelay().toMillis());
            LOG.warnf("handling a message from %s failed (%s); requeued, this consumer pauses %d ms",
                    config.queue(), e, retryDelayMs);
            try {
                Thread.sleep(retryDelayMs);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            getChannel().basicNack(tag, false, true);
        }
    }
}
