package dev.shootingrange.exactlyonce.rabbit;

import java.time.Duration;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The broker the outbox relay publishes to. It is the one the consumer's connector is configured with
 * ({@code rabbitmq-host}, {@code rabbitmq-port}... as RABBITMQ_HOST, RABBITMQ_PORT... set them from the
 * environment, and as the RabbitMQ Dev Service sets them in tests), so that one setting moves both.
 */
@ConfigMapping(prefix = "rabbitmq")
public interface RabbitConfig {

    @WithDefault("${rabbitmq-host:localhost}")
    String host();

    @WithDefault("${rabbitmq-port:5672}")
    int port();

    @WithDefault("${rabbitmq-username:guest}")
    String username();

    @WithDefault("${rabbitmq-password:guest}")
    String password();

    /**
     * The nodes of a cluster, {@code host:port,host:port} ({@code rabbitmq-addresses}, as the connector
     * reads it): when set, both connections use it instead of host and port: each goes to one of them,
     * shuffled, and recovers to whichever answers.
     */
    @WithDefault("${rabbitmq-addresses:}")
    Optional<String> addresses();

    @WithDefault("${rabbitmq-virtual-host:/}")
    String virtualHost();

    /** Pause between attempts to reach a broker that is down, at start and after a lost connection. */
    @WithDefault("2s")
    Duration reconnectInterval();
}
