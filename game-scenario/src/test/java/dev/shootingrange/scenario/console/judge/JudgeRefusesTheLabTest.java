package dev.shootingrange.scenario.console.judge;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.startsWith;

import java.util.Map;

import jakarta.inject.Inject;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;

/**
 * Registering the lab's own leader board (or the range, or the console) as one's board would earn a
 * perfect scorecard with no code: the judge refuses it when registered, and again when a round starts.
 */
@QuarkusTest
class JudgeRefusesTheLabTest {

    @Inject
    Consumers consumers;

    @ConfigProperty(name = "lab.services.shooting-range.url")
    String range;

    @ConfigProperty(name = "lab.services.leader-board.url")
    String leaderBoard;

    @AfterEach
    void forgetThem() {
        consumers.clear();
    }

    @Test
    void theLabsOwnServicesAreRefusedAsABoard() {
        register("sneaky", leaderBoard + "/api/leaderboard").statusCode(400)
                .body("detail", startsWith("board: " + leaderBoard + "/api/leaderboard is the lab's own leader-board"));
        register("sneaky", leaderBoard.replace("localhost", "127.0.0.1") + "/api/leaderboard").statusCode(400)
                .body("detail", containsString("is the lab's own leader-board"));
        register("sneaky", "http://127.0.0.1:" + RestAssured.port + "/api/games").statusCode(400)
                .body("detail", containsString("is the console itself"));
        given().get("/api/judge/consumers").then().statusCode(200).body("$", empty());
    }

    @Test
    void aRoundJudgesNoBoardThatIsTheLabsOwnByThen() {
        // As a board's name pointed at the range after it was registered: in the list, and the lab's own by the round.
        consumers.register(Consumer.of("repointed", range.replace("localhost", "127.0.0.1") + "/api/ranges"), "127.0.0.1");

        given().contentType(ContentType.JSON).post("/api/lab/judge/round").then().statusCode(409)
                .body("detail", containsString("no consumer can be judged"))
                .body("detail", containsString("is the lab's own shooting-range"));
    }

    private static ValidatableResponse register(String name, String board) {
        return given().contentType(ContentType.JSON).body(Map.of("name", name, "board", board)).post("/api/judge/consumers").then();
    }
}
