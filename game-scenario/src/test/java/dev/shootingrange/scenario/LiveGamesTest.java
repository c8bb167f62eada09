package dev.shootingrange.scenario;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.Hit;
import dev.shootingrange.scenario.web.LiveGames;
import dev.shootingrange.testing.Broker;
import dev.shootingrange.testing.Service;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;

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

    private final HttpClient http = HttpClient.newHttpClient();
    private final List<CompletableFuture<HttpResponse<Stream<String>>>> streams = new ArrayList<>();

    @AfterEach
    void hangUp() {
        streams.forEach(stream -> stream.thenAccept(response -> response.body().close()).cancel(true));
    }

    @Test
    void tenWatchersOfAGameShareEachViewOfIt() {
        Service.awaitReady();
        String gameId = given().contentType(ContentType.JSON).body("{\"targetPosition\": 42}").post("/api/games").then()
                .statusCode(201).extract().path("gameId");
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

    /** Every data line of the game's event stream, as it arrives. */
    private List<String> watch(String gameId) {
        List<String> views = new CopyOnWriteArrayList<>();
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + "api/games/" + gameId + "/live"))
                .header("Accept", "text/event-stream").build();
        CompletableFuture<HttpResponse<Stream<String>>> stream = http.sendAsync(request, HttpResponse.BodyHandlers.ofLines());
        stream.thenAcceptAsync(response -> response.body().filter(line -> line.startsWith("data:")).forEach(views::add));
        streams.add(stream);
        return views;
    }
}
