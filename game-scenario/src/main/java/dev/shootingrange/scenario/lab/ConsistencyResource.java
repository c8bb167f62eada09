package dev.shootingrange.scenario.lab;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import com.fasterxml.jackson.databind.JsonNode;

import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.Problem;
import dev.shootingrange.contract.Rules;
import dev.shootingrange.contract.ShotOutcome;
import dev.shootingrange.lab.MessageHistory;
import dev.shootingrange.scenario.domain.GameScenario;
import dev.shootingrange.scenario.domain.Shot;
import io.quarkus.narayana.jta.QuarkusTransaction;

/** The consistency checker: the contract's four rules for one game, from evidence, not from trust. */
@Path("/api/games/{gameId}/consistency")
@Produces(MediaType.APPLICATION_JSON)
public class ConsistencyResource {

    private final GameScenario scenario;
    private final LabServices services;

    ConsistencyResource(GameScenario scenario, LabServices services) {
        this.scenario = scenario;
        this.services = services;
    }

    /** @param settleSeconds how long a shot may wait for its outcome before it counts as lost */
    @GET
    public Consistency.Verdict check(@PathParam("gameId") String gameId,
            @QueryParam("settleSeconds") @DefaultValue("5") int settleSeconds) {
        Rules.checkGameId(gameId);
        if (settleSeconds < 0 || settleSeconds > 3600) {
            throw Problem.badRequest("settleSeconds must be from 0 to 3600");
        }
        return judge(gameId, Duration.ofSeconds(settleSeconds));
    }

    Consistency.Verdict judge(String gameId, Duration settle) {
        scenario.requireGame(gameId);
        return QuarkusTransaction.requiringNew().call(() -> Consistency.judge(gameId, shots(gameId), wire(gameId),
                decided(gameId), board(gameId), Instant.now(), settle));
    }

    private static List<Consistency.Shot> shots(String gameId) {
        return Shot.ofGame(gameId).stream()
                .map(shot -> new Consistency.Shot(shot.attemptId, shot.player, shot.firedAt))
                .toList();
    }

    /** Every copy of an outcome this service's queue delivered, the ones its inbox dropped included. */
    private static List<Consistency.Copy> wire(String gameId) {
        List<MessageHistory> copies = MessageHistory.list("""
                gameId = ?1 and direction = ?2 and type in ('Hit', 'Missed') and disposition in ?3 order by id""",
                gameId, MessageHistory.Direction.IN,
                List.of(MessageHistory.Disposition.HANDLED, MessageHistory.Disposition.DUPLICATE));
        return copies.stream().map(copy -> {
            ShotOutcome outcome = (ShotOutcome) MessageCodec.decode(copy.body.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return new Consistency.Copy(copy.messageId, copy.type, copy.attemptId, outcome.player(), copy.body);
        }).toList();
    }

    private List<Consistency.Decided> decided(String gameId) {
        JsonNode range = services.get(LabServices.SHOOTING_RANGE, "/api/ranges/" + gameId);
        return java.util.stream.StreamSupport.stream(range.path("outcomes").spliterator(), false)
                .map(o -> new Consistency.Decided(UUID.fromString(o.path("attemptId").asText()), o.path("outcome").asText(),
                        UUID.fromString(o.path("messageId").asText())))
                .toList();
    }

    private Map<String, Consistency.Score> board(String gameId) {
        Map<String, Consistency.Score> board = new LinkedHashMap<>();
        services.get(LabServices.LEADER_BOARD, "/api/leaderboard/" + gameId).path("players").forEach(player -> board
                .put(player.path("player").asText(), new Consistency.Score(player.path("shots").asInt(), player.path("hits").asInt())));
        return board;
    }
}
