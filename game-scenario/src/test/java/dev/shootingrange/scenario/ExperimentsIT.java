package dev.shootingrange.scenario;

import static dev.shootingrange.scenario.LabProcesses.fire;
import static dev.shootingrange.scenario.LabProcesses.moveTarget;
import static dev.shootingrange.scenario.LabProcesses.newGame;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasSize;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/** Each of the write-ups' stories both ways: the violation appears with the protections off, not on. */
class ExperimentsIT {

    @Test
    void theExperimentsAreListedWithAnExplanation() {
        given().baseUri(LabProcesses.SCENARIO.baseUrl()).get("/api/lab/experiments").then()
                .statusCode(200)
                .body("name", hasItems("alternative-worlds", "double-count", "new-id-same-attempt", "lost-shot", "ghost",
                        "late-duplicate", "late-shot-copy", "shot-copy-new-id", "same-answer", "broker-duplicates", "storm"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = { "alternative-worlds", "double-count", "new-id-same-attempt", "lost-shot", "ghost",
            "late-duplicate", "late-shot-copy", "shot-copy-new-id", "same-answer" })
    void breaksWithoutItsProtectionAndHoldsWithIt(String experiment) {
        JsonPath off = run(experiment, "{\"protections\": \"off\"}");
        JsonPath on = run(experiment, "{\"protections\": \"on\"}");

        assertThat(off.getList("violations", String.class)).as(off.getString("observed")).isNotEmpty();
        assertThat(on.getList("violations", String.class)).as(on.getString("observed")).isEmpty();
        assertThat(on.getString("observed")).isNotEqualTo(off.getString("observed"));
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = { 1, 2, 3 })
    void aStormKeepsAllFourRulesWithTheProtectionsOn(long seed) {
        JsonPath on = run("storm", "{\"protections\": \"on\", \"seed\": " + seed + ", \"shots\": 20}");

        assertThat(on.getList("violations", String.class)).isEmpty();
        assertThat(on.getBoolean("consistency.consistent")).isTrue();
        assertThat(on.getList("consistency.rules.status", String.class)).containsOnly("OK");
    }

    @Test
    void aStormBreaksTheRulesWithTheProtectionsOff() {
        JsonPath off = run("storm", "{\"protections\": \"off\", \"seed\": 1, \"shots\": 20}");

        assertThat(off.getList("violations", String.class)).isNotEmpty();
        assertThat(off.getList("consistency.rules.status", String.class)).contains("VIOLATED");
    }

    /**
     * Every story under every strategy, held to every cell of the table docs/strategies.md shows (read
     * from the page, {@link MatrixPage}): held or broke, what the story observed, the other rules the
     * checker found broken. The table is the one the console shows.
     */
    @Test
    void theMatrixShowsWhatEachStrategySurvives() throws Exception {
        BrokerManagementApi.enable();
        MatrixPage.Table page = MatrixPage.read(Path.of("../docs/strategies.md"));
        given().baseUri(LabProcesses.SCENARIO.baseUrl()).contentType(ContentType.JSON).body("{}")
                .post("/api/lab/experiments/matrix").then()
                .statusCode(202)
                .body("state", equalTo("RUNNING"))
                .body("strategies", contains("inbox", "side-effects", "state", "business", "none"));
        given().baseUri(LabProcesses.SCENARIO.baseUrl()).contentType(ContentType.JSON).body("{}")
                .post("/api/lab/experiments/matrix").then().statusCode(409);

        JsonPath matrix = await().atMost(Duration.ofMinutes(6)).pollInterval(Duration.ofSeconds(2))
                .until(() -> given().baseUri(LabProcesses.SCENARIO.baseUrl()).get("/api/lab/experiments/matrix").jsonPath(),
                        view -> view.getString("state").equals("DONE"));

        List<String> strategies = matrix.getList("strategies", String.class);
        assertThat(page.strategies()).isEqualTo(strategies);
        assertThat(page.rows().keySet()).as("the page's rows").containsExactlyElementsOf(matrix.getList("experiments", String.class));
        List<Map<String, Object>> cells = matrix.getList("cells");
        assertThat(page.runs()).as("the runs the page counts").isEqualTo(cells.size());
        Map<String, String> broken = new TreeMap<>();
        for (Map<String, Object> cell : cells) {
            String story = (String) cell.get("experiment");
            MatrixPage.Cell shown = page.rows().get(story).get(strategies.indexOf((String) cell.get("strategy")));
            List<String> differences = cell.get("error") != null ? List.of("could not run")
                    : MatrixPage.broken(shown, cell);
            if (!differences.isEmpty()) {
                broken.put(story + " under " + cell.get("strategy") + ", shown '" + shown.text() + "'", differences + " in " + cell);
            }
        }
        assertThat(cells).hasSize(page.rows().size() * strategies.size());
        assertThat(broken).as("cells the run does not show as the page does").isEmpty();
    }

    /**
     * No chaos: the broker closes every connection mid-burst and redelivers what the consumers had not
     * acknowledged. With the protections on the inboxes drop every copy of what was handled.
     */
    @Test
    void theBrokerItselfRedeliversAndTheRulesHoldOnlyWithTheProtectionsOn() {
        BrokerManagementApi.enable();
        JsonPath on = run("broker-duplicates", "{\"protections\": \"on\"}");

        assertThat(on.getList("violations", String.class)).as(on.getString("observed")).isEmpty();
        String gameId = on.getString("gameId");
        long redelivered = 0;
        for (String service : List.of(LabProcesses.RANGE.baseUrl(), LabProcesses.BOARD.baseUrl(), LabProcesses.SCENARIO.baseUrl())) {
            redelivered += given().baseUri(service).queryParam("size", 1000).get("/api/lab/history/{gameId}", gameId).jsonPath()
                    .getList("entries.findAll { it.direction == 'IN' && it.redelivered }").size();
        }
        assertThat(redelivered).as("deliveries the broker sent again: " + on.getString("observed")).isPositive();
        assertThat(on.getString("observed")).contains("it redelivered " + redelivered + " deliveries");

        // Without the inboxes, what was being handled at a cut is handled again when the broker redelivers it.
        JsonPath off = run("broker-duplicates", "{\"protections\": \"off\"}");
        assertThat(off.getString("observed")).contains("connections closed by the broker in 3 cuts");
        assertThat(off.getList("violations", String.class)).as(off.getString("observed")).isNotEmpty();
    }

    @Test
    void anUnknownExperimentOrABadRequestSaysWhy() {
        given().baseUri(LabProcesses.SCENARIO.baseUrl()).contentType(ContentType.JSON).body("{\"protections\": \"on\"}")
                .post("/api/lab/experiments/{name}", "no-such-story").then().statusCode(404);
        given().baseUri(LabProcesses.SCENARIO.baseUrl()).contentType(ContentType.JSON).body("{\"protections\": \"maybe\"}")
                .post("/api/lab/experiments/{name}", "ghost").then().statusCode(400);
        given().baseUri(LabProcesses.SCENARIO.baseUrl()).contentType(ContentType.JSON).body("{\"strategy\": \"hope\"}")
                .post("/api/lab/experiments/{name}", "ghost").then().statusCode(400)
                .body("detail", equalTo("no strategy 'hope'; there are [inbox, side-effects, state, business, none]"));
    }

    @Test
    void anExportedGameReplaysToTheSameOutcomes() {
        String gameId = newGame(42);
        fire(gameId, "alice", 42);
        fire(gameId, "bob", 3);
        moveTarget(gameId, 3);
        fire(gameId, "carol", 3);
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> given().baseUri(LabProcesses.SCENARIO.baseUrl())
                .get("/api/games/{gameId}", gameId).then().body("shots.outcome", contains("HIT", "MISSED", "HIT")));

        String scenario = given().baseUri(LabProcesses.SCENARIO.baseUrl()).get("/api/games/{gameId}/scenario", gameId).then()
                .statusCode(200)
                .body("targetPosition", equalTo(42))
                .body("steps", hasSize(4))
                .body("steps[2].move", equalTo(3))
                .extract().asString();
        JsonPath replay = given().baseUri(LabProcesses.SCENARIO.baseUrl()).contentType(ContentType.JSON).body(scenario)
                .queryParam("replayOf", gameId).post("/api/games/replay").then()
                .statusCode(200).extract().jsonPath();

        assertThat(replay.getString("gameId")).isNotEqualTo(gameId);
        assertThat(replay.getList("outcomes", String.class)).containsExactly("HIT", "MISSED", "HIT");
        assertThat(replay.getBoolean("consistency.consistent")).isTrue();
    }

    private static JsonPath run(String experiment, String body) {
        return given().baseUri(LabProcesses.SCENARIO.baseUrl()).contentType(ContentType.JSON).body(body)
                .post("/api/lab/experiments/{name}", experiment).then()
                .statusCode(200)
                .extract().jsonPath();
    }
}
