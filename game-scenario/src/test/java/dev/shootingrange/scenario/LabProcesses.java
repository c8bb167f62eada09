package dev.shootingrange.scenario;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import java.nio.file.Path;

import dev.shootingrange.processes.ServiceProcess;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;

/**
 * The three packaged services as separate processes against one broker and their three databases,
 * started once for all the integration tests of a run and stopped when it ends.
 */
final class LabProcesses {

    static final ServiceProcess RANGE;
    static final ServiceProcess BOARD;
    static final ServiceProcess SCENARIO;
    /** Where the three export their spans: they run with tracing on, as with docker-compose.observability.yml. */
    static final OtlpCollector TRACES;
    static final String TRACE_URL = "http://localhost:16686/trace/{traceId}";

    static {
        RestAssured.enableLoggingOfRequestAndResponseIfValidationFails();
        Path modules = Path.of("..");
        TRACES = OtlpCollector.start();
        String[] tracing = { "quarkus.otel.sdk.disabled=false", "quarkus.otel.exporter.otlp.protocol=http/protobuf",
                "quarkus.otel.exporter.otlp.endpoint=" + TRACES.endpoint(), "quarkus.otel.bsp.schedule.delay=200ms" };
        RANGE = ServiceProcess.start(modules, "shooting-range", 18081, tracing);
        BOARD = ServiceProcess.start(modules, "leader-board", 18082, tracing);
        SCENARIO = ServiceProcess.start(modules, "game-scenario", 18080, concat(tracing,
                "lab.services.shooting-range.url=" + RANGE.baseUrl(),
                "lab.services.leader-board.url=" + BOARD.baseUrl(),
                "console.trace-url=" + TRACE_URL,
                // The participant's queues counted every two seconds, not thirty: ParticipantLimitsIT waits for it.
                "lab.judge.participant-limits.sweep=2s"));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            TRACES.close();
            for (ServiceProcess service : new ServiceProcess[] { SCENARIO, BOARD, RANGE }) {
                try {
                    service.close();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }));
        RANGE.awaitReady();
        BOARD.awaitReady();
        SCENARIO.awaitReady();
    }

    private LabProcesses() {
    }

    private static String[] concat(String[] first, String... more) {
        return java.util.stream.Stream.concat(java.util.Arrays.stream(first), java.util.Arrays.stream(more)).toArray(String[]::new);
    }

    static String newGame(int targetPosition) {
        String gameId = given().baseUri(SCENARIO.baseUrl()).contentType(ContentType.JSON)
                .body("{\"targetPosition\": " + targetPosition + "}").post("/api/games").then()
                .statusCode(201).extract().path("gameId");
        awaitTarget(gameId, targetPosition);
        return gameId;
    }

    /** Moves the target and waits until the range has it: FireAt and MoveTarget may be handled in any order. */
    static void moveTarget(String gameId, int position) {
        given().baseUri(SCENARIO.baseUrl()).contentType(ContentType.JSON).body("{\"position\": " + position + "}")
                .post("/api/games/{gameId}/target", gameId).then().statusCode(202);
        awaitTarget(gameId, position);
    }

    static void awaitTarget(String gameId, int position) {
        await().untilAsserted(() -> given().baseUri(RANGE.baseUrl()).get("/api/ranges/{gameId}", gameId).then()
                .body("targetPosition", equalTo(position)));
    }

    static void fire(String gameId, String player, int position) {
        given().baseUri(SCENARIO.baseUrl()).contentType(ContentType.JSON)
                .body("{\"player\": \"" + player + "\", \"position\": " + position + "}")
                .post("/api/games/{gameId}/shots", gameId).then().statusCode(202);
    }
}
