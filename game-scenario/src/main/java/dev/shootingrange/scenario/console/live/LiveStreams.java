package dev.shootingrange.scenario.console.live;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import dev.shootingrange.contract.Problem;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.subscription.BackPressureFailure;
import io.vertx.core.http.HttpServerRequest;

/**
 * Every server-sent event stream this service holds open, bounded twice. Each stream holds at most a few
 * events its client has not read yet: a browser that stops reading (a sleeping laptop's open tab) fills
 * its TCP buffers, and whatever is sent after that would wait in the heap. And a client, and all of them
 * together, may hold only so many streams open: each costs a connection and its pending events, and the
 * heap is small (jvm.options).
 */
@ApplicationScoped
public class LiveStreams {

    private static final Logger LOG = Logger.getLogger(LiveStreams.class);
    /** What the HTTP contract says of a stream refused (each endpoint's @APIResponse). */
    public static final String TOO_MANY_OF_CLIENT = "Too many live streams open from this client's address (live.streams.per-client): a problem detail";
    public static final String TOO_MANY_IN_ALL = "Too many live streams open in all (live.streams.total): a problem detail";

    private final int perClient;
    private final int total;
    private final int changesBehind;
    /** Streams open, by client address and in all; under this object's lock. */
    private final Map<String, Integer> open = new HashMap<>();
    private int openInAll;
    private final Counter refusedPerClient;
    private final Counter refusedInAll;
    private final Counter dropped;

    LiveStreams(@ConfigProperty(name = "live.streams.per-client") int perClient,
            @ConfigProperty(name = "live.streams.total") int total,
            @ConfigProperty(name = "live.streams.changes-behind") int changesBehind, MeterRegistry registry) {
        this.perClient = perClient;
        this.total = total;
        this.changesBehind = changesBehind;
        this.refusedPerClient = refused(registry, "per-client");
        this.refusedInAll = refused(registry, "total");
        this.dropped = Counter.builder("live.streams.dropped")
                .description("Streams of changes ended because their client fell behind: it reconnects to a whole view")
                .register(registry);
        registry.gauge("live.streams.open", this, LiveStreams::openInAll);
    }

    private static Counter refused(MeterRegistry registry, String cap) {
        return Counter.builder("live.streams.refused").description("Streams refused at a cap").tag("cap", cap)
                .register(registry);
    }

    /**
     * Whole views, each standing for all before it: a client that reads slowly gets the newest when it
     * reads again, and never more than one is kept for it.
     */
    public Multi<String> views(String client, Supplier<Multi<String>> views) {
        return open(client, () -> views.get().onOverflow().dropPreviousItems());
    }

    /**
     * A whole view, then changes to it: none may be skipped, so a client that falls more than
     * {@code live.streams.changes-behind} events behind is dropped. Its stream ends, and the browser's
     * EventSource reconnects and starts again from a whole view.
     */
    public Multi<String> changes(String client, Supplier<Multi<String>> changes) {
        return open(client, () -> changes.get().onOverflow().buffer(changesBehind)
                .onFailure(BackPressureFailure.class).invoke(behind -> {
                    dropped.increment();
                    LOG.infof("a watcher of changes at %s fell %d events behind: its stream ends, to start again from a whole view",
                            client, changesBehind);
                }).onFailure(BackPressureFailure.class).recoverWithCompletion());
    }

    /** The stream, counted while it is open; refused with 429 or 503 where a cap is reached. */
    private Multi<String> open(String client, Supplier<Multi<String>> stream) {
        take(client);
        try {
            return stream.get().onTermination().invoke(() -> give(client));
        } catch (RuntimeException e) {
            give(client);
            throw e;
        }
    }

    private synchronized void take(String client) {
        int ofClient = open.getOrDefault(client, 0);
        if (ofClient >= perClient) {
            refusedPerClient.increment();
            throw Problem.tooManyRequests(client + " has " + ofClient
                    + " live streams open, as many as one client may (live.streams.per-client): close one first");
        }
        if (openInAll >= total) {
            refusedInAll.increment();
            throw new Problem(Response.Status.SERVICE_UNAVAILABLE, openInAll
                    + " live streams are open, as many as this service holds (live.streams.total); try again later");
        }
        open.put(client, ofClient + 1);
        openInAll++;
    }

    private synchronized void give(String client) {
        open.computeIfPresent(client, (address, count) -> count == 1 ? null : count - 1);
        openInAll--;
    }

    synchronized int openInAll() {
        return openInAll;
    }

    /** Who asks for a stream: the address it connects from. */
    public static String client(HttpServerRequest request) {
        String address = request.remoteAddress() == null ? null : request.remoteAddress().hostAddress();
        return address == null ? "an unknown address" : address;
    }
}
