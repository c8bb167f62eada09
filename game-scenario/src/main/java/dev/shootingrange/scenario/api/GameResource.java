package dev.shootingrange.scenario.api;

import java.net.URI;
import java.util.UUID;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.contract.Problem;
import dev.shootingrange.contract.Rules;
import dev.shootingrange.scenario.domain.Game;
import dev.shootingrange.scenario.domain.GameView;
import dev.shootingrange.scenario.domain.GameScenario;

@Path("/api/games")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class GameResource {

    public static final int DEFAULT_TARGET_POSITION = 42;
    static final String TOO_MANY_SHOTS = "The game has taken its shots (game.max-shots): a problem detail; start a new game";

    public record NewGame(Integer targetPosition) {
    }

    public record NewShot(String player, Integer position) {
    }

    public record NewTargetPosition(Integer position) {
    }



    public record CreatedGame(String gameId, int targetPosition) {
    }

    public record AcceptedShot(UUID attemptId, UUID messageId) {
    }

    public record AcceptedMove(UUID messageId) {
    }

    private final GameScenario scenario;

    GameResource(GameScenario scenario) {
        this.scenario = scenario;
    }

    /** The body is optional: no body starts a game with the target at 42. */
    @POST
    public Response create(NewGame request) {
        int position = request == null || request.targetPosition() == null
                ? DEFAULT_TARGET_POSITION : request.targetPosition();
        Rules.checkPosition("targetPosition", position);
        Game game = scenario.createGame(position);
        return Response.created(URI.create("/api/games/" + game.gameId))
                .entity(new CreatedGame(game.gameId, game.targetPosition))
                .build();
    }

    @GET
    @Path("/{gameId}")
    public GameView game(@PathParam("gameId") String gameId) {
        Rules.checkGameId(gameId);
        return scenario.view(gameId);
    }

    @POST
    @Path("/{gameId}/shots")
    @APIResponse(responseCode = "200", description = "OK")
    @APIResponse(responseCode = "400", description = "Bad Request")
    @APIResponse(responseCode = "429", description = TOO_MANY_SHOTS,
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.Body.class)))
    public Response fire(@PathParam("gameId") String gameId, NewShot request) {
        Rules.checkGameId(gameId);
        Rules.required("request body", request);
        Rules.checkPlayer(request.player());
        Rules.checkPosition("position", request.position());
        FireAt fireAt = scenario.fire(gameId, request.player(), request.position());
        return Response.accepted(new AcceptedShot(fireAt.attemptId(), fireAt.messageId())).build();
    }

    @POST
    @Path("/{gameId}/target")
    public Response moveTarget(@PathParam("gameId") String gameId, NewTargetPosition request) {
        Rules.checkGameId(gameId);
        Rules.required("request body", request);
        Rules.checkPosition("position", request.position());
        MoveTarget move = scenario.moveTarget(gameId, request.position());
        return Response.accepted(new AcceptedMove(move.messageId())).build();
    }
}
