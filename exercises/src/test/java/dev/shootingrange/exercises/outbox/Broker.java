package dev.shootingrange.exercises.outbox;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import dev.shootingrange.exercises.judge.Servers;

/**
 * The broker an exercise's messages go out on: an exchange and a queue of the test's own, declared
 * before each test under a name no other run uses and deleted after it, and what has reached the
 * queue so far, as the leader board would read it; and the channels a relay opened, to tell those it
 * left open.
 */
public final class Broker implements BeforeAllCallback, BeforeEachCallback, AfterEachCallback, AfterAllCallback {

    /** A message as it reached the queue. */
    public record Received(String messageId, byte[] body, Integer deliveryMode) {
    }

    private final String prefix;
    private final List<Received> received = new ArrayList<>();
    private final List<Channel> opened = new ArrayList<>();
    private Connection connection;
    private Channel own;
    private Channel sending;
    private String exchange;

    /** @param prefix the exercise's package: its exchanges and queues are named after it */
    public Broker(String prefix) {
        this.prefix = prefix;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setUri(Servers.rabbitmq());
        connection = factory.newConnection("exercise-" + prefix);
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        exchange = prefix + "." + UUID.randomUUID().toString().substring(0, 8);
        received.clear();
        opened.clear();
        own = connection.createChannel();
        own.exchangeDeclare(exchange, BuiltinExchangeType.TOPIC, false, true, null);
        own.queueDeclare(queue(), false, true, true, null);
        own.queueBind(queue(), exchange, "#");
        sending = connection.createChannel();
        sending.confirmSelect();
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        // abort, not close: the broker may have closed the sending channel (a publish to a missing exchange)
        sending.abort();
        own.queueDelete(queue());
        own.exchangeDelete(exchange);
        own.exchangeDelete(later());
        own.close();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        connection.close();
    }

    /** The exchange the Hits and Misses go to; everything sent to it reaches the test's queue. */
    public String exchange() {
        return exchange;
    }

    /** An exchange that does not exist until {@link #declareLater()}: the broker closes a channel that publishes to it. */
    public String later() {
        return exchange + ".later";
    }

    public void declareLater() throws Exception {
        own.exchangeDeclare(later(), BuiltinExchangeType.TOPIC, false, true, null);
        own.queueBind(queue(), later(), "#");
    }

    /** The connection a relay opens its channels on: each channel opened on it is kept, for {@link #channelsLeftOpen()}. */
    public Connection connection() {
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] { Connection.class },
                (proxy, method, arguments) -> {
                    try {
                        Object answer = method.invoke(connection, arguments);
                        if (answer instanceof Channel channel) {
                            opened.add(channel);
                        } else if (answer instanceof Optional<?> channel) {
                            channel.map(Channel.class::cast).ifPresent(opened::add);
                        }
                        return answer;
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    /** How many of the channels opened on {@link #connection()} since the test began are still open. */
    public long channelsLeftOpen() {
        return opened.stream().filter(Channel::isOpen).count();
    }

    /** A channel in confirm mode, for code that publishes straight away. */
    public Channel sending() {
        return sending;
    }

    /** Waits until whatever was published on {@link #sending()} has reached the queue. */
    public void flush() throws Exception {
        sending.waitForConfirmsOrDie(5_000);
    }

    /** Publishes one message on {@link #sending()}, persistent, and waits for the broker's confirm. */
    public void publish(String routingKey, UUID messageId, byte[] body) throws Exception {
        sending.basicPublish(exchange, routingKey,
                new AMQP.BasicProperties.Builder().messageId(messageId.toString()).deliveryMode(2).build(), body);
        flush();
    }

    /** Every message that has reached the queue since the test began, in the order it arrived. */
    public synchronized List<Received> received() throws Exception {
        for (GetResponse message = own.basicGet(queue(), true); message != null; message = own.basicGet(queue(), true)) {
            received.add(new Received(message.getProps().getMessageId(), message.getBody(), message.getProps().getDeliveryMode()));
        }
        return List.copyOf(received);
    }

    private String queue() {
        return exchange + ".leader-board";
    }
}
