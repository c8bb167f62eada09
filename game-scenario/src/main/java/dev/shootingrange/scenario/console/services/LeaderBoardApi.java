package dev.shootingrange.scenario.console.services;

import java.util.List;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import dev.shootingrange.contract.Problem;
import io.quarkus.rest.client.reactive.ClientExceptionMapper;

/** The leader board's public API, as the console reads it. */
@RegisterRestClient(configKey = Services.LEADER_BOARD)
@OtherService(Services.LEADER_BOARD)
@Path("/api/leaderboard")
@Produces(MediaType.APPLICATION_JSON)
public interface LeaderBoardApi {

    record PlayerView(String player, int shots, int hits) {
    }

    record BoardView(String gameId, List<PlayerView> players) {
    }

    @GET
    @Path("/{gameId}")
    BoardView board(@PathParam("gameId") String gameId);

    /** Several games' boards at once, in the order asked. */
    @GET
    List<BoardView> boards(@QueryParam("gameId") List<String> gameIds);

    /** A player's hits, 0 for a player the board has not counted yet. */
    default int hits(String gameId, String player) {
        return board(gameId).players().stream().filter(score -> score.player().equals(player))
                .mapToInt(PlayerView::hits).findFirst().orElse(0);
    }

    @ClientExceptionMapper
    static Problem answered(Response response) {
        return ServiceProblems.answered(Services.LEADER_BOARD, response);
    }
}
