package dev.shootingrange.lab;

import static dev.shootingrange.lab.LabRequests.checkChaos;
import static dev.shootingrange.lab.LabRequests.requireBody;
import static dev.shootingrange.lab.LabRequests.requireType;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shootingrange.contract.LargeReads;
import dev.shootingrange.contract.Problem;
import dev.shootingrange.exactlyonce.observe.ExactlyOnceMetrics;

/** This service's lab: its switches, faults, holds and history, as {@link LabApi} serves them. */
@ApplicationScoped
public class LabResource implements LabApi {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Lab lab;
    private final InstructorKey instructorKey;
    private final ExactlyOnceMetrics metrics;
    private final TakenMessages taken;
    private final Resend resend;
    private final HistoryPages pages;
    private final String service;

    LabResource(Lab lab, InstructorKey instructorKey, ExactlyOnceMetrics metrics, TakenMessages taken, Resend resend,
            HistoryWriter history, LargeReads largeReads, @ConfigProperty(name = "quarkus.application.name") String service) {
        this.lab = lab;
        this.instructorKey = instructorKey;
        this.metrics = metrics;
        this.taken = taken;
        this.resend = resend;
        this.service = service;
        this.pages = new HistoryPages(history, largeReads, service);
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
        UUID resent = newMessageId ? resend.underNewId(messageId) : resend.sameCopy(messageId) ? messageId : null;
        if (resent == null) {
            throw Problem.notFound("no outgoing message " + messageId + " in " + service + "'s outbox");
        }
        return Map.of("messageId", resent);
    }

    /** Every copy this service received for the game and everything it published, oldest first. */
    public HistoryPage history(String gameId, long after, int page, int size) {
        return pages.history(gameId, after, page, size);
    }

    public List<HistoryPage> histories(List<String> gameIds, List<Long> after, int size) {
        return pages.histories(gameIds, after, size);
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
}
