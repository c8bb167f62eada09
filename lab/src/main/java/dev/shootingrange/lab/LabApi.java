package dev.shootingrange.lab;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * A service's lab over HTTP: how a workshop switches its protections off and on and injects faults,
 * at run time. {@link LabResource} serves it; the console calls the other services through it as a
 * typed REST client, and its own service in process.
 */
@Path("/api/lab")
@Produces(MediaType.APPLICATION_JSON)
public interface LabApi {

    /**
     * {@code strategy} is the way to exactly-once in force and {@code strategies} those to choose from;
     * null and empty on a service that has none.
     */
    record LabView(String service, Map<String, Boolean> protections, Map<String, Object> chaos,
            Map<String, Object> stats, String strategy, List<String> strategies) {
    }

    record StrategyRequest(String strategy) {
    }

    /** {@code locked}: changing the lab needs the instructor's key; {@code unlocked}: the key given opens it. */
    record Access(boolean locked, boolean unlocked) {
    }

    record FaultRequest(String point, String type) {
    }

    record HoldRequest(String type) {
    }

    record ResendRequest(Boolean newMessageId) {
    }

    record HistoryEntry(long id, String direction, UUID messageId, String type, UUID attemptId,
            UUID causationId, String disposition, boolean redelivered, String detail, String body, Instant at) {
    }

    /**
     * {@code historyDropped}: rows of history this service let go since it started (its database refused
     * them alone, or too many waited); {@code historyComplete}: none was, and every row on its way when
     * the page was asked for was written before it was read. A page of an incomplete history may lack
     * copies that crossed the wire.
     */
    record HistoryPage(String gameId, String service, int page, int size, List<HistoryEntry> entries,
            long historyDropped, boolean historyComplete) {
    }

    @GET
    LabView lab();

    /** Whether this lab is shared under an instructor key, and whether the key sent (if any) opens it. */
    @GET
    @Path("/access")
    Access access(@HeaderParam(InstructorKey.HEADER) String key);

    /** A partial update: {"inbox": false} switches the inbox off and leaves the rest alone. */
    @PUT
    @Path("/protections")
    @Consumes(MediaType.APPLICATION_JSON)
    LabView protections(Map<String, Object> changes);

    /**
     * Switches to one of the write-up's ways to exactly-once, {"strategy": "state"}: the protections
     * it needs are switched with it.
     */
    @PUT
    @Path("/strategy")
    @Consumes(MediaType.APPLICATION_JSON)
    LabView strategy(StrategyRequest request);

    /** A partial update of the random faults; rates are chances from 0 to 1 per message. */
    @PUT
    @Path("/chaos")
    @Consumes(MediaType.APPLICATION_JSON)
    LabView chaos(Map<String, Object> changes);

    /** Arms a fault point for the next message of a type: {"point": "after-commit-before-ack", "type": "FireAt"}. */
    @POST
    @Path("/faults")
    @Consumes(MediaType.APPLICATION_JSON)
    LabView arm(FaultRequest request);

    /** Holds back the next outgoing message of a type, so that later ones overtake it. */
    @POST
    @Path("/holds")
    @Consumes(MediaType.APPLICATION_JSON)
    LabView hold(HoldRequest request);

    @POST
    @Path("/holds/release")
    Map<String, Integer> release();

    /** Publishes a sent message again, as the same copy or under a new messageId. */
    @POST
    @Path("/outbox/{messageId}/resend")
    Map<String, UUID> resend(@PathParam("messageId") UUID messageId, ResendRequest request);

    /**
     * Every copy this service received for the game and everything it published, oldest first; with
     * {@code after}, only the entries recorded after the one of that id (a reader that keeps up asks
     * for what is new, not again for what it has: entries are numbered in the order they are recorded).
     */
    @GET
    @Path("/history/{gameId}")
    HistoryPage history(@PathParam("gameId") String gameId, @QueryParam("after") @DefaultValue("0") long after,
            @QueryParam("page") @DefaultValue("0") int page, @QueryParam("size") @DefaultValue("200") int size);

    /**
     * Several games' histories at once, in the order asked: for each {@code gameId} the first page of
     * {@code size} entries after the {@code after} in the same place (none given: from the start). A
     * console watching many games asks once a round, not once per game.
     */
    @GET
    @Path("/history")
    List<HistoryPage> histories(@QueryParam("gameId") List<String> gameIds, @QueryParam("after") List<Long> after,
            @QueryParam("size") @DefaultValue("200") int size);

    /** Every protection on, every fault off, and held messages released: nothing stays behind. */
    @POST
    @Path("/reset")
    LabView reset();
}
