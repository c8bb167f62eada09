package dev.shootingrange.reliability;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;

/**
 * Bad HTTP input where only the packaged server decides: its body size limit and content types.
 * The field-level cases (huge numbers, NUL in a name...) are GameApiTest's.
 */
class BadRequestIT extends FaultSuite {

    private String gameId;

    @BeforeEach
    void aGame() {
        RestAssured.enableLoggingOfRequestAndResponseIfValidationFails();
        gameId = given().baseUri(cluster.scenario.baseUrl()).contentType(ContentType.JSON).body("{}")
                .post("/api/games").then().statusCode(201).extract().path("gameId");
    }

    @Test
    void aBodyOverTheServersLimitIsRefusedBeforeItIsRead() throws Exception {
        // Announced, not sent: the server answers from the Content-Length, as to any well-behaved client.
        HttpResponse<String> response = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().send(HttpRequest.newBuilder(
                URI.create(cluster.scenario.baseUrl() + "/api/games/" + gameId + "/shots"))
                .header("Content-Type", "application/json").expectContinue(true)
                .POST(HttpRequest.BodyPublishers.ofByteArray(new byte[11 * 1024 * 1024])).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(413);
        // The server's own refusal, before any resource runs: no problem detail (see docs/reliability.md).
        assertThat(response.body()).isEmpty();
    }

    @Test
    void aFormOrXmlIsRefusedWithAProblem() {
        given().baseUri(cluster.scenario.baseUrl()).contentType(ContentType.URLENC).formParam("player", "alice")
                .post("/api/games/{gameId}/shots", gameId).then()
                .statusCode(415)
                .contentType("application/problem+json")
                .body("detail", equalTo("send the request body as application/json"));
        given().baseUri(cluster.scenario.baseUrl()).contentType(ContentType.XML).body("<shot/>")
                .post("/api/games/{gameId}/shots", gameId).then()
                .statusCode(415)
                .contentType("application/problem+json");
    }

    @Test
    void oddButPrintableNamesTravelUnchanged() {
        // Astral emoji, a combining accent, right-to-left script, a zero-width joiner sequence.
        String player = "🎯 Zoe\u0301 שלום 👩\u200D🚀";
        given().baseUri(cluster.scenario.baseUrl()).contentType("application/json; charset=UTF-8")
                .body(("{\"player\": \"" + player + "\", \"position\": 42}").getBytes(StandardCharsets.UTF_8))
                .post("/api/games/{gameId}/shots", gameId).then().statusCode(202);

        await().untilAsserted(() -> given().baseUri(cluster.board.baseUrl())
                .get("/api/leaderboard/{gameId}", gameId).then()
                .body("players.player", hasItem(player))
                .body("players.find { it.player == '" + player + "' }.hits", equalTo(1)));
        given().baseUri(cluster.scenario.baseUrl()).get("/api/games/{gameId}", gameId).then()
                .body("shots[0].player", equalTo(player))
                .body("shots[0].outcome", equalTo("HIT"));
    }
}
