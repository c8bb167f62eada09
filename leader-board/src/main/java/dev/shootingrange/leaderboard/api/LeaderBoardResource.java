package dev.shootingrange.leaderboard.api;

import java.util.List;

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
import dev.shootingrange.leaderboard.domain.PlayerScore;

@Path("/api/leaderboard")
@Produces(MediaType.APPLICATION_JSON)
public class LeaderBoardResource {

    private final LargeReads largeReads;

    LeaderBoardResource(LargeReads largeReads) {
        this.largeReads = largeReads;
    }

    public record PlayerView(String player, int shots, int hits) {
    }

    public record BoardView(String gameId, List<PlayerView> players) {
    }

    /**
     * Several games' boards at once, in the order asked: a console watching many games asks once a round,
     * not once per game. Each as {@link #board} gives it; a game named twice is read once, and one answer
     * is bounded ({@link GameReads}).
     */
    @GET
    @APIResponse(responseCode = "200", description = "OK")
    @APIResponse(responseCode = "400", description = GameReads.TOO_MANY_ROWS,
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.Body.class)))
    @APIResponse(responseCode = "503", description = LargeReads.BUSY,
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.Body.class)))
    public List<BoardView> boards(@QueryParam("gameId") List<String> gameIds) {
        Rules.checkGameIds(gameIds);
        largeReads.admit(LargeReads.games(gameIds.size()));
        return GameReads.inTheOrderAsked(gameIds, LeaderBoardResource::read, view -> view.players().size());
    }

    /** A game nobody has shot in yet has an empty board; that is not an error here. */
    @GET
    @Path("/{gameId}")
    @APIResponse(responseCode = "200", description = "OK")
    @APIResponse(responseCode = "503", description = LargeReads.BUSY,
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.Body.class)))
    public BoardView board(@PathParam("gameId") String gameId) {
        Rules.checkGameId(gameId);
        largeReads.admit(LargeReads.games(1));
        return read(gameId);
    }

    private static BoardView read(String gameId) {
        Rules.checkGameId(gameId);
        return new BoardView(gameId, PlayerScore.ranking(gameId).stream()
                .map(score -> new PlayerView(score.player(), score.shots(), score.hits()))
                .toList());
    }
}
