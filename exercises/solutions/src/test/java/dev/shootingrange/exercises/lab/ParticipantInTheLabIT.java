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
 * A participant's inbox judged by the lab, not by its unit tests: the packaged leader board started with
 * exercise 1's compiled code in place of the core's inbox ({@code lab.participant.classes}), and the lab's
 * double-count story played on it under the inbox strategy (the board's inbox alone, its attempt filter
 * off). The instructor's solution holds the rule; the starting point breaks it, and the lab names it.
 */
class ParticipantInTheLabIT {

    private static final Path MODULES = Path.of("../..");
    private static final int RANGE = 18281;
    private static final int BOARD = 18282;
    private static ServiceProcess range;
    private static ServiceProcess scenario;

    @BeforeAll
    static void startTheLab() {
        RestAssured.enableLoggingOfRequestAndResponseIfValidationFails();
        range = ServiceProcess.start(MODULES, "shooting-range", RANGE);
        scenario = ServiceProcess.start(MODULES, "game-scenario", 18280,
                "lab.services.shooting-range.url=http://localhost:" + RANGE,
                "lab.services.leader-board.url=http://localhost:" + BOARD);
        range.awaitReady();
        scenario.awaitReady();
    }

    @AfterAll
    static void stopTheLab() throws InterruptedException {
        scenario.close();
        range.close();
    }

    @Test
    void theSolutionsInboxHoldsTheRuleItIsFor() throws InterruptedException {
        JsonPath report = doubleCountOnABoardRunning(Path.of("target/classes"));

        assertThat(report.getList("violations", String.class)).as(report.getString("observed")).isEmpty();
        assertThat(report.getString("observed")).isEqualTo("alice has 1 hits");
    }

    @Test
    void theStartingPointsInboxBreaksCountedOnceAndTheLabSaysSo() throws InterruptedException {
        JsonPath report = doubleCountOnABoardRunning(Path.of("../target/classes"));

        List<String> violations = report.getList("violations", String.class);
        assertThat(violations).as(report.getString("observed")).isNotEmpty().allMatch(v -> v.startsWith("counted-once"));
        assertThat(report.getString("observed")).isEqualTo("alice has 2 hits");
    }

    /** The board on these compiled exercises, the story played, the board stopped. */
    private static JsonPath doubleCountOnABoardRunning(Path exercises) throws InterruptedException {
        try (ServiceProcess board = ServiceProcess.start(MODULES, "leader-board", BOARD,
                "lab.participant.classes=" + exercises.toAbsolutePath())) {
            board.awaitReady();
            assertThat(board.logText()).contains("The participant's inbox dev.shootingrange.exercises.inbox.TransactionalInbox");
            return given().baseUri(scenario.baseUrl()).contentType(ContentType.JSON).body("{\"strategy\": \"inbox\"}")
                    .post("/api/lab/experiments/double-count").then().statusCode(200).extract().jsonPath();
        }
    }
}
