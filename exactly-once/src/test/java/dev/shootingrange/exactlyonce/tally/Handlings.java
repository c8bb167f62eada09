package dev.shootingrange.exactlyonce.tally;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import dev.shootingrange.exactlyonce.spi.Step;

/** Handlings of each message begun, seen at its inbox check: the first delivery, each copy, each retry. */
public final class Handlings {

    private final Map<UUID, AtomicInteger> begun = new ConcurrentHashMap<>();

    /** For a steps listener: counts the step that begins a handling. */
    public void reached(Step step, UUID messageId) {
        if (step == Step.BEFORE_INBOX_INSERT) {
            begun.computeIfAbsent(messageId, id -> new AtomicInteger()).incrementAndGet();
        }
    }

    public int of(Tally count) {
        AtomicInteger seen = begun.get(count.messageId());
        return seen == null ? 0 : seen.get();
    }
}
