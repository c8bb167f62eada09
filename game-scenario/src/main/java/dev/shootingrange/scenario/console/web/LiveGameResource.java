package dev.shootingrange.scenario.console.web;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.RestStreamElementType;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.contract.Rules;
import dev.shootingrange.scenario.domain.GameScenario;
import dev.shootingrange.scenario.console.live.LiveStreams;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Multi;
import io.vertx.core.http.HttpServerRequest;

/**
 * The console's live feed of one game: what the scenario, the range and the leader board say about it,
 * and the checker's verdict, pushed as server-sent events whenever any of it changes. Every browser
 * watching a game shares one view of it ({@link LiveGames}).
 */
@Path("/api/games/{gameId}/live")
public class LiveGameResource {

    private final GameScenario games;
    private final LiveGames live;
    private final LiveStreams streams;

    LiveGameResource(GameScenario games, LiveGames live, LiveStreams streams) {
        this.games = games;
        this.live = live;
        this.streams = streams;
    }

    @GET
    @Blocking
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @RestStreamElementType(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "200", description = "OK")
    @APIResponse(responseCode = "429", description = LiveStreams.TOO_MANY_OF_CLIENT,
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.Body.class)))
    @APIResponse(responseCode = "503", description = LiveStreams.TOO_MANY_IN_ALL,
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.Body.class)))
    public Multi<String> live(@PathParam("gameId") String gameId, @Context HttpServerRequest request) {
        Rules.checkGameId(gameId);
        games.view(gameId);
        return streams.views(LiveStreams.client(request), () -> live.watch(gameId));
    }

    /**
     * The same feed as changes ({@link LiveChange}): the whole view first, then only what changed in it,
     * so a long game costs each event what happened since the one before.
     */
    @GET
    @Path("/changes")
    @Blocking
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @RestStreamElementType(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "200", description = "OK: one LiveChange per event",
            content = @Content(mediaType = MediaType.SERVER_SENT_EVENTS, schema = @Schema(implementation = LiveChange.class)))
    @APIResponse(responseCode = "429", description = LiveStreams.TOO_MANY_OF_CLIENT,
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.Body.class)))
    @APIResponse(responseCode = "503", description = LiveStreams.TOO_MANY_IN_ALL,
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.Body.class)))
    public Multi<String> changes(@PathParam("gameId") String gameId, @Context HttpServerRequest request) {
        Rules.checkGameId(gameId);
        games.view(gameId);
        return streams.changes(LiveStreams.client(request), () -> live.watchChanges(gameId));
    }
}
