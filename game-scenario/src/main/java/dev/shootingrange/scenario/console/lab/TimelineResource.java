package dev.shootingrange.scenario.console.lab;

import java.util.List;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shootingrange.contract.LargeReads;
import dev.shootingrange.contract.Problem;
import dev.shootingrange.contract.Rules;
import dev.shootingrange.scenario.console.services.Services;

/**
 * The game's messages across the three services, in the order they happened: the console's sequence diagram
 * (the console itself gets it inside its live feed of changes; this is for scripts and clients of whole views).
 */
@Path("/api/games/{gameId}/timeline")
@Produces(MediaType.APPLICATION_JSON)
public class TimelineResource {

    private final Services services;
    private final WatchedGames live;
    private final ObjectMapper json;
    private final LargeReads largeReads;

    TimelineResource(Services services, WatchedGames live, ObjectMapper json, LargeReads largeReads) {
        this.services = services;
        this.live = live;
        this.json = json;
        this.largeReads = largeReads;
    }

    /**
     * Every history entry of every service, oldest first. A client of the whole-view feed asks after each
     * view: one of them gathers what is new and writes the answer, the others share those bytes
     * ({@link WatchedGames#sharedPerView}); a watched game keeps what it has gathered ({@link GameTimeline}).
     */
    @GET
    @APIResponse(responseCode = "200", description = "OK", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(type = SchemaType.ARRAY, implementation = TimelineEntry.class)))
    @APIResponse(responseCode = "503", description = LargeReads.BUSY,
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.Body.class)))
    public String timeline(@PathParam("gameId") String gameId) {
        Rules.checkGameId(gameId);
        // Each service's first entries of the game, GameTimeline.PER_SERVICE of them at most.
        largeReads.admit(Services.ALL.size() * GameTimeline.PER_SERVICE * LargeReads.HISTORY_ENTRY);
        return live.sharedPerView(gameId, () -> write(GameTimeline.of(live, gameId).catchUp(services)));
    }

    private String write(List<TimelineEntry> entries) {
        try {
            return json.writeValueAsString(entries);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
