package dev.shootingrange.exercises.loop;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.UUID;

import javax.sql.DataSource;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.GetResponse;

/**
 * Where the consumer's process dies, while it handles one message ({@code victim}): the test hands
 * the loop a database and a broker connection that see each step go by (a delivery taken, a
 * transaction begun, the handler's work, the commit, the ack) and end the process at the one asked
 * for. The process's death is an Error the loop cannot catch as an Exception.
 */
final class Crash extends Error {

    /** The steps of a consumer's handling, in the order a sound loop takes them. */
    enum Point {
        /** the delivery taken, no transaction begun */
        RECEIVED,
        /** inside the transaction: the handler has written, nothing committed */
        HANDLED,
        /** the commit asked for, not done */
        BEFORE_THE_COMMIT,
        /** committed, not acked */
        COMMITTED,
        /** the ack asked for, not done */
        BEFORE_THE_ACK,
        /** acked */
        ACKED
    }

    Crash(Point point) {
        super("the consumer's process died: " + point);
    }

    /** One process's plan: dies once, at {@code point}, while it handles {@code victim}; never where point is null. */
    static final class Plan {

        private final Point point;
        private final UUID victim;
        private boolean victimTaken;
        private boolean victimHandled;
        private boolean died;

        Plan(Point point, UUID victim) {
            this.point = point;
            this.victim = victim;
        }

        /** A process that lives to the end. */
        static Plan never() {
            return new Plan(null, null);
        }

        boolean died() {
            return died;
        }

        /** The handler's own step, called once it has written. */
        void handled(UUID messageId) {
            if (messageId.equals(victim)) {
                victimHandled = true;
                dieAt(Point.HANDLED);
            }
        }

        DataSource watching(DataSource database) {
            return proxy(DataSource.class, (method, arguments, call) -> {
                if (method.getName().equals("getConnection")) {
                    if (victimTaken && !victimHandled) {
                        dieAt(Point.RECEIVED);
                    }
                    java.sql.Connection connection = (java.sql.Connection) call.call();
                    return proxy(java.sql.Connection.class, (inner, innerArguments, innerCall) -> {
                        boolean commit = inner.getName().equals("commit") && victimHandled;
                        if (commit) {
                            dieAt(Point.BEFORE_THE_COMMIT);
                        }
                        Object result = innerCall.call();
                        if (commit) {
                            dieAt(Point.COMMITTED);
                        }
                        return result;
                    }, connection);
                }
                return call.call();
            }, database);
        }

        Connection watching(Connection broker) {
            return proxy(Connection.class, (method, arguments, call) -> {
                Object result = call.call();
                if (!method.getName().equals("createChannel")) {
                    return result;
                }
                return proxy(Channel.class, (inner, innerArguments, innerCall) -> {
                    boolean ack = inner.getName().equals("basicAck") && victimTaken;
                    if (ack) {
                        dieAt(Point.BEFORE_THE_ACK);
                    }
                    Object answer = innerCall.call();
                    if (ack) {
                        dieAt(Point.ACKED);
                    }
                    if (answer instanceof GetResponse delivery && String.valueOf(victim).equals(delivery.getProps().getMessageId())) {
                        victimTaken = true;
                    }
                    return answer;
                }, result);
            }, broker);
        }

        private void dieAt(Point reached) {
            if (reached == point && !died) {
                died = true;
                throw new Crash(point);
            }
        }
    }

    @FunctionalInterface
    private interface Call {
        Object call() throws Throwable;
    }

    @FunctionalInterface
    private interface Watch {
        Object invoke(Method method, Object[] arguments, Call call) throws Throwable;
    }

    private static <T> T proxy(Class<T> type, Watch watch, Object target) {
        InvocationHandler handler = (proxy, method, arguments) -> watch.invoke(method, arguments, () -> {
            try {
                return method.invoke(target, arguments);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        });
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] { type }, handler));
    }
}
