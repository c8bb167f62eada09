package dev.shootingrange.exactlyonce.runtime;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.TimeoutException;

import org.eclipse.microprofile.config.ConfigProvider;

import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import dev.shootingrange.exactlyonce.tally.Tally;
import dev.shootingrange.testing.BrokerConnections;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Before the service starts, the broker holds its exchange with another type (an operator's mistake, an
 * earlier version's topology): the service's declare is refused until a test removes it. Only on the
 * local servers: a Dev Service's broker is known only after this resource has started, so there
 * {@link #held} stays false and the test says it was not run.
 */
public class ConflictingExchange implements QuarkusTestResourceLifecycleManager {

    static volatile boolean held;

    @Override
    public Map<String, String> start() {
        held = ConfigProvider.getConfig().getOptionalValue("quarkus.datasource.jdbc.url", String.class).isPresent();
        if (held) {
            onBroker(channel -> {
                channel.exchangeDelete(Tally.EXCHANGE);
                channel.exchangeDeclare(Tally.EXCHANGE, BuiltinExchangeType.FANOUT, true);
            });
        }
        return Map.of();
    }

    /** Lets the service declare its exchange as it wants it. */
    static void remove() {
        onBroker(channel -> channel.exchangeDelete(Tally.EXCHANGE));
    }

    @Override
    public void stop() {
        // The service declared its own exchange once this one was removed.
    }

    private interface OnChannel {
        void run(Channel channel) throws IOException;
    }

    private static void onBroker(OnChannel work) {
        try (Connection connection = BrokerConnections.factory().newConnection("conflicting-exchange");
                Channel channel = connection.createChannel()) {
            work.run(channel);
        } catch (IOException | TimeoutException e) {
            throw new IllegalStateException(e);
        }
    }
}
