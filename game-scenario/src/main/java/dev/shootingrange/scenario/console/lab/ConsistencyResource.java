package dev.shootingrange.scenario.console.lab;

import java.time.Duration;

import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

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
    public Verdict check(@PathParam("gameId") String gameId,
            @QueryParam("settleSeconds") @DefaultValue("5") int settleSeconds) {
        Rules.checkGameId(gameId);
        if (settleSeconds < 0 || settleSeconds > 3600) {
            throw Problem.badRequest("settleSeconds must be from 0 to 3600");
        }
        largeReads.admit();
        return checker.judge(gameId, Duration.ofSeconds(settleSeconds));
    }
}
