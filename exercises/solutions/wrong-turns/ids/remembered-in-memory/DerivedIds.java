package dev.shootingrange.exercises.ids;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import dev.shootingrange.exactlyonce.spi.OutgoingIds;

/**
 * Wrong turn: a random id and the clock, remembered per cause in memory. Answered again in the
 * same process, the same id and instant; in the process started after the crash, whose memory is
 * empty, new ones: the redelivery's Hit is a new message.
 *
 * Caught by: DerivedIdsTest.theSameFireAtAnsweredAgainGetsTheSameId
 * Caught by: DerivedIdsTest.theAnswerCarriesTheInstantOfItsFireAt
 */
public class DerivedIds implements OutgoingIds {

    private final String endpoint;

    public DerivedIds(String endpoint) {
        this.endpoint = endpoint;
    }

    private static final Map<String, UUID> IDS = new ConcurrentHashMap<>();
    private static final Map<Instant, Instant> INSTANTS = new ConcurrentHashMap<>();

    @Override
    public UUID messageId(UUID causationId, String type) {
        return IDS.computeIfAbsent(endpoint + "/" + causationId + "/" + type, name -> UUID.randomUUID());
    }

    @Override
    public Instant sentAt(Instant causeSentAt) {
        return INSTANTS.computeIfAbsent(causeSentAt, cause -> Instant.now());
    }
}
