package dev.shootingrange.lab;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import jakarta.enterprise.context.ApplicationScoped;

import dev.shootingrange.exactlyonce.runtime.RetentionPurge;
import dev.shootingrange.exactlyonce.spi.Step;

/**
 * The lab's switches for this service: which protections are on, and which faults to inject. Every
 * protection is on and every fault off until a workshop changes them, at runtime. The one bean the
 * services ask; the protections are kept by {@link ProtectionSwitches}, the faults by {@link FaultInjection}.
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
    public static final Map<String, Step> FAULTS = new TreeMap<>(Map.of(
            "after-commit-before-ack", Step.AFTER_COMMIT_BEFORE_ACK,
            "rollback-after-send", Step.ROLLBACK_AFTER_SEND,
            "after-commit-before-publish", Step.AFTER_COMMIT_BEFORE_PUBLISH,
            "after-confirm-before-mark", Step.AFTER_CONFIRM_BEFORE_MARK));

    private final ProtectionSwitches switches;
    private final FaultInjection faults;

    Lab(LabConfig config, RetentionPurge retention) {
        this.switches = new ProtectionSwitches(config);
        this.faults = new FaultInjection(retention);
        reset();
    }

    public List<String> strategyNames() {
        return switches.strategyNames();
    }

    /** The strategy in force, or null where this service has none to choose from. */
    public String strategy() {
        return switches.strategy();
    }

    public boolean strategyIs(String name) {
        return name.equals(switches.strategy());
    }

    /** Switches to a strategy: the protections it is made of on, the others it could use off. */
    public void useStrategy(String name) {
        switches.useStrategy(name);
    }

    public List<String> protectionNames() {
        return switches.protectionNames();
    }

    public boolean isOn(String protection) {
        return switches.isOn(protection);
    }

    public Map<String, Boolean> protections() {
        return switches.protections();
    }

    public void protect(String protection, boolean on) {
        switches.protect(protection, on);
    }

    public Chaos chaos() {
        return faults.chaos();
    }

    public void chaos(Chaos chaos) {
        faults.chaos(chaos);
    }

    public void arm(ArmedFault fault) {
        faults.arm(fault);
    }

    public List<ArmedFault> armedFaults() {
        return faults.armedFaults();
    }

    /** Holds back the next outgoing message of this type until {@link TakenMessages#releaseHeld()}. */
    public void holdNext(String type) {
        faults.holdNext(type);
    }

    public Set<String> holdsArmed() {
        return faults.holdsArmed();
    }

    boolean takeHold(String type) {
        return faults.takeHold(type);
    }

    /** Every protection on, every fault off: the strategy that is every protection on, or the default. */
    public synchronized void reset() {
        switches.reset();
        faults.reset();
    }

    /**
     * Whether the relay dies at this step for a batch: where a fault is armed for one of its types, or
     * by chance once per batch, as a process dies once however many rows it was sending.
     */
    boolean faultAt(Step step, Collection<String> types) {
        return faults.faultAt(step, types);
    }

    boolean duplicate() {
        return faults.duplicate();
    }

    /** How long to hold back a message, or zero. */
    long delayMs() {
        return faults.delayMs();
    }

    /** How often each fault fired since the service started. */
    public Map<String, Long> faultsFired() {
        return faults.faultsFired();
    }
}
