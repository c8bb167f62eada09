package dev.shootingrange.lab;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.contract.Rules;
import dev.shootingrange.exactlyonce.ExactlyOnceMetrics;
import dev.shootingrange.exactlyonce.OutboxRelay;
import io.quarkus.narayana.jta.QuarkusTransaction;

/** How a workshop switches this service's protections off and on and injects faults, at runtime. */
@Path("/api/lab")
@Produces(MediaType.APPLICATION_JSON)
public class LabResource {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> TYPES = Set.of("FireAt", "MoveTarget", "Hit", "Missed");

    public record LabView(String service, Map<String, Boolean> protections, Map<String, Object> chaos,
            Map<String, Object> stats) {
    }

    public record FaultRequest(String point, String type) {
    }

    public record HoldRequest(String type) {
    }

    public record ResendRequest(Boolean newMessageId) {
    }

    private final Lab lab;
    private final ExactlyOnceMetrics metrics;
    private final OutboxRelay relay;
    private final TakenMessages taken;
    private final Resend resend;
    private final String service;

    LabResource(Lab lab, ExactlyOnceMetrics metrics, OutboxRelay relay, TakenMessages taken, Resend resend,
            @ConfigProperty(name = "quarkus.application.name") String service) {
        this.lab = lab;
        this.metrics = metrics;
        this.relay = relay;
        this.taken = taken;
        this.resend = resend;
        this.service = service;
    }

    @GET
    public LabView lab() {
        Map<String, Object> chaosView = asMap(lab.chaos());
        chaosView.put("faults", lab.armedFaults());
        chaosView.put("holds", lab.holdsArmed());
        Map<String, Object> stats = new LinkedHashMap<>(metrics.snapshot());
        stats.put("faultsFired", lab.faultsFired());
        return new LabView(service, lab.protections(), chaosView, stats);
    }

    /** A partial update: {"inbox": false} switches the inbox off and leaves the rest alone. */
    @Consumes(MediaType.APPLICATION_JSON)
    @PUT
    @Path("/protections")
    public LabView protections(Map<String, Object> changes) {
        requireBody(changes);
        changes.forEach((name, value) -> {
            if (!lab.protectionNames().contains(name)) {
                throw Problem.badRequest("unknown protection '" + name + "'; " + service + " has " + lab.protectionNames());
            }
            if (!(value instanceof Boolean)) {
                throw Problem.badRequest(name + " must be true or false");
            }
        });
        changes.forEach((name, value) -> lab.protect(name, (Boolean) value));
        return lab();
    }

    /** A partial update of the random faults; rates are chances from 0 to 1 per message. */
    @Consumes(MediaType.APPLICATION_JSON)
    @PUT
    @Path("/chaos")
    public LabView chaos(Map<String, Object> changes) {
        requireBody(changes);
        Map<String, Object> chaos = asMap(lab.chaos());
        changes.forEach((name, value) -> {
            if (!chaos.containsKey(name)) {
                throw Problem.badRequest("unknown chaos setting '" + name + "'; there are " + chaos.keySet());
            }
            checkChaos(name, value);
        });
        chaos.putAll(changes);
        lab.chaos(JSON.convertValue(chaos, Lab.Chaos.class));
        return lab();
    }

    /** Arms a fault point for the next message of a type: {"point": "after-commit-before-ack", "type": "FireAt"}. */
    @Consumes(MediaType.APPLICATION_JSON)
    @POST
    @Path("/faults")
    public LabView arm(FaultRequest request) {
        requireBody(request);
        requireType(request.type());
        if (!Lab.FAULTS.containsKey(request.point())) {
            throw Problem.badRequest("unknown fault point '" + request.point() + "'; there are " + Lab.FAULTS.keySet());
        }
        lab.arm(new Lab.ArmedFault(request.point(), request.type()));
        return lab();
    }

    /** Holds back the next outgoing message of a type, so that later ones overtake it. */
    @Consumes(MediaType.APPLICATION_JSON)
    @POST
    @Path("/holds")
    public LabView hold(HoldRequest request) {
        requireBody(request);
        requireType(request.type());
        lab.holdNext(request.type());
        return lab();
    }

    @POST
    @Path("/holds/release")
    public Map<String, Integer> release() {
        return Map.of("released", taken.releaseHeld());
    }

    /** Publishes a sent message again, as the same copy or under a new messageId. */
    @POST
    @Path("/outbox/{messageId}/resend")
    public Map<String, UUID> resend(@PathParam("messageId") UUID messageId, ResendRequest request) {
        boolean newMessageId = request != null && Boolean.TRUE.equals(request.newMessageId());
        UUID resent = newMessageId ? resend.underNewId(messageId) : relay.resend(messageId) ? messageId : null;
        if (resent == null) {
            throw Problem.notFound("no outgoing message " + messageId + " in " + service + "'s outbox");
        }
        return Map.of("messageId", resent);
    }

    public record HistoryEntry(long id, String direction, UUID messageId, String type, UUID attemptId,
            UUID causationId, String disposition, boolean redelivered, String detail, String body, Instant at) {
    }

    public record HistoryPage(String gameId, String service, int page, int size, List<HistoryEntry> entries) {
    }

    /** Every copy this service received for the game and everything it published, oldest first. */
    @GET
    @Path("/history/{gameId}")
    public HistoryPage history(@PathParam("gameId") String gameId,
            @QueryParam("page") @DefaultValue("0") int page, @QueryParam("size") @DefaultValue("200") int size) {
        Rules.checkGameId(gameId);
        if (page < 0 || size < 1 || size > 1000) {
            throw Problem.badRequest("page must be 0 or more and size from 1 to 1000");
        }
        List<HistoryEntry> entries = QuarkusTransaction.requiringNew().call(() -> MessageHistory.ofGame(gameId, page, size)
                .stream()
                .map(h -> new HistoryEntry(h.id, h.direction.name(), h.messageId, h.type, h.attemptId, h.causationId,
                        h.disposition.name(), h.redelivered, h.detail, h.body, h.recordedAt))
                .toList());
        return new HistoryPage(gameId, service, page, size, entries);
    }

    /** Every protection on, every fault off, and held messages released: nothing stays behind. */
    @POST
    @Path("/reset")
    public LabView reset() {
        lab.reset();
        taken.releaseHeld();
        return lab();
    }

    private static Map<String, Object> asMap(Lab.Chaos chaos) {
        return JSON.convertValue(chaos, new TypeReference<LinkedHashMap<String, Object>>() {
        });
    }

    private static void checkChaos(String name, Object value) {
        if (name.endsWith("Rate")) {
            if (!(value instanceof Number rate) || rate.doubleValue() < 0 || rate.doubleValue() > 1) {
                throw Problem.badRequest(name + " must be a number from 0 to 1, was " + value);
            }
        } else if (name.equals("maxDelayMs")) {
            checkWhole(name, value, 0, 60_000);
        } else if (name.equals("inboxRetentionSeconds") && value != null) {
            checkWhole(name, value, 1, 30L * 24 * 3600);
        } else if (name.equals("seed") && value != null) {
            checkWhole(name, value, Long.MIN_VALUE, Long.MAX_VALUE);
        }
    }

    private static void checkWhole(String name, Object value, long min, long max) {
        if (!(value instanceof Integer || value instanceof Long)
                || ((Number) value).longValue() < min || ((Number) value).longValue() > max) {
            throw Problem.badRequest(name + " must be a whole number from " + min + " to " + max + ", was " + value);
        }
    }

    private static void requireBody(Object body) {
        if (body == null) {
            throw Problem.badRequest("request body is required");
        }
    }

    private static void requireType(String type) {
        if (!TYPES.contains(type)) {
            throw Problem.badRequest("type must be one of " + TYPES.stream().sorted().toList() + ", was " + type);
        }
    }
}
