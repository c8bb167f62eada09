package dev.shootingrange.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.shootingrange.contract.Topology;
import dev.shootingrange.processes.ServiceProcess;

/**
 * The range away for a minute while the room plays on: games are created and shot at over HTTP, so each
 * game's first MoveTarget and its first shots wait in the range's queue together, for longer than any
 * patience a shot's age could be judged by. Back, the range answers every one of them; nothing reaches
 * its dead-letter queue.
 */
class RangeOutageIT extends FaultSuite {

    private static final Duration OUTAGE = Duration.ofSeconds(60);
    private static final int GAMES = 10;

    @Test
    void everyShotFiredWhileTheRangeWasDownForAMinuteIsAnswered() throws InterruptedException {
        ServiceProcess range = cluster.range;
        range.kill();
        long downSince = System.nanoTime();
        List<String> games = new ArrayList<>();
        // One game every few seconds for the whole outage: the first one's shot waits the full minute.
        for (int i = 0; i < GAMES; i++) {
            String gameId = Cluster.postJson(cluster.scenario.baseUrl() + "/api/games", "{\"targetPosition\": 42}")
                    .path("gameId").asText();
            Cluster.postJson(cluster.scenario.baseUrl() + "/api/games/" + gameId + "/shots",
                    "{\"player\": \"ann\", \"position\": " + (i % 2 == 0 ? 42 : 7) + "}");
            games.add(gameId);
            long due = downSince + OUTAGE.toNanos() * (i + 1) / GAMES;
            TimeUnit.NANOSECONDS.sleep(Math.max(0, due - System.nanoTime()));
        }
        range.restart().awaitReady();

        await().atMost(Duration.ofMinutes(2)).untilAsserted(() -> {
            for (String gameId : games) {
                JsonNode shots = Cluster.getJson(cluster.scenario.baseUrl() + "/api/games/" + gameId).path("shots");
                assertThat(shots).as("shots of %s", gameId).hasSize(1);
                assertThat(shots.get(0).path("outcome").asText()).as("the shot at %s", gameId).isIn("HIT", "MISSED");
            }
        });
        for (int i = 0; i < GAMES; i++) {
            JsonNode shot = Cluster.getJson(cluster.scenario.baseUrl() + "/api/games/" + games.get(i)).path("shots").get(0);
            assertThat(shot.path("outcome").asText()).isEqualTo(i % 2 == 0 ? "HIT" : "MISSED");
        }
        assertThat(Cluster.queueDepths().get(Topology.deadLetterQueue(Topology.SHOOTING_RANGE_QUEUE)))
                .as("the range's dead letters").isZero();
    }
}
