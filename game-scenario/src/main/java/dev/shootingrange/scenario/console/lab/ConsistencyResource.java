package dev.shootingrange.scenario.console.lab;

import java.time.Duration;

import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import dev.shootingrange.contract.GameReads;
import dev.shootingrange.contract.LargeReads;
import dev.shootingrange.contract.Problem;
import dev.shootingrange.contract.Rules;

/** The consistency checker: the contract's four rules for one game, from evidence, not from trust. */
@Path("/api/games/{gameId}/consistency")
@Produces(MediaType.APPLICATION_JSON)
public class ConsistencyResource {

    private final ConsistencyChecker checker;
    private final LargeReads largeReads;

    ConsistencyResource(ConsistencyChecker checker, LargeReads largeReads) {
        this.checker = checker;
        this.largeReads = largeReads;
    }

    /** @param settleSeconds how long a shot may wait for its outcome before it counts as lost */
    @GET
    @APIResponse(responseCode = "200", description = "OK")
    @APIResponse(responseCode = "503", description = LargeReads.BUSY,
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.Body.class)))
    public Verdict check(@PathParam("gameId") String gameId,
            @QueryParam("settleSeconds") @DefaultValue("5") int settleSeconds) {
        Rules.checkGameId(gameId);
        if (settleSeconds < 0 || settleSeconds > 3600) {
            throw Problem.badRequest("settleSeconds must be from 0 to 3600");
        }
        // A game's shots, its copies on the wire and what the range and the board say of them.
        largeReads.admit(GameReads.MAX_ROWS);
        return checker.judge(gameId, Duration.ofSeconds(settleSeconds));
    }
}
