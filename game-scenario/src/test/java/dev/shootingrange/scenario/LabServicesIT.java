package dev.shootingrange.scenario;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * The labs every console's panel shows are pushed and shared: open panels cost the services one asking
 * whatever their number, and a change made through the console's service reaches them at once.
 */
class LabServicesIT {

    private static final int PANELS = 10;

    private final EventStreams streams = new EventStreams();

    @AfterEach
    void reset() {
        streams.close();
        given().baseUri(LabProcesses.SCENARIO.baseUrl()).post("/api/lab/services/all/reset").then().statusCode(200);
    }

    @Test
    void aChangeThroughTheConsolesServiceIsSeenByTheNextAsking() {
        String scenario = LabProcesses.SCENARIO.baseUrl();
        given().baseUri(scenario).get("/api/lab/services").then().statusCode(200)
                .body("services.find { it.service == 'shooting-range' }.protections.inbox", equalTo(true));

        given().baseUri(scenario).contentType(ContentType.JSON).body("{\"inbox\": false}")
                .put("/api/lab/services/shooting-range/protections").then().statusCode(200);

        given().baseUri(scenario).get("/api/lab/services").then().statusCode(200)
                .body("services.find { it.service == 'shooting-range' }.protections.inbox", equalTo(false));
    }

    @Test
    void openPanelsShareOneAskingAndSeeAChangeAtOnce() {
        long askedBefore = labsAskedOfTheRange();
        List<List<String>> panels = new ArrayList<>();
        for (int i = 0; i < PANELS; i++) {
            panels.add(watchLabs());
        }
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(panels).allSatisfy(events -> assertThat(events).isNotEmpty()));
        assertThat(panels).allSatisfy(events -> assertThat(inbox(events.get(0))).isTrue());
        assertThat(labsAskedOfTheRange() - askedBefore).as("the range's lab asked for %d panels", PANELS).isLessThan(PANELS / 2);

        given().baseUri(LabProcesses.SCENARIO.baseUrl()).contentType(ContentType.JSON).body("{\"inbox\": false}")
                .put("/api/lab/services/shooting-range/protections").then().statusCode(200);

        // Pushed at the change, not at the next look a few seconds on.
        await().atMost(Duration.ofSeconds(1)).untilAsserted(() -> assertThat(panels)
                .allSatisfy(events -> assertThat(inbox(events.get(events.size() - 1))).isFalse()));
    }

    private static boolean inbox(String event) {
        return JsonPath.from(event.substring("data:".length()))
                .getBoolean("services.find { it.service == 'shooting-range' }.protections.inbox");
    }

    /** How often the range answered for its lab: every panel's look at the labs asks it once. */
    private static long labsAskedOfTheRange() {
        String metrics = given().baseUri(LabProcesses.RANGE.baseUrl()).get("/q/metrics").then().statusCode(200).extract().asString();
        return metrics.lines().filter(line -> line.startsWith("http_server_requests_seconds_count{")
                && line.contains("method=\"GET\"") && line.contains("uri=\"/api/lab\""))
                .mapToLong(line -> (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1))).sum();
    }

    /** Every data line of the pushed labs, as it arrives. */
    private List<String> watchLabs() {
        return streams.watch(LabProcesses.SCENARIO.baseUrl() + "/api/lab/services/live");
    }
}
