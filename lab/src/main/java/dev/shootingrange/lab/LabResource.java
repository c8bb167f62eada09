package dev.shootingrange.lab;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;


import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.contract.Rules;
import dev.shootingrange.exactlyonce.ExactlyOnceMetrics;
import dev.shootingrange.exactlyonce.OutboxRelay;
import io.quarkus.narayana.jta.QuarkusTransaction;

/** This service's lab: its switches, faults, holds and history, as {@link LabApi} serves them. */
@ApplicationScoped
public class LabResource implements LabApi {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> TYPES = Set.of("FireAt", "MoveTarget", "Hit", "Missed");

    private final Lab lab;
    private final InstructorKey instructorKey;
    private final ExactlyOnceMetrics metrics;
    private final OutboxRelay relay;
    private final TakenMessages taken;
    private final Resend resend;
    private final HistoryWriter history;
    private final String service;

    LabResource(Lab lab, InstructorKey instructorKey, ExactlyOnceMetrics metrics, OutboxRelay relay, TakenMessages taken, Resend resend,
            HistoryWriter history, @ConfigProperty(name = "quarkus.application.name") String service) {
        this.lab = lab;
        this.history = history;
        this.instructorKey = instructorKey;
        this.metrics = metrics;
        this.relay = relay;
        this.taken = taken;
        this.resend = resend;
        this.service = service;
    }

    public LabView lab() {
        Map<String, Object> chaosView = asMap(lab.chaos());
        chaosView.put("faults", lab.armedFaults());
        chaosView.put("holds", lab.holdsArmed());
        Map<String, Object> stats = new LinkedHashMap<>(metrics.snapshot());
        stats.put("faultsFired", lab.faultsFired());
        return new LabView(service, lab.protections(), chaosView, stats, lab.strategy(), lab.strategyNames());
    }

    public Access access(String key) {
        return new Access(instructorKey.locked(), instructorKey.locked() && instructorKey.opens(key));
    }

    /** A partial update: {"inbox": false} switches the inbox off and leaves the rest alone. */
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

    public LabView strategy(StrategyRequest request) {
        requireBody(request);
        if (lab.strategyNames().isEmpty()) {
            throw Problem.badRequest(service + " has no strategies to choose from");
        }
        if (!lab.strategyNames().contains(request.strategy())) {
            throw Problem.badRequest("unknown strategy '" + request.strategy() + "'; " + service + " has " + lab.strategyNames());
        }
        lab.useStrategy(request.strategy());
        return lab();
    }

    /** A partial update of the random faults; rates are chances from 0 to 1 per message. */
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
        lab.chaos(JSON.convertValue(chaos, Chaos.class));
        return lab();
    }

    /** Arms a fault point for the next message of a type: {"point": "after-commit-before-ack", "type": "FireAt"}. */
    public LabView arm(FaultRequest request) {
        requireBody(request);
        requireType(request.type());
        if (!Lab.FAULTS.containsKey(request.point())) {
            throw Problem.badRequest("unknown fault point '" + request.point() + "'; there are " + Lab.FAULTS.keySet());
        }
        lab.arm(new ArmedFault(request.point(), request.type()));
        return lab();
    }

    /** Holds back the next outgoing message of a type, so that later ones overtake it. */
    public LabView hold(HoldRequest request) {
        requireBody(request);
        requireType(request.type());
        lab.holdNext(request.type());
        return lab();
    }

    public Map<String, Integer> release() {
        return Map.of("released", taken.releaseHeld());
    }

    /** Publishes a sent message again, as the same copy or under a new messageId. */
    public Map<String, UUID> resend(UUID messageId, ResendRequest request) {
        boolean newMessageId = request != null && Boolean.TRUE.equals(request.newMessageId());
        UUID resent = newMessageId ? resend.underNewId(messageId) : relay.resend(messageId) ? messageId : null;
        if (resent == null) {
            throw Problem.notFound("no outgoing message " + messageId + " in " + service + "'s outbox");
        }
        return Map.of("messageId", resent);
    }

    /** Every copy this service received for the game and everything it published, oldest first. */
    public HistoryPage history(String gameId, long after, int page, int size) {
        Rules.checkGameId(gameId);
        checkPage(after, page, size);
        boolean written = history.flush(HistoryWriter.READ_WAIT);
        List<HistoryEntry> entries = QuarkusTransaction.requiringNew().call(() -> MessageHistory.ofGame(gameId, after, page, size));
        return page(gameId, page, size, entries, written);
    }

    public List<HistoryPage> histories(List<String> gameIds, List<Long> after, int size) {
        Rules.checkGameIds(gameIds);
        List<Long> from = after == null || after.isEmpty() ? Collections.nCopies(gameIds.size(), 0L) : after;
        if (from.size() != gameIds.size()) {
            throw Problem.badRequest("one after for each gameId, or none: " + gameIds.size() + " gameIds, " + from.size() + " afters");
        }
        from.forEach(afterId -> checkPage(afterId, 0, size));
        boolean written = history.flush(HistoryWriter.READ_WAIT);
        // One transaction, one connection from the pool, for all of them.
        return QuarkusTransaction.requiringNew().call(() -> {
            List<HistoryPage> pages = new ArrayList<>(gameIds.size());
            for (int i = 0; i < gameIds.size(); i++) {
                pages.add(page(gameIds.get(i), 0, size, MessageHistory.ofGame(gameIds.get(i), from.get(i), 0, size), written));
            }
            return pages;
        });
    }

    private HistoryPage page(String gameId, int page, int size, List<HistoryEntry> entries, boolean written) {
        long dropped = history.dropped();
        return new HistoryPage(gameId, service, page, size, entries, dropped, written && dropped == 0);
    }

    private static void checkPage(Long after, int page, int size) {
        if (after == null || after < 0 || page < 0 || size < 1 || size > 1000) {
            throw Problem.badRequest("after and page must be 0 or more and size from 1 to 1000");
        }
    }

    /** Every protection on, every fault off, and held messages released: nothing stays behind. */
    public LabView reset() {
        lab.reset();
        taken.releaseHeld();
        return lab();
    }

    private static Map<String, Object> asMap(Chaos chaos) {
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
