package dev.shootingrange.scenario.console.judge;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;

import dev.shootingrange.scenario.console.HttpStub;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;

/**
 * A board that cannot be read is shown to the room by the kind of failure only: the text of the exception
 * (the host and port tried, what answered there, the server's own error page) would let anyone who
 * registers a board probe the instructor's machine and network through the judge, and read the answers
 * in GET /api/judge/round.
 */
@QuarkusTest
class UnreadableBoardsTest {

    private static final String FAULT = "the first two shots";
    /** What a server behind a board might write in its error page, which the room must not read. */
    private static final String SECRET = "java.lang.IllegalStateException: postgres at 10.0.0.7:5432 said no";

    @Inject
    Consumers consumers;

    @Inject
    ObjectMapper json;

    private HttpServer boards;
    private final ExecutorService answering = Executors.newCachedThreadPool();
    private final CountDownLatch never = new CountDownLatch(1);

    @BeforeEach
    void serveBoardsThatAnswerBadly() throws IOException {
        consumers.clear();
        boards = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        boards.setExecutor(answering);
        boards.createContext("/html", exchange -> HttpStub.send(exchange, 200, "text/html", "<html><body>" + SECRET + "</body></html>"));
        boards.createContext("/broken", exchange -> HttpStub.send(exchange, 200, "application/json", "{\"players\": [" + SECRET));
        boards.createContext("/shape", exchange -> HttpStub.send(exchange, 200, "application/json", "{\"players\": \"" + SECRET + "\"}"));
        boards.createContext("/down", exchange -> HttpStub.send(exchange, 503, "text/plain", SECRET));
        boards.createContext("/slow", exchange -> {
            try {
                never.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        boards.start();
    }

    @AfterEach
    void stopThem() {
        never.countDown();
        boards.stop(0);
        answering.shutdownNow();
        consumers.clear();
    }

    @Test
    void eachUnreadableBoardShowsItsCategoryAndNoExceptionText() throws Exception {
        String here = "http://127.0.0.1:" + boards.getAddress().getPort();
        Map<String, String> registered = Map.of("refused", "http://127.0.0.1:" + nothingListening() + "/board",
                "html", here + "/html", "broken", here + "/broken", "shape", here + "/shape", "down", here + "/down",
                "slow", here + "/slow", "nowhere", "http://no-such-board.invalid:3000/board");
        registered.forEach((name, board) -> given().contentType(ContentType.JSON).body(Map.of("name", name, "board", board))
                .post("/api/judge/consumers").then().statusCode(201));

        List<Scorecard> cards = consumers.list().stream().map(Scorecard::new).toList();
        try (Readings readings = new Readings(consumers, cards.size())) {
            readings.readAll(new Round(null, "unreadable-boards"), cards, FAULT);
        }
        cards.forEach(Scorecard::finish);

        Map<String, String> problems = cards.stream()
                .collect(Collectors.toMap(card -> card.consumer().name(), card -> card.view().problem()));
        String unread = "after " + FAULT + " its board could not be read: ";
        assertThat(problems).containsOnly(Map.entry("refused", unread + "refused"), Map.entry("html", unread + "not JSON"),
                Map.entry("broken", unread + "not JSON"), Map.entry("shape", unread + "not a board (JSON of another shape)"),
                Map.entry("down", unread + "status 503"), Map.entry("slow", unread + "timed out"),
                Map.entry("nowhere", unread + "unknown host"));

        String round = json.writeValueAsString(new Judge.View(Judge.State.DONE, "unreadable-boards", Judge.FAULTS, 0,
                cards.stream().map(Scorecard::view).toList(), null, Instant.now(), Instant.now()));
        assertThat(round).doesNotContain("java.", "Exception", "Connection refused", "10.0.0.7", "RESTEASY", "Failed to resolve",
                "timeout period", "Unrecognized token", "Cannot deserialize");
    }

    private static int nothingListening() throws IOException {
        try (ServerSocket free = new ServerSocket(0)) {
            return free.getLocalPort();
        }
    }
}
