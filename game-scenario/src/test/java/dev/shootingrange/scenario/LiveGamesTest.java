package dev.shootingrange.scenario;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.Hit;
import dev.shootingrange.scenario.domain.FailingReads;
import dev.shootingrange.scenario.domain.Shot;
import dev.shootingrange.scenario.console.web.LiveGames;
import dev.shootingrange.testing.Broker;
import dev.shootingrange.testing.Service;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * The live feed is pushed, not polled: every browser watching a game shares one view of it, computed
 * when the game changes, so ten watchers cost what one does.
 */
@QuarkusTest
class LiveGamesTest {

    private static final int WATCHERS = 10;

    @Inject
    LiveGames live;

    @TestHTTPResource("/")
    URL base;

    private final EventStreams streams = new EventStreams();

    @AfterEach
    void hangUp() {
        streams.close();
    }

    @Test
    void tenWatchersOfAGameShareEachViewOfIt() {
        Service.awaitReady();
        String gameId = newGame();
        List<List<String>> seen = new ArrayList<>();
        for (int i = 0; i < WATCHERS; i++) {
            seen.add(watch(gameId));
        }
        await().untilAsserted(() -> assertThat(seen).allSatisfy(views -> assertThat(views).isNotEmpty()));
        long before = live.computed();

        String attemptId = given().contentType(ContentType.JSON).body("{\"player\": \"alice\", \"position\": 7}")
                .post("/api/games/{gameId}/shots", gameId).then().statusCode(202).extract().path("attemptId");

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(seen)
                .allSatisfy(views -> assertThat(views).anySatisfy(view -> assertThat(view).contains("\"player\":\"alice\""))));
        assertThat(live.computed() - before).as("views computed for %d watchers", WATCHERS).isLessThan(WATCHERS);

        Broker.shared().publish(Hit.of(FireAt.create(gameId, UUID.fromString(attemptId), "alice", 7), 7));

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(seen)
                .allSatisfy(views -> assertThat(views).anySatisfy(view -> assertThat(view).contains("\"outcome\":\"HIT\""))));
    }

    @Test
    void aWatcherOfChangesGetsTheWholeViewFirstThenOnlyWhatChanged() {
        Service.awaitReady();
        String gameId = newGame();
        List<String> changes = watch(gameId, "/live/changes");
        List<String> views = watch(gameId, "/live");
        await().untilAsserted(() -> assertThat(changes).isNotEmpty());
        assertThat(json(changes.get(0)).getBoolean("whole")).isTrue();
        assertThat(json(changes.get(0)).getInt("game.targetPosition")).isEqualTo(42);
        assertThat(json(changes.get(0)).getList("game.shots")).isEmpty();

        // Each shot, and alice's outcome, comes as a change that holds it alone: not the shots before it.
        String alice = fire(gameId, "alice", 7);
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(shotsChanged(changes, alice)).isNotEmpty());
        String bob = fire(gameId, "bob", 8);
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(shotsChanged(changes, bob)).isNotEmpty());
        Broker.shared().publish(Hit.of(FireAt.create(gameId, UUID.fromString(alice), "alice", 7), 7));
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(shotsChanged(changes, alice))
                .anySatisfy(shots -> assertThat(shots).singleElement().satisfies(shot -> assertThat(shot).containsEntry("outcome", "HIT"))));
        assertThat(shotsChanged(changes, bob)).allSatisfy(shots -> assertThat(shots).hasSize(1));
        assertThat(changes.subList(1, changes.size())).allSatisfy(change -> assertThat(json(change).getBoolean("whole")).isFalse());

        // Merged, the changes are the whole view.
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            Map<Object, Map<String, Object>> merged = new LinkedHashMap<>();
            changes.stream().map(change -> json(change).<Map<String, Object>> getList("game.shots")).filter(shots -> shots != null)
                    .forEach(shots -> shots.forEach(shot -> merged.put(shot.get("attemptId"), shot)));
            assertThat(List.copyOf(merged.values())).isEqualTo(json(views.get(views.size() - 1)).getList("game.shots"));
        });
    }

    @Test
    void aMessageOfAWatchedGameReadsItsShotAgainNotTheWholeGame() {
        Service.awaitReady();
        String gameId = newGame();
        int earlier = 20;
        for (int i = 0; i < earlier; i++) {
            // Answered, as a game's earlier shots are: a shot still pending is read again with every change.
            String attemptId = fire(gameId, "player" + i, i);
            Broker.shared().publish(Hit.of(FireAt.create(gameId, UUID.fromString(attemptId), "player" + i, i), i));
        }
        List<String> changes = watch(gameId, "/live/changes");
        await().atMost(Duration.ofSeconds(10)).until(() -> merged(changes).size() == earlier
                && merged(changes).values().stream().allMatch(shot -> "HIT".equals(shot.get("outcome"))));
        long before = live.shotsRead();

        String alice = fire(gameId, "alice", 7);
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(shotsChanged(changes, alice)).isNotEmpty());
        Broker.shared().publish(Hit.of(FireAt.create(gameId, UUID.fromString(alice), "alice", 7), 7));
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(merged(changes).get(alice))
                .containsEntry("outcome", "HIT"));

        // Two reads (the FireAt sent, the Hit received), each of alice's shot: not of the game's 21 shots.
        assertThat(live.shotsRead() - before).as("shots read for two messages of a game of %d", earlier + 1)
                .isLessThan(earlier);
        assertThat(merged(changes)).hasSize(earlier + 1);
    }

    /** An outcome whose notice never came (here written behind the service's back) still shows: pending shots are read again. */
    @Test
    void anOutcomeWithoutItsNoticeShowsAtTheGamesNextRead() throws Exception {
        Service.awaitReady();
        String gameId = newGame();
        List<String> changes = watch(gameId, "/live/changes");
        String alice = fire(gameId, "alice", 7);
        await().atMost(Duration.ofSeconds(10)).until(() -> merged(changes).containsKey(alice));

        QuarkusTransaction.requiringNew().run(() -> Shot.getEntityManager()
                .createNativeQuery("update shot set hit_seen = true where attempt_id = ?1").setParameter(1, UUID.fromString(alice))
                .executeUpdate());
        fire(gameId, "bob", 8);

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(merged(changes).get(alice)).containsEntry("outcome", "HIT"));
    }

    /**
     * A read of the game's own part that fails (the database dropped the connection) is tried again with
     * what it was to read: the target's move and the new shot it was to show still reach the watcher,
     * though nothing else happens in the game.
     */
    @Test
    void aChangeWhoseReadFailedStillReachesTheWatcher() {
        Service.awaitReady();
        String gameId = newGame();
        List<String> changes = watch(gameId, "/live/changes");
        await().untilAsserted(() -> assertThat(changes).isNotEmpty());
        int failedBefore = FailingReads.failed();

        FailingReads.failNextPartOf(gameId);
        given().contentType(ContentType.JSON).body(Map.of("position", 17)).post("/api/games/{gameId}/target", gameId).then()
                .statusCode(202);
        await().atMost(Duration.ofSeconds(10)).until(() -> targetPosition(changes) == 17);

        FailingReads.failNextPartOf(gameId);
        String alice = fire(gameId, "alice", 7);
        await().atMost(Duration.ofSeconds(10)).until(() -> merged(changes).containsKey(alice));

        assertThat(FailingReads.failed() - failedBefore).as("reads that failed").isEqualTo(2);
    }

    /** The target's position as the changes so far make it. */
    private static int targetPosition(List<String> changes) {
        int position = -1;
        for (String change : changes) {
            Integer moved = json(change).get("game.targetPosition");
            position = moved == null ? position : moved;
        }
        return position;
    }

    /** The game's shots as the changes so far make them, by attemptId. */
    private static Map<Object, Map<String, Object>> merged(List<String> changes) {
        Map<Object, Map<String, Object>> merged = new LinkedHashMap<>();
        changes.stream().map(change -> json(change).<Map<String, Object>> getList("game.shots")).filter(shots -> shots != null)
                .forEach(shots -> shots.forEach(shot -> merged.put(shot.get("attemptId"), shot)));
        return merged;
    }

    private static String newGame() {
        return given().contentType(ContentType.JSON).body("{\"targetPosition\": 42}").post("/api/games").then()
                .statusCode(201).extract().path("gameId");
    }

    private static String fire(String gameId, String player, int position) {
        return given().contentType(ContentType.JSON).body(Map.of("player", player, "position", position))
                .post("/api/games/{gameId}/shots", gameId).then().statusCode(202).extract().path("attemptId");
    }

    /** The shots of each change that holds the attempt's shot. */
    private static List<List<Map<String, Object>>> shotsChanged(List<String> changes, String attemptId) {
        return changes.stream().skip(1).map(change -> json(change).<Map<String, Object>> getList("game.shots"))
                .filter(shots -> shots != null && shots.stream().anyMatch(shot -> attemptId.equals(shot.get("attemptId"))))
                .toList();
    }

    private static JsonPath json(String event) {
        return JsonPath.from(event.substring("data:".length()));
    }

    private List<String> watch(String gameId) {
        return watch(gameId, "/live");
    }

    /** Every data line of the game's event stream, as it arrives. */
    private List<String> watch(String gameId, String feed) {
        return streams.watch(base + "api/games/" + gameId + feed);
    }
}
