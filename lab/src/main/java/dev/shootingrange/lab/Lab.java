package dev.shootingrange.lab;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import dev.shootingrange.exactlyonce.RetentionPurge;
import dev.shootingrange.exactlyonce.spi.Step;

/**
 * The lab's switches for this service: which protections are on, and which faults to inject. Every
 * protection is on and every fault off until a workshop changes them, at runtime.
 */
@ApplicationScoped
public class Lab {

    public static final String INBOX = "inbox";
    public static final String OUTBOX = "outbox";
    public static final String ATTEMPT_DEDUP = "attemptDedup";
    /** Answers get ids (and bytes) derived from the message they answer; off: random ids, as new. */
    public static final String DETERMINISTIC_IDS = "deterministicIds";

    /*
     * The write-up's ways to exactly-once, as strategies a service can be switched to (lab.strategies,
     * "inbox" first: the inbox drops a copy), each that approach alone. Each sets the protections it
     * needs (lab.strategy.<name>.protections lists those it keeps on); the range also handles copies by it.
     */
    /** A copy is known by the messages its first handling stored (or the inbox), and those are published again. */
    public static final String SIDE_EFFECTS = "side-effects";
    /** The range judges a copy again on the target's version its first handling used. */
    public static final String STATE = "state";
    /** The range answers an attempt it knows with its stored outcome; the board counts an attempt once. */
    public static final String BUSINESS = "business";
    /** What the lab reports once one of a strategy's protections was switched by hand. */
    public static final String CUSTOM = "custom";
    /**
     * What the lab reports after a reset where no strategy alone is every protection on: the service as
     * it ships (the leader board's inbox and its attempt filter both). Each strategy is its approach
     * alone, so that the strategies can be compared; the default keeps them all.
     */
    public static final String DEFAULT = "default";

    /** The faults a workshop can arm, by the names the lab's API uses, at the step where each fires. */
    public static final Map<String, Step> FAULTS = new java.util.TreeMap<>(Map.of(
            "after-commit-before-ack", Step.AFTER_COMMIT_BEFORE_ACK,
            "rollback-after-send", Step.ROLLBACK_AFTER_SEND,
            "after-commit-before-publish", Step.AFTER_COMMIT_BEFORE_PUBLISH,
            "after-confirm-before-mark", Step.AFTER_CONFIRM_BEFORE_MARK));

    /** Random faults: each rate is the chance that one message meets it. */
    public record Chaos(double duplicateRate, double delayRate, long maxDelayMs, double crashAfterPublishRate,
            double crashBeforeAckRate, double crashBeforePublishRate, double rollbackAfterSendRate,
            Long seed, Long inboxRetentionSeconds) {

        public static final Chaos NONE = new Chaos(0, 0, 1000, 0, 0, 0, 0, null, null);

        double rateAt(Step step) {
            return switch (step) {
                case AFTER_CONFIRM_BEFORE_MARK -> crashAfterPublishRate;
                case AFTER_COMMIT_BEFORE_ACK -> crashBeforeAckRate;
                case AFTER_COMMIT_BEFORE_PUBLISH -> crashBeforePublishRate;
                case ROLLBACK_AFTER_SEND -> rollbackAfterSendRate;
                default -> 0;
            };
        }
    }

    /** A fault armed for the next message of one type. */
    public record ArmedFault(String point, String type) {
    }

    private final List<String> protectionNames;
    private final Map<String, List<String>> strategies;
    private final Set<String> strategyProtections;
    private volatile String strategy;
    private final RetentionPurge retention;
    private final Map<String, Boolean> protections = new ConcurrentHashMap<>();
    private final List<ArmedFault> armed = new CopyOnWriteArrayList<>();
    private final Set<String> holdNext = ConcurrentHashMap.newKeySet();
    private final Map<String, AtomicLong> fired = new ConcurrentHashMap<>();
    private volatile Chaos chaos = Chaos.NONE;
    private Random random = new Random();

    Lab(@ConfigProperty(name = "lab.protections", defaultValue = "inbox,outbox") List<String> protectionNames,
            @ConfigProperty(name = "lab.strategies") Optional<List<String>> strategyNames,
            RetentionPurge retention) {
        this.protectionNames = List.copyOf(protectionNames);
        this.strategies = strategies(strategyNames.orElse(List.of()));
        this.strategyProtections = new TreeSet<>();
        strategies.values().forEach(strategyProtections::addAll);
        this.retention = retention;
        reset();
    }

    /** Each strategy with the protections it keeps on; the first is the one a reset returns to. */
    private Map<String, List<String>> strategies(List<String> names) {
        var config = ConfigProvider.getConfig();
        Map<String, List<String>> byName = new LinkedHashMap<>();
        for (String name : names) {
            List<String> on = config.getOptionalValues("lab.strategy." + name + ".protections", String.class)
                    .orElse(List.of());
            on.stream().filter(protection -> !protectionNames.contains(protection)).findFirst().ifPresent(unknown -> {
                throw new IllegalStateException("lab.strategy." + name + ".protections names '" + unknown
                        + "', which is not one of lab.protections " + protectionNames);
            });
            byName.put(name, List.copyOf(on));
        }
        return byName;
    }

    public List<String> strategyNames() {
        return List.copyOf(strategies.keySet());
    }

    /** The strategy in force, or null where this service has none to choose from. */
    public String strategy() {
        return strategy;
    }

    public boolean strategyIs(String name) {
        return name.equals(strategy);
    }

    /** Switches to a strategy: the protections it is made of on, the others it could use off. */
    public synchronized void useStrategy(String name) {
        List<String> on = strategies.get(name);
        if (on == null) {
            throw new IllegalArgumentException(strategies.isEmpty() ? "this service has no strategies to choose from"
                    : "unknown strategy '" + name + "'; there are " + strategies.keySet());
        }
        strategyProtections.forEach(protection -> protections.put(protection, on.contains(protection)));
        strategy = name;
    }

    public List<String> protectionNames() {
        return protectionNames;
    }

    public boolean isOn(String protection) {
        return protections.getOrDefault(protection, true);
    }

    public Map<String, Boolean> protections() {
        Map<String, Boolean> view = new LinkedHashMap<>();
        protectionNames.forEach(name -> view.put(name, isOn(name)));
        return view;
    }

    public synchronized void protect(String protection, boolean on) {
        if (!protectionNames.contains(protection)) {
            throw new IllegalArgumentException("unknown protection '" + protection + "'; this service has " + protectionNames);
        }
        protections.put(protection, on);
        if (strategyProtections.contains(protection) && (strategies.containsKey(strategy)
                ? strategies.get(strategy).contains(protection) != on : DEFAULT.equals(strategy) && !on)) {
            strategy = CUSTOM; // no longer what the strategy is made of
        }
    }

    public Chaos chaos() {
        return chaos;
    }

    public synchronized void chaos(Chaos chaos) {
        this.chaos = chaos;
        this.random = chaos.seed() == null ? new Random() : new Random(chaos.seed());
        retention.inboxWindow(chaos.inboxRetentionSeconds() == null ? null : Duration.ofSeconds(chaos.inboxRetentionSeconds()));
    }

    public void arm(ArmedFault fault) {
        if (!FAULTS.containsKey(fault.point())) {
            throw new IllegalArgumentException("unknown fault point '" + fault.point() + "'");
        }
        armed.add(fault);
    }

    public List<ArmedFault> armedFaults() {
        return List.copyOf(armed);
    }

    /** Holds back the next outgoing message of this type until {@link TakenMessages#releaseHeld()}. */
    public void holdNext(String type) {
        holdNext.add(type);
    }

    public Set<String> holdsArmed() {
        return Set.copyOf(holdNext);
    }

    boolean takeHold(String type) {
        return holdNext.remove(type);
    }

    /** Every protection on, every fault off: the strategy that is every protection on, or the default. */
    public synchronized void reset() {
        protections.clear();
        strategy = strategies.isEmpty() ? null : strategies.entrySet().stream()
                .filter(preset -> preset.getValue().containsAll(strategyProtections)).map(Map.Entry::getKey)
                .findFirst().orElse(DEFAULT);
        armed.clear();
        holdNext.clear();
        chaos(Chaos.NONE);
    }

    /**
     * Whether the relay dies at this step for a batch: where a fault is armed for one of its types, or
     * by chance once per batch, as a process dies once however many rows it was sending.
     */
    boolean faultAt(Step step, java.util.Collection<String> types) {
        for (ArmedFault fault : armed) {
            if (FAULTS.get(fault.point()) == step && types.contains(fault.type()) && armed.remove(fault)) {
                return count(fault.point());
            }
        }
        return roll(chaos.rateAt(step)) && count(faultName(step));
    }

    private static String faultName(Step step) {
        return FAULTS.entrySet().stream().filter(fault -> fault.getValue() == step).map(Map.Entry::getKey)
                .findFirst().orElse(step.name());
    }

    boolean duplicate() {
        return roll(chaos.duplicateRate()) && count("duplicated");
    }

    /** How long to hold back a message, or zero. */
    long delayMs() {
        if (!roll(chaos.delayRate()) || chaos.maxDelayMs() <= 0) {
            return 0;
        }
        count("delayed");
        synchronized (this) {
            return 1 + (long) (random.nextDouble() * chaos.maxDelayMs());
        }
    }

    private synchronized boolean roll(double rate) {
        return rate > 0 && random.nextDouble() < rate;
    }

    private boolean count(String what) {
        fired.computeIfAbsent(what, k -> new AtomicLong()).incrementAndGet();
        return true;
    }

    /** How often each fault fired since the service started. */
    public Map<String, Long> faultsFired() {
        Map<String, Long> view = new LinkedHashMap<>();
        new ArrayList<>(fired.keySet()).stream().sorted().forEach(k -> view.put(k, fired.get(k).get()));
        return view;
    }
}
