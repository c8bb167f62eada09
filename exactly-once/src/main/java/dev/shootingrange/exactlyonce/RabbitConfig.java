package dev.shootingrange.exactlyonce;

import java.time.Duration;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The broker; RABBITMQ_HOST, RABBITMQ_PORT... override it from the environment. */
@ConfigMapping(prefix = "rabbitmq")
public interface RabbitConfig {

    @WithDefault("localhost")
    String host();

    @WithDefault("5672")
    int port();

    @WithDefault("guest")
    String username();

    @WithDefault("guest")
    String password();

    @WithDefault("/")
    String virtualHost();

    /** Pause between attempts to reach a broker that is down, at start and after a lost connection. */
    @WithDefault("2s")
    Duration reconnectInterval();
}
