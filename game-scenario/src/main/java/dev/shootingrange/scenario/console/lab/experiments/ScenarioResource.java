package dev.shootingrange.scenario.console.lab.experiments;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import dev.shootingrange.contract.Rules;
import io.smallrye.common.annotation.Blocking;

/** A game recorded as a scenario, and played again: a failure seen in a workshop becomes a regression test. */
@Path("/api/games")
@Produces(MediaType.APPLICATION_JSON)
public class ScenarioResource {

    private final Replays replays;

    ScenarioResource(Replays replays) {
        this.replays = replays;
    }

    @GET
    @Path("/{gameId}/scenario")
    public Replays.Scenario export(@PathParam("gameId") String gameId) {
        Rules.checkGameId(gameId);
        return replays.export(gameId);
    }

    /** Plays the scenario on a new game; {@code replayOf} names the game it came from, for the report. */
    @POST
    @Path("/replay")
    @Consumes(MediaType.APPLICATION_JSON)
    @Blocking
    public Replays.Replay replay(Replays.Scenario scenario, @QueryParam("replayOf") String replayOf) {
        return replays.replay(scenario, replayOf);
    }
}
