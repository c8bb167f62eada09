package dev.shootingrange.lab;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import dev.shootingrange.exactlyonce.runtime.RetentionPurge;
import dev.shootingrange.exactlyonce.spi.Step;

/**
 * The faults a workshop injects: fault points armed for the next message of a type, holds, random
 * chaos, and how often each fired. Apart from the protections, since these fire on messages and are
 * counted, while the protections only choose the path a message takes.
 */
final class FaultInjection {

    private final RetentionPurge retention;
    private final List<ArmedFault> armed = new CopyOnWriteArrayList<>();
    private final Set<String> holdNext = ConcurrentHashMap.newKeySet();
    private final Map<String, AtomicLong> fired = new ConcurrentHashMap<>();
    private volatile Chaos chaos = Chaos.NONE;
    private Random random = new Random();

    FaultInjection(RetentionPurge retention) {
        this.retention = retention;
    }

    Chaos chaos() {
        return chaos;
    }

    synchronized void chaos(Chaos chaos) {
        this.chaos = chaos;
        this.random = chaos.seed() == null ? new Random() : new Random(chaos.seed());
        retention.inboxWindow(chaos.inboxRetentionSeconds() == null ? null : Duration.ofSeconds(chaos.inboxRetentionSeconds()));
    }

    void arm(ArmedFault fault) {
        if (!Lab.FAULTS.containsKey(fault.point())) {
            throw new IllegalArgumentException("unknown fault point '" + fault.point() + "'");
        }
        armed.add(fault);
    }

    List<ArmedFault> armedFaults() {
        return List.copyOf(armed);
    }

    void holdNext(String type) {
        holdNext.add(type);
    }

    Set<String> holdsArmed() {
        return Set.copyOf(holdNext);
    }

    boolean takeHold(String type) {
        return holdNext.remove(type);
    }

    /** Every fault off: none armed, no hold, no chaos. */
    void reset() {
        armed.clear();
        holdNext.clear();
        chaos(Chaos.NONE);
    }

    /** Where a fault is armed for one of the types, or by chance once per batch. */
    boolean faultAt(Step step, Collection<String> types) {
        for (ArmedFault fault : armed) {
            if (Lab.FAULTS.get(fault.point()) == step && types.contains(fault.type()) && armed.remove(fault)) {
                return count(fault.point());
            }
        }
        return roll(chaos.rateAt(step)) && count(faultName(step));
    }

    private static String faultName(Step step) {
        return Lab.FAULTS.entrySet().stream().filter(fault -> fault.getValue() == step).map(Map.Entry::getKey)
                .findFirst().orElse(step.name());
    }

    boolean duplicate() {
        return roll(chaos.duplicateRate()) && count("duplicated");
    }

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

    Map<String, Long> faultsFired() {
        Map<String, Long> view = new LinkedHashMap<>();
        new ArrayList<>(fired.keySet()).stream().sorted().forEach(k -> view.put(k, fired.get(k).get()));
        return view;
    }
}
