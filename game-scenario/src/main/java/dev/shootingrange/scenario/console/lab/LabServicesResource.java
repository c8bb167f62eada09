package dev.shootingrange.scenario.console.lab;

import java.util.Map;
import java.util.function.Function;

import jakarta.inject.Singleton;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.RestStreamElementType;

import dev.shootingrange.contract.LargeReads;
import dev.shootingrange.contract.Problem;
import dev.shootingrange.lab.LabApi;
import dev.shootingrange.scenario.console.services.Services;
import dev.shootingrange.scenario.console.live.LiveStreams;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Multi;
import io.vertx.core.http.HttpServerRequest;

/**
 * The lab of all three services behind one endpoint, for the console and workshop scripts. A service
 * name of {@code all} applies a change to every service.
 */
@Path("/api/lab/services")
@Produces(MediaType.APPLICATION_JSON)
@Singleton
public class LabServicesResource {

    private static final String ALL = "all";

    private final Services services;
    private final LiveLabs live;
    private final LiveStreams streams;
    private final LargeReads largeReads;

    LabServicesResource(Services services, LiveLabs live, LiveStreams streams, LargeReads largeReads) {
        this.services = services;
        this.live = live;
        this.streams = streams;
        this.largeReads = largeReads;
    }

    /** Every service's lab, shared for a second ({@link LiveLabs}); a change made here is seen at once ({@link LabChanges}). */
    @GET
    public AllLabs labs() {
        return live.now();
    }

    /**
     * The same, pushed: every service's lab at once, then again each time it differs (its counters every
     * few seconds while messages flow, a change made through the lab at once). What the console's lab
     * panel shows; every open panel shares one reading.
     */
    @GET
    @Path("/live")
    @Blocking
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @RestStreamElementType(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "200", description = "OK: one LabsEvent per event",
            content = @Content(mediaType = MediaType.SERVER_SENT_EVENTS, schema = @Schema(implementation = LiveLabs.LabsEvent.class)))
    @APIResponse(responseCode = "429", description = LiveStreams.TOO_MANY_OF_CLIENT,
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.Body.class)))
    @APIResponse(responseCode = "503", description = LiveStreams.TOO_MANY_IN_ALL,
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.Body.class)))
    public Multi<String> live(@Context HttpServerRequest request) {
        return streams.views(LiveStreams.client(request), live::watch);
    }

    @GET
    @Path("/{service}")
    public LabApi.LabView lab(@PathParam("service") String service) {
        return services.lab(service).lab();
    }

    @Consumes(MediaType.APPLICATION_JSON)
    @PUT
    @Path("/{service}/protections")
    public Object protect(@PathParam("service") String service, Map<String, Object> changes) {
        requireBody(changes);
        return change(service, () -> services.protectEverywhere(changes), lab -> lab.protections(changes));
    }

    /** One of the write-up's ways to exactly-once; "all" switches every service that has strategies. */
    @Consumes(MediaType.APPLICATION_JSON)
    @PUT
    @Path("/{service}/strategy")
    public Object strategy(@PathParam("service") String service, LabApi.StrategyRequest request) {
        requireBody(request);
        return change(service, () -> services.useStrategyEverywhere(request), lab -> lab.strategy(request));
    }

    @Consumes(MediaType.APPLICATION_JSON)
    @PUT
    @Path("/{service}/chaos")
    public Object chaos(@PathParam("service") String service, Map<String, Object> changes) {
        requireBody(changes);
        return change(service, () -> Services.ALL.forEach(each -> services.lab(each).chaos(changes)), lab -> lab.chaos(changes));
    }

    @Consumes(MediaType.APPLICATION_JSON)
    @POST
    @Path("/{service}/faults")
    public LabApi.LabView arm(@PathParam("service") String service, LabApi.FaultRequest request) {
        requireBody(request);
        return services.lab(service).arm(request);
    }

    @Consumes(MediaType.APPLICATION_JSON)
    @POST
    @Path("/{service}/holds")
    public LabApi.LabView hold(@PathParam("service") String service, LabApi.HoldRequest request) {
        requireBody(request);
        return services.lab(service).hold(request);
    }

    @POST
    @Path("/{service}/holds/release")
    public Map<String, Integer> release(@PathParam("service") String service) {
        return services.lab(service).release();
    }

    @POST
    @Path("/{service}/reset")
    public Object reset(@PathParam("service") String service) {
        return change(service, services::resetEverywhere, LabApi::reset);
    }

    @GET
    @Path("/{service}/history/{gameId}")
    public LabApi.HistoryPage history(@PathParam("service") String service, @PathParam("gameId") String gameId) {
        largeReads.admit(GameTimeline.PER_SERVICE * LargeReads.HISTORY_ENTRY);
        return services.lab(service).history(gameId, 0, 0, GameTimeline.PER_SERVICE);
    }

    /** A change to one service's lab; to every service's where the name is {@code all}, answered with every lab as it is then. */
    private Object change(String service, Runnable everywhere, Function<LabApi, Object> one) {
        if (ALL.equals(service)) {
            everywhere.run();
            return labs();
        }
        return one.apply(services.lab(service));
    }

    private static void requireBody(Object body) {
        if (body == null) {
            throw Problem.badRequest("request body is required");
        }
    }
}
