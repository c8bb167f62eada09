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

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.contract.Rules;
import dev.shootingrange.scenario.domain.GameScenario;
import dev.shootingrange.scenario.lab.ConsistencyChecker;
import dev.shootingrange.scenario.services.Services;
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

    private static final Duration SETTLE = Duration.ofSeconds(5);

    private final GameScenario games;
    private final Services services;
    private final ConsistencyChecker checker;
    private final ObjectMapper json;

    LiveGameResource(GameScenario games, Services services, ConsistencyChecker checker, ObjectMapper json) {
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
        games.view(gameId);
        return Multi.createFrom().ticks().every(EVERY)
                .emitOn(Infrastructure.getDefaultWorkerPool())
                .map(tick -> snapshot(gameId))
                .skip().repetitions();
    }

    /** One view of the game; a service that does not answer is shown as such, not as an error. */
    String snapshot(String gameId) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("game", games.view(gameId));
        view.put("range", answer(() -> services.range().range(gameId)));
        view.put("leaderboard", answer(() -> services.leaderBoard().board(gameId)));
        view.put("consistency", answer(() -> checker.judge(gameId, SETTLE)));
        try {
            return json.writeValueAsString(view);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object answer(java.util.function.Supplier<Object> call) {
        try {
            return call.get();
        } catch (Problem unavailable) {
            return Map.of("unavailable", unavailable.getMessage());
        }
    }
}
