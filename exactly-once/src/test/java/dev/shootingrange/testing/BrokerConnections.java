package dev.shootingrange.testing;

import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

import com.rabbitmq.client.ConnectionFactory;

/** Where the tests' own connections to the broker go. */
public final class BrokerConnections {

    private BrokerConnections() {
    }

    /**
     * Connections to the broker the tests use: inside a Quarkus test, the one its service uses (a Dev
     * Service's, where Docker runs); outside one, the machine's.
     */
    public static ConnectionFactory factory() {
        Config config = ConfigProvider.getConfig();
        ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(config.getOptionalValue("rabbitmq-host", String.class).orElse("localhost"));
        factory.setPort(config.getOptionalValue("rabbitmq-port", Integer.class).orElse(5672));
        factory.setUsername(config.getOptionalValue("rabbitmq-username", String.class).orElse("guest"));
        factory.setPassword(config.getOptionalValue("rabbitmq-password", String.class).orElse("guest"));
        return factory;
    }
}
