package dev.shootingrange.scenario;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.shootingrange.processes.ServiceProcess;
import io.restassured.path.json.JsonPath;

/**
 * A watched game's timeline and verdict are caught up, not gathered again: each view asks every service
 * only for the history recorded after what it already has, and the console still gets every entry once,
 * in order, and the verdict a fresh look at the whole game gives.
 */
class TimelineIT {

    private static final Map<String, ServiceProcess> SERVICES = Map.of("game-scenario", LabProcesses.SCENARIO,
            "shooting-range", LabProcesses.RANGE, "leader-board", LabProcesses.BOARD);

    private final EventStreams watching = new EventStreams();

    @AfterEach
    void hangUp() {
        watching.close();
    }

    @Test
    void aWatchedGamesTimelineHoldsEveryEntryOnceAsItGrows() {
        String gameId = LabProcesses.newGame(42);
        List<String> views = watch(gameId);

        for (int shot = 1; shot <= 3; shot++) {
            LabProcesses.fire(gameId, "alice", shot);
            int shots = shot;
            // Each shot leaves its mark at all three: FireAt out and in, an outcome out and in twice.
            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(timeline(gameId))
                    .filteredOn(entry -> entry.get("type").equals("FireAt") && entry.get("direction").equals("IN"))
                    .hasSize(shots));
            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
                List<Map<String, Object>> entries = timeline(gameId);
                assertThat(keys(entries)).as("the timeline against every service's whole history").isEqualTo(everyServicesHistory(gameId));
                assertThat(entries).extracting(entry -> Instant.parse((String) entry.get("at"))).isSorted();
            });
            // The live view judged on the copies it caught up with; the endpoint reads the whole game.
            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
                Map<String, Object> verdict = given().baseUri(LabProcesses.SCENARIO.baseUrl())
                        .get("/api/games/{gameId}/consistency", gameId).then().statusCode(200).extract().jsonPath().getMap("$");
                assertThat(verdict).containsEntry("consistent", true);
                assertThat(JsonPath.from(views.get(views.size() - 1).substring("data:".length())).getMap("consistency"))
                        .isEqualTo(verdict);
            });
        }
    }

    /**
     * A console watches changes: the timeline comes in the feed itself, each entry once, and the verdict
     * as the endpoint judges the whole game.
     */
    @Test
    void aWatcherOfChangesGetsEveryEntryOnceInTheFeed() {
        String gameId = LabProcesses.newGame(42);
        List<String> changes = watch(gameId, "/live/changes");

        for (int shot = 1; shot <= 3; shot++) {
            LabProcesses.fire(gameId, "alice", shot);
            int shots = shot;
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                List<Map<String, Object>> entries = new ArrayList<>();
                Map<String, Object> consistency = null;
                for (String change : changes) {
                    JsonPath event = JsonPath.from(change.substring("data:".length()));
                    entries.addAll(event.getList("timeline") == null ? List.of() : event.getList("timeline"));
                    consistency = event.getMap("consistency") == null ? consistency : event.getMap("consistency");
                }
                assertThat(entries).filteredOn(entry -> entry.get("type").equals("FireAt") && entry.get("direction").equals("IN"))
                        .hasSize(shots);
                assertThat(keys(entries)).as("the feed's timeline against every service's whole history")
                        .isEqualTo(everyServicesHistory(gameId));
                Map<String, Object> verdict = given().baseUri(LabProcesses.SCENARIO.baseUrl())
                        .get("/api/games/{gameId}/consistency", gameId).then().statusCode(200).extract().jsonPath().getMap("$");
                assertThat(verdict).containsEntry("consistent", true);
                assertThat(consistency).isEqualTo(verdict);
            });
        }
    }

    /**
     * Two instances of a service (compose's scaled profile) write one history: a batch may commit after
     * one numbered above it. An entry that shows up late, below what the timeline already has, still
     * joins it.
     */
    @Test
    void anEntryRecordedLateBelowWhatWasReadJoinsTheTimeline() throws SQLException {
        String gameId = LabProcesses.newGame(42);
        watch(gameId);
        try (Connection range = DriverManager.getConnection("jdbc:postgresql://localhost:5432/shooting_range", "postgres", "")) {
            long reserved = number(range, "select nextval(pg_get_serial_sequence('message_history', 'id'))");
            LabProcesses.fire(gameId, "alice", 7);
            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(timeline(gameId))
                    .anySatisfy(entry -> assertThat(entry).containsEntry("service", "shooting-range").containsEntry("type", "Missed")));

            // The other instance's batch, numbered before the entries just read, commits now.
            try (PreparedStatement late = range.prepareStatement("""
                    insert into message_history (id, game_id, direction, type, disposition, detail, recorded_at)
                    values (?, ?, 'IN', 'FireAt', 'DUPLICATE', 'committed late', now())""")) {
                late.setLong(1, reserved);
                late.setString(2, gameId);
                late.executeUpdate();
            }
            LabProcesses.fire(gameId, "alice", 8);

            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(keys(timeline(gameId)))
                    .contains("shooting-range#" + reserved).doesNotHaveDuplicates());
        }
    }

    private static long number(Connection database, String sql) throws SQLException {
        try (ResultSet row = database.createStatement().executeQuery(sql)) {
            row.next();
            return row.getLong(1);
        }
    }

    @Test
    void aServiceAnswersItsHistoryAfterAnEntry() {
        String gameId = LabProcesses.newGame(42);
        LabProcesses.fire(gameId, "alice", 42);
        String range = LabProcesses.RANGE.baseUrl();
        await().untilAsserted(() -> assertThat(history(range, gameId, 0)).hasSizeGreaterThanOrEqualTo(3));
        List<Integer> all = history(range, gameId, 0);

        assertThat(history(range, gameId, all.get(0))).isEqualTo(all.subList(1, all.size()));
        assertThat(history(range, gameId, all.get(all.size() - 1))).isEmpty();
        given().baseUri(range).queryParam("after", -1).get("/api/lab/history/{gameId}", gameId).then()
                .statusCode(400).body("detail", containsString("after"));
    }

    private static List<Integer> history(String service, String gameId, long after) {
        return given().baseUri(service).queryParam("after", after).get("/api/lab/history/{gameId}", gameId).then()
                .statusCode(200).extract().path("entries.id");
    }

    private static List<Map<String, Object>> timeline(String gameId) {
        return given().baseUri(LabProcesses.SCENARIO.baseUrl()).get("/api/games/{gameId}/timeline", gameId).then()
                .statusCode(200).extract().jsonPath().getList("$");
    }

    /** Each entry as "service#id": the list keeps any entry given twice. */
    private static List<String> keys(List<Map<String, Object>> entries) {
        return entries.stream().map(entry -> entry.get("service") + "#" + entry.get("id")).sorted().toList();
    }

    private static List<String> everyServicesHistory(String gameId) {
        List<String> keys = new ArrayList<>();
        SERVICES.forEach((name, service) -> history(service.baseUrl(), gameId, 0).forEach(id -> keys.add(name + "#" + id)));
        keys.sort(Comparator.naturalOrder());
        return keys;
    }

    private List<String> watch(String gameId) {
        return watch(gameId, "/live");
    }

    /** Opens one of the game's live feeds, as a console does (from then on the game is watched); its events as they come. */
    private List<String> watch(String gameId, String feed) {
        return watching.watch(LabProcesses.SCENARIO.baseUrl() + "/api/games/" + gameId + feed);
    }
}
