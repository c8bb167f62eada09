package dev.shootingrange.range.api;

import java.util.List;
import java.util.UUID;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import dev.shootingrange.contract.GameReads;
import dev.shootingrange.contract.LargeReads;
import dev.shootingrange.contract.Problem;
import dev.shootingrange.contract.Rules;
import dev.shootingrange.range.domain.Outcome;
import dev.shootingrange.range.domain.Target;

@Path("/api/ranges")
@Produces(MediaType.APPLICATION_JSON)
public class RangeResource {

    private final LargeReads largeReads;

    RangeResource(LargeReads largeReads) {
        this.largeReads = largeReads;
    }

    public record OutcomeView(UUID attemptId, Outcome.Kind outcome, UUID messageId) {
    }

    public record RangeView(String gameId, Integer targetPosition, List<OutcomeView> outcomes) {
    }

    /**
     * Several games at once, in the order asked: a console watching many games asks once a round, not
     * once per game. Each as {@link #range} gives it; a game named twice is read once, and one answer
     * is bounded ({@link GameReads}).
     */
    @GET
    @APIResponse(responseCode = "200", description = "OK")
    @APIResponse(responseCode = "400", description = GameReads.TOO_MANY_ROWS,
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.Body.class)))
    @APIResponse(responseCode = "503", description = LargeReads.BUSY,
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.Body.class)))
    public List<RangeView> ranges(@QueryParam("gameId") List<String> gameIds) {
        Rules.checkGameIds(gameIds);
        largeReads.admit(LargeReads.games(gameIds.size()));
        return GameReads.inTheOrderAsked(gameIds, RangeResource::read, view -> view.outcomes().size());
    }

    /** A game the range never heard of has no target and no outcomes yet; that is not an error here. */
    @GET
    @Path("/{gameId}")
    @APIResponse(responseCode = "200", description = "OK")
    @APIResponse(responseCode = "400", description = GameReads.TOO_MANY_ROWS,
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.Body.class)))
    @APIResponse(responseCode = "503", description = LargeReads.BUSY,
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.Body.class)))
    public RangeView range(@PathParam("gameId") String gameId) {
        Rules.checkGameId(gameId);
        largeReads.admit(LargeReads.games(1));
        return read(gameId);
    }

    private static RangeView read(String gameId) {
        Rules.checkGameId(gameId);
        List<OutcomeView> outcomes = GameReads.checked(gameId, Outcome.decidedIn(gameId, GameReads.MAX_ROWS + 1)).stream()
                .map(o -> new OutcomeView(o.attemptId(), o.outcome(), o.messageId()))
                .toList();
        return new RangeView(gameId, Target.positionIn(gameId), outcomes);
    }
}
