package dev.shootingrange.range.api;

import java.util.List;
import java.util.UUID;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import dev.shootingrange.contract.Rules;
import dev.shootingrange.range.domain.Outcome;
import dev.shootingrange.range.domain.Target;

@Path("/api/ranges")
@Produces(MediaType.APPLICATION_JSON)
public class RangeResource {

    public record OutcomeView(UUID attemptId, Outcome.Kind outcome, UUID messageId) {
    }

    public record RangeView(String gameId, Integer targetPosition, List<OutcomeView> outcomes) {
    }

    /**
     * Several games at once, in the order asked: a console watching many games asks once a round, not
     * once per game. Each as {@link #range} gives it.
     */
    @GET
    public List<RangeView> ranges(@QueryParam("gameId") List<String> gameIds) {
        Rules.checkGameIds(gameIds);
        return gameIds.stream().map(this::range).toList();
    }

    /** A game the range never heard of has no target and no outcomes yet; that is not an error here. */
    @GET
    @Path("/{gameId}")
    public RangeView range(@PathParam("gameId") String gameId) {
        Rules.checkGameId(gameId);
        List<OutcomeView> outcomes = Outcome.decidedIn(gameId).stream()
                .map(o -> new OutcomeView(o.attemptId(), o.outcome(), o.messageId()))
                .toList();
        return new RangeView(gameId, Target.positionIn(gameId), outcomes);
    }
}
