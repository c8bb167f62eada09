package dev.shootingrange.scenario.console.services;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.Map;

import com.sun.net.httpserver.HttpExchange;

import dev.shootingrange.lab.InstructorKey;
import dev.shootingrange.scenario.console.HttpStub;

/**
 * The range's lab, in a room shared under the key {@value #KEY}: it notes each request's method and the
 * key it carried ("PUT let-me-in-please", "GET none"), and answers {} but for a fault armed (its own problem
 * detail) and a hold (a bare 500). The leader board is nowhere: its address has nothing listening.
 */
public class OtherLab extends HttpStub {

    static final String KEY = "let-me-in-please";

    @Override
    protected Map<String, String> configuration(String url) {
        try (ServerSocket taken = new ServerSocket(0)) {
            return Map.of("lab.services.shooting-range.url", url,
                    "lab.services.leader-board.url", "http://127.0.0.1:" + taken.getLocalPort(), "lab.instructor-key", KEY);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    protected void answer(HttpExchange exchange) throws IOException {
        String key = exchange.getRequestHeaders().getFirst(InstructorKey.HEADER);
        received.add(exchange.getRequestMethod() + " " + (key == null ? "none" : key));
        switch (exchange.getRequestURI().getPath()) {
            case "/api/lab/faults" -> send(exchange, 400, "application/problem+json",
                    "{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,\"detail\":\"no fault point 'nowhere'\"}");
            case "/api/lab/holds" -> send(exchange, 500, "text/plain", "boom");
            default -> send(exchange, 200, "application/json", "{}");
        }
    }
}
