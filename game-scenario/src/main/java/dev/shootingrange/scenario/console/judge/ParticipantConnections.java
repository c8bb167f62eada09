package dev.shootingrange.scenario.console.judge;

import java.time.Duration;
import java.time.Instant;

import jakarta.inject.Singleton;

import dev.shootingrange.scenario.console.lab.BrokerManagement;
import dev.shootingrange.scenario.console.services.ConsoleConfig;

/**
 * The round's last fault, a consumer killed in the middle of a burst: the broker closes every connection
 * the room's participant user opened and hands out again, redelivered, what they had not acknowledged.
 */
@Singleton
class ParticipantConnections {

    /**
     * Two of the broker's statistics rounds (5 s each by default): the management API lists a connection
     * only at the first after it opened, so a consumer that connected moments ago is not listed yet.
     */
    static final Duration LISTED = Duration.ofSeconds(11);

    private final BrokerManagement broker;
    private final String user;

    ParticipantConnections(BrokerManagement broker, ConsoleConfig config) {
        this.broker = broker;
        this.user = config.judge().participantUsername();
    }

    /**
     * Cuts them once the broker lists {@code atLeast} (each registered consumer holds one), or once
     * {@link #LISTED} is over, whichever comes first.
     */
    void cut(int atLeast, String reason) {
        Instant deadline = Instant.now().plus(LISTED);
        while (broker.connectionsOf(user).size() < atLeast && Instant.now().isBefore(deadline)) {
            Judge.sleep(Duration.ofMillis(250));
        }
        broker.closeConnectionsOf(user, reason);
    }
}
