package dev.shootingrange.scenario.console.judge;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.core.Response;

import org.jboss.logging.Logger;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.contract.Topology;
import dev.shootingrange.lab.InstructorKey;
import dev.shootingrange.scenario.console.lab.BrokerManagement;
import dev.shootingrange.scenario.console.services.ConsoleConfig;
import io.quarkus.runtime.StartupEvent;

/**
 * The broker user the room's consumers log in as. On a laptop (no instructor key) it is made again each
 * time someone asks how to connect, as it always was. In a room, nothing changes on the broker without
 * the key: the console makes it as it starts, the instructor makes it again
 * ({@code POST /api/lab/judge/participant}), and asking how to connect only reads. Made with its limits
 * ({@link BrokerManagement#admit}); its queues are kept in number by {@link ParticipantQueues}.
 */
@Singleton
class ParticipantUser {

    private static final Logger LOG = Logger.getLogger(ParticipantUser.class);

    private final Runnable admit;
    private final boolean room;
    private volatile boolean made;

    @Inject
    ParticipantUser(BrokerManagement broker, ConsoleConfig config, InstructorKey key) {
        this(() -> broker.admit(config.judge().participantUsername(), config.judge().participantPassword(),
                JudgeResource.QUEUE_PREFIX, Topology.EVENTS, config.judge().participantLimits()), key.locked());
    }

    ParticipantUser(Runnable admit, boolean room) {
        this.admit = admit;
        this.room = room;
    }

    void onStart(@Observes StartupEvent start) {
        if (room) {
            try {
                make();
            } catch (Problem unavailable) {
                LOG.warnf("The room's participant user is not on the broker yet (the instructor makes it with POST"
                        + " /api/lab/judge/participant): %s", unavailable.getMessage());
            }
        }
    }

    /** Whether it was made: its queues are only counted then. */
    boolean made() {
        return made;
    }

    /** Makes it, or makes it again with the configured password: the instructor's, in a room. */
    void make() {
        admit.run();
        made = true;
    }

    /**
     * Before someone is told how to connect: on a laptop, makes it; in a room, only says whether it was made.
     *
     * @throws Problem 503 in a room where it was not made yet, saying how the instructor makes it
     */
    void beforeConnecting() {
        if (!room) {
            make();
        } else if (!made) {
            throw new Problem(Response.Status.SERVICE_UNAVAILABLE, "the room's participant user is not on the broker"
                    + " yet: the instructor makes it (POST /api/lab/judge/participant, with the key)");
        }
    }
}
