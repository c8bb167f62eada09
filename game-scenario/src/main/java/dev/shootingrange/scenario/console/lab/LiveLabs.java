package dev.shootingrange.scenario.console.lab;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shootingrange.contract.Problem;
import dev.shootingrange.lab.LabApi;
import dev.shootingrange.scenario.console.services.Services;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.infrastructure.Infrastructure;

/**
 * Every service's lab, as the consoles' lab panels show it: asked of the services once for all the
 * panels open, pushed to them when it differs from what they have. While any panel is open the labs are
 * asked every few seconds (their counters move with every message) and at once after a change made
 * through the lab's endpoints; with none open, nothing is asked. A plain reading of all labs is shared
 * for a second, so a room of scripts asking at once asks the services once.
 */
@ApplicationScoped
public class LiveLabs {

    private static final Logger LOG = Logger.getLogger(LiveLabs.class);
    /** How often open panels see the counters move: what the console polled at before it was pushed. */
    private static final long LOOK_MS = 3_000;

    /** One event of the pushed labs: every service's lab, or why they could not be read. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record LabsEvent(List<LabApi.LabView> services, String unavailable) {
    }

    private final LabReadings readings;
    private final ObjectMapper json;
    private final ScheduledExecutorService looker = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "live-labs");
        thread.setDaemon(true);
        return thread;
    });
    private final List<LabPanel> watchers = new CopyOnWriteArrayList<>();
    /** The event last pushed, and the looks while watched; under this object's lock. */
    private String last;
    private ScheduledFuture<?> looking;

    LiveLabs(Services services, ObjectMapper json) {
        this.readings = new LabReadings(services);
        this.json = json;
    }

    /** Every service's lab as of at most a second ago, or as of now after a change. */
    public AllLabs now() {
        return readings.now();
    }

    /** The labs at once, then again each time they differ, while the panel is open. */
    public Multi<String> watch() {
        return Multi.createFrom().<String> emitter(emitter -> {
            LabPanel watcher = new LabPanel(emitter);
            emitter.onTermination(() -> unwatch(watcher));
            synchronized (this) {
                watchers.add(watcher);
                if (looking == null) {
                    looking = looker.scheduleWithFixedDelay(this::look, 0, LOOK_MS, TimeUnit.MILLISECONDS);
                    return;
                }
                if (last != null) {
                    watcher.welcome(last);
                    return;
                }
            }
            looker.execute(this::look); // the first look is still on its way
        }).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    /** A lab was changed through this service: the next reading asks again, and open panels see it now. */
    public void changed() {
        readings.changed();
        if (!watchers.isEmpty()) {
            looker.execute(this::look);
        }
    }

    private synchronized void unwatch(LabPanel watcher) {
        watchers.remove(watcher);
        if (watchers.isEmpty() && looking != null) {
            looking.cancel(false);
            looking = null;
            last = null; // a panel opened later gets the labs as they are then
        }
    }

    /**
     * Reads the labs (on the looker's thread, one look at a time) and pushes them where they moved.
     * Nothing may escape: a scheduled look that throws is never run again.
     */
    private void look() {
        try {
            if (!watchers.isEmpty()) {
                push(read());
            }
        } catch (RuntimeException e) {
            LOG.warnf("labs not pushed to the open panels: %s", e);
        }
    }

    private String read() {
        try {
            return write(new LabsEvent(now().services(), null));
        } catch (Problem unavailable) {
            return write(new LabsEvent(null, unavailable.getMessage()));
        }
    }

    private synchronized void push(String event) {
        boolean moved = !event.equals(last);
        last = event;
        for (LabPanel watcher : watchers) {
            if (moved || !watcher.welcomed) {
                watcher.welcome(event);
            }
        }
    }

    private String write(LabsEvent event) {
        try {
            return json.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    @PreDestroy
    void stop() {
        looker.shutdownNow();
    }
}
