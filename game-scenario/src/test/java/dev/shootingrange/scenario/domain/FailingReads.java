package dev.shootingrange.scenario.domain;

import java.sql.SQLException;
import java.util.Collection;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import org.hibernate.exception.JDBCConnectionException;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import dev.shootingrange.exactlyonce.outbox.Outbox;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/**
 * The scenario as it is, on its real database, whose next read of a game's part can be made to fail as it
 * does when the database drops the connection mid-read. Unless a test asks for that, it reads as ever.
 */
@Alternative
@Priority(1)
@ApplicationScoped
public class FailingReads extends GameScenario {

    private static final Set<String> FAIL_NEXT = ConcurrentHashMap.newKeySet();
    private static final AtomicInteger FAILED = new AtomicInteger();

    @Inject
    FailingReads(Outbox outbox, MeterRegistry registry,
            @ConfigProperty(name = "game.max-shots", defaultValue = "2500") int maxShots) {
        super(outbox, registry, maxShots);
    }

    /** For the container's client proxy only, which hands every call to the bean. */
    FailingReads() {
        super(null, new SimpleMeterRegistry(), 0);
    }

    /** The next read of a part of this game fails. */
    public static void failNextPartOf(String gameId) {
        FAIL_NEXT.add(gameId);
    }

    /** Reads failed so far. */
    public static int failed() {
        return FAILED.get();
    }

    @Override
    @Transactional
    public GameView.Part part(String gameId, boolean target, Collection<UUID> attemptIds) {
        if (FAIL_NEXT.remove(gameId)) {
            FAILED.incrementAndGet();
            throw new JDBCConnectionException("the read of " + gameId + "'s part failed",
                    new SQLException("An I/O error occurred while sending to the backend.", "08006"));
        }
        return super.part(gameId, target, attemptIds);
    }
}
