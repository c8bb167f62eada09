package dev.shootingrange.scenario.console.lab;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import dev.shootingrange.scenario.console.services.Services;

/**
 * A plain reading of every service's lab, shared for a second: a room of scripts asking at once asks
 * the services once. A change made through the lab's endpoints makes the next reading ask again.
 */
final class LabReadings {

    private static final long SHARED_FOR_NANOS = Duration.ofSeconds(1).toNanos();

    private record Shared(AllLabs labs, long askedAtNanos) {
    }

    private final Services services;
    private volatile Shared shared;
    /** Changes made through the lab's endpoints: a reading that one overtook is not shared. */
    private final AtomicLong changes = new AtomicLong();

    LabReadings(Services services) {
        this.services = services;
    }

    /** Every service's lab as of at most a second ago, or as of now after a change. */
    AllLabs now() {
        Shared cached = shared;
        if (cached != null && System.nanoTime() - cached.askedAtNanos < SHARED_FOR_NANOS) {
            return cached.labs;
        }
        long asking = System.nanoTime();
        long changesBefore = changes.get();
        AllLabs labs = new AllLabs(Services.ALL.stream().map(service -> services.lab(service).lab()).toList());
        if (changes.get() == changesBefore) {
            shared = new Shared(labs, asking); // not what a change made while asking may have missed
        }
        return labs;
    }

    /** A lab was changed through this service: the next reading asks again. */
    void changed() {
        changes.incrementAndGet();
        shared = null;
    }
}
