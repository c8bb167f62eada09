package dev.shootingrange.scenario;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.shootingrange.scenario.OtlpCollector.ExportedSpan;
import io.restassured.http.ContentType;

/**
 * The packaged services with tracing on, exporting over OTLP as they do to Jaeger in the observability
 * profile: what the lab does to a message shows in the shot's trace.
 */
class TracingIT {

    @AfterEach
    void resetTheLab() {
        given().baseUri(LabProcesses.SCENARIO.baseUrl()).post("/api/lab/services/all/reset").then().statusCode(200);
    }

    @Test
    void aDuplicateTheLabInjectsIsASpanMarkedDuplicateInTheShotsTrace() {
        String gameId = LabProcesses.newGame(42);
        given().baseUri(LabProcesses.RANGE.baseUrl()).contentType(ContentType.JSON).body("{\"duplicateRate\": 1}")
                .put("/api/lab/chaos").then().statusCode(200);

        given().baseUri(LabProcesses.SCENARIO.baseUrl()).contentType(ContentType.JSON)
                .body("{\"player\": \"alice\", \"position\": 42}").post("/api/games/{gameId}/shots", gameId).then().statusCode(202);

        String traceId = await().until(() -> given().baseUri(LabProcesses.SCENARIO.baseUrl()).get("/api/games/{gameId}", gameId)
                .then().extract().<String>path("shots[0].traceId"), id -> id != null);
        List<ExportedSpan> trace = await().atMost(Duration.ofSeconds(20)).until(() -> LabProcesses.TRACES.inTrace(traceId),
                spans -> decisions(spans).containsAll(List.of("leader-board handled", "leader-board duplicate",
                        "game-scenario handled", "game-scenario duplicate")));
        assertThat(trace).filteredOn(span -> span.service().equals("shooting-range") && span.kind().equals("SPAN_KIND_PRODUCER"))
                .extracting(span -> span.attributes().get("outbox.copy")).as("the outcome and its copy, each published")
                .containsExactlyInAnyOrder("1", "2");
        assertThat(trace).extracting(ExportedSpan::service).as("one trace across the lab")
                .contains("game-scenario", "shooting-range", "leader-board");
    }

    private static List<String> decisions(List<ExportedSpan> spans) {
        return spans.stream().filter(span -> span.kind().equals("SPAN_KIND_CONSUMER"))
                .map(span -> span.service() + " " + span.attributes().get("inbox.decision")).toList();
    }
}
