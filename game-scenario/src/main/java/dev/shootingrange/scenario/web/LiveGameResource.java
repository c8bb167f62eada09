package dev.shootingrange.scenario.web;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.jboss.resteasy.reactive.RestStreamElementType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.contract.Rules;
import dev.shootingrange.scenario.api.GameResource;
import dev.shootingrange.scenario.lab.ConsistencyResource;
import dev.shootingrange.scenario.lab.LabServices;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.infrastructure.Infrastructure;

/**
 * The console's live feed of one game: what the scenario, the range and the leader board say about it,
 * and the checker's verdict, pushed as server-sent events whenever any of it changes.
 */
@Path("/api/games/{gameId}/live")
public class LiveGameResource {

    private static final Duration EVERY = Duration.ofMillis(500);

    private final GameResource games;
    private final LabServices services;
    private final ConsistencyResource checker;
    private final ObjectMapper json;

    LiveGameResource(GameResource games, LabServices services, ConsistencyResource checker, ObjectMapper json) {
        this.games = games;
        this.services = services;
        this.checker = checker;
        this.json = json;
    }

    @GET
    @Blocking
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @RestStreamElementType(MediaType.APPLICATION_JSON)
    public Multi<String> live(@PathParam("gameId") String gameId) {
        Rules.checkGameId(gameId);
        games.game(gameId);
        return Multi.createFrom().ticks().every(EVERY)
                .emitOn(Infrastructure.getDefaultWorkerPool())
                .map(tick -> QuarkusTransaction.requiringNew().call(() -> snapshot(gameId)))
                .skip().repetitions();
    }

    /** One view of the game; a service that does not answer is shown as such, not as an error. */
    String snapshot(String gameId) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("game", games.game(gameId));
        view.put("range", answer(() -> services.get(LabServices.SHOOTING_RANGE, "/api/ranges/" + gameId)));
        view.put("leaderboard", answer(() -> services.get(LabServices.LEADER_BOARD, "/api/leaderboard/" + gameId)));
        view.put("consistency", answer(() -> json.valueToTree(checker.check(gameId, 5))));
        try {
            return json.writeValueAsString(view);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private JsonNode answer(java.util.function.Supplier<JsonNode> call) {
        try {
            return call.get();
        } catch (Problem unavailable) {
            return json.createObjectNode().put("unavailable", unavailable.getMessage());
        }
    }
}
