package dev.shootingrange.scenario.console.lab;

import java.time.Instant;
import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import dev.shootingrange.lab.LabApi;

/**
 * A history entry without its body, marked with the service that recorded it: one step of a game's
 * timeline. Named {@code Entry} in the HTTP contract, as it was when it lived in {@link TimelineResource}.
 */
@Schema(name = "Entry")
public record TimelineEntry(long id, String direction, UUID messageId, String type, UUID attemptId, UUID causationId,
        String disposition, boolean redelivered, String detail, Instant at, String service) {

    static TimelineEntry of(String service, LabApi.HistoryEntry entry) {
        return new TimelineEntry(entry.id(), entry.direction(), entry.messageId(), entry.type(), entry.attemptId(),
                entry.causationId(), entry.disposition(), entry.redelivered(), entry.detail(), entry.at(), service);
    }
}
