package dev.shootingrange.scenario.console.services;

import java.time.Duration;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

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

    /** The judge of the room's own consumers (docs/judge.md). */
    Judge judge();

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

    interface Judge {
        /**
         * The broker user the room's consumers log in as (LAB_JUDGE_PARTICIPANT_USERNAME,
         * LAB_JUDGE_PARTICIPANT_PASSWORD): it may declare, bind and read queues named participant.* and
         * nothing else, so its password may go round the room.
         */
        @WithDefault("participant")
        String participantUsername();

        @WithDefault("participant")
        String participantPassword();

        /**
         * Where the room's consumers reach the broker over AMQP (LAB_JUDGE_AMQP_URL, without user and
         * password); unset, the host the console was asked at, on port 5672.
         */
        Optional<String> amqpUrl();

        /** How many consumers the judge keeps at most: a scripted client cannot fill the console's heap. */
        @WithDefault("200")
        int consumers();

        /**
         * How many of them one client address may register (LAB_JUDGE_CONSUMERS_PER_CLIENT): one participant
         * cannot take the list over. Raise it where a room reaches the console through one address (a NAT, a proxy).
         */
        @WithDefault("20")
        int consumersPerClient();

        /** What the participant user may hold on the broker (lab.judge.participant-limits.*). */
        ParticipantLimits participantLimits();
    }

    /**
     * The participant user's limits: enough for a room of thirty with a few consumers each, too little for
     * one script to fill the broker's memory or disk and block every publisher, the services' relays included.
     */
    interface ParticipantLimits {
        /** Connections it may hold at once (a user limit). */
        @WithDefault("100")
        int connections();

        /** Channels it may hold at once, on all its connections (a user limit). */
        @WithDefault("300")
        int channels();

        /** participant.* queues kept: beyond, the console deletes those nobody reads, at each sweep. */
        @WithDefault("200")
        int queues();

        /** How often the console counts them (lab.judge.participant-limits.sweep): a duration, or off. */
        @WithDefault("30s")
        String sweep();

        /** Messages a participant.* queue holds at most: the oldest go first (an operator policy). */
        @WithDefault("10000")
        int queueLength();

        /** How long a message waits in a participant.* queue at most (an operator policy). */
        @WithDefault("10m")
        Duration messageTtl();

        /** How long a participant.* queue nobody uses lives on (an operator policy). */
        @WithDefault("30m")
        Duration unusedQueueExpiry();
    }
}
