package dev.shootingrange.scenario.console.services;

import io.smallrye.config.ConfigMapping;

/**
 * What the console reaches beyond its own service: the other services' labs and the broker's management
 * API. The lab's own settings, under the same prefix, are the lab module's (LabConfig); a key under
 * {@code lab.} that neither maps stops the service at start. The REST clients take these by their
 * {@code quarkus.rest-client.*} settings, which name them.
 */
@ConfigMapping(prefix = "lab")
public interface ConsoleConfig {

    /** The other services, driven from the console (LAB_SERVICES_SHOOTING_RANGE_URL... override). */
    Services services();

    Broker broker();

    interface Services {
        Service shootingRange();

        Service leaderBoard();
    }

    interface Service {
        /** Where the service answers: its public API and its lab. */
        String url();
    }

    interface Broker {
        /**
         * RabbitMQ's management API (LAB_BROKER_MANAGEMENT_URL), through which the broker-duplicates
         * experiment has the broker close every connection of the services' virtual host.
         */
        String managementUrl();

        /** Who the lab logs in to the management API as (the services' own broker user by default). */
        String username();

        String password();
    }
}
