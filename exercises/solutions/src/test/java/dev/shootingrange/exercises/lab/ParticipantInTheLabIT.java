package dev.shootingrange.exercises.lab;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.shootingrange.processes.ServiceProcess;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * A participant's code judged by the lab, not by its unit tests: the packaged leader board started with
 * exercise 1's compiled inbox in place of the core's, the packaged range with exercise 2's ids and
 * exercise 3's outbox and relay ({@code lab.participant.classes}, {@code lab.participant.use}), and the
 * lab's stories played on them: the double count under the inbox strategy (the board's inbox alone, its
 * attempt filter off), the same answer twice, the ghost of a rolled-back send and the outcome lost to a
 * crash before publishing. The instructor's solutions hold every rule; the starting points break them,
 * and the lab names the rule.
 */
class ParticipantInTheLabIT {

    private static final Path MODULES = Path.of("../..");
    private static final int RANGE = 18281;
    private static final int BOARD = 18282;
    private static ServiceProcess scenario;

    @BeforeAll
    static void startTheConsole() {
        RestAssured.enableLoggingOfRequestAndResponseIfValidationFails();
        scenario = ServiceProcess.start(MODULES, "game-scenario", 18280,
                "lab.services.shooting-range.url=http://localhost:" + RANGE,
                "lab.services.leader-board.url=http://localhost:" + BOARD);
        scenario.awaitReady();
    }

    @AfterAll
    static void stopTheConsole() throws InterruptedException {
        scenario.close();
    }

    @Test
    void theSolutionsHoldTheRulesTheyAreFor() throws InterruptedException {
        try (ServiceProcess board = boardOn(Path.of("target/classes")); ServiceProcess range = rangeOn(Path.of("target/classes"))) {
            assertTheirCodeRuns(board, range);
            JsonPath doubleCount = play("double-count", "{\"strategy\": \"inbox\"}");
            assertThat(doubleCount.getList("violations", String.class)).as(doubleCount.getString("observed")).isEmpty();
            assertThat(doubleCount.getString("observed")).isEqualTo("alice has 1 hits");

            JsonPath sameAnswer = play("same-answer", "{\"protections\": \"on\"}");
            assertThat(sameAnswer.getString("observed")).isEqualTo("1 Hit message, alice has 1 hits");

            JsonPath ghost = play("ghost", "{\"protections\": \"on\"}");
            assertThat(ghost.getList("violations", String.class)).as(ghost.getString("observed")).isEmpty();

            JsonPath lostShot = play("lost-shot", "{\"protections\": \"on\"}");
            assertThat(lostShot.getString("observed")).isEqualTo("shot is HIT");
            assertThat(range.logText()).contains("The participant's relay's run ended in dev.shootingrange.lab.SimulatedCrash: simulated crash at AFTER_COMMIT_BEFORE_PUBLISH");
        }
    }

    @Test
    void theStartingPointsBreakThemAndTheLabSaysSo() throws InterruptedException {
        try (ServiceProcess board = boardOn(Path.of("../target/classes")); ServiceProcess range = rangeOn(Path.of("../target/classes"))) {
            assertTheirCodeRuns(board, range);
            JsonPath doubleCount = play("double-count", "{\"strategy\": \"inbox\"}");
            assertThat(doubleCount.getList("violations", String.class)).as(doubleCount.getString("observed"))
                    .isNotEmpty().allMatch(v -> v.startsWith("counted-once"));
            assertThat(doubleCount.getString("observed")).isEqualTo("alice has 2 hits");

            // Random ids: the second handling's Hit is a new message, and the board (attempt filter off) counts it.
            JsonPath sameAnswer = play("same-answer", "{\"protections\": \"on\"}");
            assertThat(sameAnswer.getString("observed")).isEqualTo("2 Hit messages, alice has 2 hits");

            // Published straight from send(): the rolled-back handling's outcome has left, and the retry sends another.
            JsonPath ghost = play("ghost", "{\"protections\": \"on\"}");
            assertThat(ghost.getList("violations", String.class)).as(ghost.getString("observed"))
                    .isNotEmpty().allMatch(v -> v.startsWith("one-outcome"));
        }
    }

    private static ServiceProcess boardOn(Path exercises) {
        ServiceProcess board = ServiceProcess.start(MODULES, "leader-board", BOARD,
                "lab.participant.classes=" + exercises.toAbsolutePath());
        board.awaitReady();
        return board;
    }

    private static ServiceProcess rangeOn(Path exercises) {
        ServiceProcess range = ServiceProcess.start(MODULES, "shooting-range", RANGE,
                "lab.participant.classes=" + exercises.toAbsolutePath(), "lab.participant.use=ids,outbox");
        range.awaitReady();
        return range;
    }

    private static void assertTheirCodeRuns(ServiceProcess board, ServiceProcess range) {
        assertThat(board.logText()).contains("The participant's inbox dev.shootingrange.exercises.inbox.TransactionalInbox");
        assertThat(range.logText()).contains("The participant's ids dev.shootingrange.exercises.ids.DerivedIds")
                .contains("The participant's outbox dev.shootingrange.exercises.outbox.TableOutbox");
    }

    private static JsonPath play(String story, String run) {
        return given().baseUri(scenario.baseUrl()).contentType(ContentType.JSON).body(run)
                .post("/api/lab/experiments/" + story).then().statusCode(200).extract().jsonPath();
    }
}
