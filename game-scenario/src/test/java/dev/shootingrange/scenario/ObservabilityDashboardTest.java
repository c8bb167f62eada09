package dev.shootingrange.scenario;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.Hit;
import dev.shootingrange.testing.Broker;
import dev.shootingrange.testing.Service;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;

/**
 * The Grafana dashboard of docker-compose.observability.yml asks Prometheus for metrics by name: each name must be
 * one a service serves at /q/metrics, or its panel stays empty with nothing to say why. The scenario
 * serves all of them (the core's inbox and outbox metrics, and the shot-to-outcome latency).
 */
@QuarkusTest
class ObservabilityDashboardTest {

    private static final Pattern METRIC = Pattern.compile("\\b(?!histogram_quantile\\b)[a-z]+(?:_[a-z0-9]+)+\\b");

    @Test
    void everyMetricTheDashboardShowsIsServed() throws IOException {
        Service.awaitReady();
        JsonNode dashboard = new ObjectMapper().readTree(Path.of("../docker/observability/grafana/dashboards/shooting-range.json").toFile());
        List<String> asked = new ArrayList<>();
        for (JsonNode panel : dashboard.get("panels")) {
            for (JsonNode target : panel.get("targets")) {
                Matcher name = METRIC.matcher(target.get("expr").asText());
                while (name.find()) {
                    asked.add(name.group());
                }
            }
        }

        outcomeOfOneShot(); // a histogram shows its buckets once it has measured something

        String served = given().get("/q/metrics").then().statusCode(200).extract().asString();

        assertThat(asked).contains("inbox_duplicates_total", "outbox_pending", "inbox_dead_lettered_total",
                "shot_outcome_latency_seconds_bucket");
        assertThat(asked).allSatisfy(metric -> assertThat(served).as(metric + " at /q/metrics")
                .containsPattern("(?m)^" + metric + "[{ ]"));
    }

    private static void outcomeOfOneShot() {
        String gameId = given().contentType(ContentType.JSON).body("{\"targetPosition\": 42}").post("/api/games").then()
                .statusCode(201).extract().path("gameId");
        String attemptId = given().contentType(ContentType.JSON).body("{\"player\": \"alice\", \"position\": 42}")
                .post("/api/games/{gameId}/shots", gameId).then().statusCode(202).extract().path("attemptId");
        Broker.shared().publish(Hit.of(FireAt.create(gameId, UUID.fromString(attemptId), "alice", 42), 42));
        await().untilAsserted(() -> given().get("/api/games/{gameId}", gameId).then().body("shots[0].outcome", equalTo("HIT")));
    }
}
