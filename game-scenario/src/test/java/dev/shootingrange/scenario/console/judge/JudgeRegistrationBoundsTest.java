package dev.shootingrange.scenario.console.judge;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.response.ValidatableResponse;

/**
 * Registering is open to the whole room, so one participant's script must neither fill the console's
 * 64 MB heap nor the judge's list: as measured once, 40 registrations with a board of some 900 KB each
 * took the console down at the 26th. Each is refused before its body is read, an address too long or
 * not http(s) is a bad request, and one client address holds its share (lab.judge.consumers-per-client)
 * and no more; a normal registration still works after all of it.
 */
@QuarkusTest
class JudgeRegistrationBoundsTest {

    private static final int PER_CLIENT = 20;
    private static final String BOARD = "http://192.168.1.20:3000/api/leaderboard";

    @Inject
    Consumers consumers;

    @BeforeEach
    @AfterEach
    void forgetThem() {
        consumers.clear();
    }

    @Test
    void fortyRegistrationsOfNineHundredKilobytesAreRefusedBeforeTheyAreReadAndKeepNothing() {
        String huge = "http://10.0.0.2:3000/" + "a".repeat(900 * 1024);
        List<Integer> answers = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            Response answer = given().contentType(ContentType.JSON).body(Map.of("name", "big" + i, "board", huge))
                    .post("/api/judge/consumers");
            answers.add(answer.statusCode());
        }

        assertThat(answers).containsOnly(413);
        assertThat(consumers.list()).isEmpty();
        register("ada", BOARD).statusCode(201);
    }

    @Test
    void anAddressTooLongOrNotHttpIsABadRequestThatSaysWhy() {
        String tooLong = "http://10.0.0.2:3000/" + "a".repeat(Consumer.BOARD_LENGTH);
        register("long", tooLong).statusCode(400)
                .body("detail", equalTo("board: at most 400 characters, such as http://192.168.1.20:3000/api/leaderboard;"
                        + " this one has " + tooLong.length()));
        for (String notHttp : List.of("ftp://10.0.0.2/board", "file:///etc/passwd", "gopher://10.0.0.2:70/board",
                "jar:http://10.0.0.2/x!/y")) {
            register("other", notHttp).statusCode(400).body("detail", containsString("board: the http(s) address"));
        }
        register("n".repeat(41), BOARD).statusCode(400).body("detail", containsString("name: 1 to 40 letters"));
        assertThat(consumers.list()).isEmpty();

        String fullSize = "http://10.0.0.2:3000/" + "a".repeat(Consumer.BOARD_LENGTH - 21);
        register("n".repeat(40), fullSize).statusCode(201);
    }

    @Test
    void oneAddressRegistersItsShareAndIsAskedToWaitForMore() {
        List<Integer> answers = new ArrayList<>();
        List<String> retryAfter = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            Response answer = given().contentType(ContentType.JSON)
                    .body(Map.of("name", "script-" + i, "board", "http://10.0.0.2:3000/" + "a".repeat(370) + i))
                    .post("/api/judge/consumers");
            answers.add(answer.statusCode());
            if (answer.statusCode() == 429) {
                retryAfter.add(answer.header("Retry-After"));
            }
        }

        assertThat(answers.subList(0, PER_CLIENT)).containsOnly(201);
        assertThat(answers.subList(PER_CLIENT, answers.size())).containsOnly(429);
        assertThat(retryAfter).containsOnly("60");
        assertThat(consumers.list()).hasSize(PER_CLIENT);

        given().delete("/api/lab/judge/consumers/script-0").then().statusCode(204);
        register("ada", BOARD).statusCode(201);
        register("bo", BOARD).statusCode(429).body("detail", containsString("lab.judge.consumers-per-client"));
    }

    @Test
    void aBodyThatDoesNotSayItsLengthIsAskedForOne() throws Exception {
        byte[] body = ("{\"name\":\"ada\",\"board\":\"" + BOARD + "\"}").getBytes(StandardCharsets.UTF_8);
        HttpRequest chunked = HttpRequest.newBuilder(URI.create("http://localhost:" + RestAssured.port + "/api/judge/consumers"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body))).build();

        HttpResponse<String> answer = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()
                .send(chunked, HttpResponse.BodyHandlers.ofString());

        assertThat(answer.statusCode()).isEqualTo(411);
        assertThat(answer.body()).contains("Content-Length");
        assertThat(consumers.list()).isEmpty();
    }

    private static ValidatableResponse register(String name, String board) {
        return given().contentType(ContentType.JSON).body(Map.of("name", name, "board", board)).post("/api/judge/consumers")
                .then();
    }
}
