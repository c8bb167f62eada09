package dev.shootingrange.lab.participant;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.spi.Step;
import dev.shootingrange.exactlyonce.spi.Steps;

/**
 * The broker as a participant's code sees it: their channels publish for real, and the lab's history
 * hears of each message once the broker confirmed it (at once, on a channel not in confirm mode), as it
 * hears of the core's. On the relay's channels a message meets the lab's crash before publishing first.
 */
final class RecordingBroker {

    private RecordingBroker() {
    }

    /** Their relay's connection: each channel it opens is a recording one, with the crash before publishing. */
    static Connection connection(Connection real, Steps steps) {
        return proxy(Connection.class, (proxy, method, args) -> {
            Object result = call(real, method, args);
            return result instanceof Channel channel && method.getName().equals("createChannel")
                    ? channel(channel, steps, Step.AFTER_COMMIT_BEFORE_PUBLISH) : result;
        });
    }

    /** A recording channel; {@code beforePublishing} the step each message meets first, or null. */
    static Channel channel(Channel real, Steps steps, Step beforePublishing) {
        List<Envelope> unconfirmed = new ArrayList<>();
        boolean[] confirming = { false };
        return proxy(Channel.class, (proxy, method, args) -> {
            switch (method.getName()) {
                case "confirmSelect" -> confirming[0] = true;
                case "basicPublish" -> {
                    Envelope message = envelope(args);
                    if (beforePublishing != null && message != null) {
                        steps.reached(beforePublishing, message);
                    }
                    Object result = call(real, method, args);
                    if (message != null) {
                        synchronized (unconfirmed) {
                            unconfirmed.add(message);
                        }
                    }
                    if (!confirming[0]) {
                        published(unconfirmed, steps);
                    }
                    return result;
                }
                case "waitForConfirms", "waitForConfirmsOrDie" -> {
                    Object result = call(real, method, args);
                    if (!Boolean.FALSE.equals(result)) {
                        published(unconfirmed, steps);
                    }
                    return result;
                }
                default -> {
                    // everything else as the client does it
                }
            }
            return call(real, method, args);
        });
    }

    private static void published(List<Envelope> unconfirmed, Steps steps) {
        List<Envelope> confirmed;
        synchronized (unconfirmed) {
            confirmed = List.copyOf(unconfirmed);
            unconfirmed.clear();
        }
        if (!confirmed.isEmpty()) {
            steps.published(confirmed);
        }
    }

    /** The message a basicPublish carries (exchange, routing key, ..., properties, body); null where its id is no UUID. */
    private static Envelope envelope(Object[] args) {
        AMQP.BasicProperties properties = (AMQP.BasicProperties) args[args.length - 2];
        try {
            UUID messageId = UUID.fromString(properties.getMessageId());
            return new Envelope(messageId, properties.getType(), (String) args[0], (String) args[1], (byte[]) args[args.length - 1]);
        } catch (RuntimeException notOurs) {
            return null;
        }
    }

    private static Object call(Object real, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(real, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> T proxy(Class<T> type, InvocationHandler handler) {
        return (T) Proxy.newProxyInstance(RecordingBroker.class.getClassLoader(), new Class<?>[] { type }, handler);
    }
}
