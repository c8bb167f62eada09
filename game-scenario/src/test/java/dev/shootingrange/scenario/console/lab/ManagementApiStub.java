package dev.shootingrange.scenario.console.lab;

import java.io.IOException;
import java.util.Map;

import com.sun.net.httpserver.HttpExchange;

import dev.shootingrange.scenario.console.HttpStub;

/**
 * RabbitMQ's management API as the lab uses it, on a free port of this machine, for the default virtual
 * host: two connections (one of them gone by the time it is closed), two queues, the bindings of an
 * exchange, the participant user made and permitted; an exchange it has never heard of, one whose bindings
 * fail with a 500, and one whose request it drops unanswered. It records each request as "METHOD
 * path-as-sent authorization [reason]". The console before it is a room's, under the key {@value #KEY}.
 */
public class ManagementApiStub extends HttpStub {

    static final String GONE = "127.0.0.1:40002 -> 127.0.0.1:5672";
    static final String OPEN = "127.0.0.1:40001 -> 127.0.0.1:5672";
    public static final String KEY = "room-key-of-the-tests";

    @Override
    protected Map<String, String> configuration(String url) {
        return Map.of("lab.broker.management-url", url, "lab.instructor-key", KEY);
    }

    @Override
    protected void answer(HttpExchange exchange) throws IOException {
        // As sent, but for a colon, which a path segment may carry escaped or not (RFC 3986): RabbitMQ reads both.
        String asked = (exchange.getRequestURI().getRawPath()
                + (exchange.getRequestURI().getRawQuery() == null ? "" : "?" + exchange.getRequestURI().getRawQuery()))
                .replace("%3A", ":");
        String method = exchange.getRequestMethod();
        received.add(method + " " + asked + " " + exchange.getRequestHeaders().getFirst("Authorization")
                + (exchange.getRequestHeaders().containsKey("X-Reason") ? " " + exchange.getRequestHeaders().getFirst("X-Reason") : ""));
        // As RabbitMQ does: a DELETE answers no body, so one that will take JSON only is not acceptable.
        if (method.equals("DELETE") && "application/json".equals(exchange.getRequestHeaders().getFirst("Accept"))) {
            json(exchange, 406, "{\"error\":\"not_acceptable\"}");
            return;
        }
        switch (method + " " + asked) {
            case "GET /api/vhosts/%2F/connections" -> json(exchange, 200,
                    "[{\"name\":\"" + OPEN + "\",\"vhost\":\"/\",\"user\":\"guest\"},{\"name\":\"" + GONE + "\",\"vhost\":\"/\"}]");
            case "PUT /api/users/participant", "PUT /api/permissions/%2F/participant",
                    "PUT /api/user-limits/participant/max-connections", "PUT /api/user-limits/participant/max-channels",
                    "PUT /api/operator-policies/%2F/participant.limits",
                    "DELETE /api/connections/127.0.0.1:40001%20-%3E%20127.0.0.1:5672",
                    "DELETE /api/queues/%2F/game-scenario/contents",
                    "DELETE /api/queues/%2F/game-scenario" -> {
                exchange.sendResponseHeaders(204, -1);
                exchange.close();
            }
            case "GET /api/queues/%2F?columns=name%2Cconsumers" -> json(exchange, 200,
                    "[{\"name\":\"game-scenario\",\"consumers\":1},{\"name\":\"leader-board\",\"consumers\":0}]");
            case "GET /api/exchanges/%2F/game-events/bindings/source" -> json(exchange, 200,
                    "[{\"source\":\"game-events\",\"destination\":\"leader-board\",\"destination_type\":\"queue\"},"
                            + "{\"source\":\"game-events\",\"destination\":\"audit\",\"destination_type\":\"exchange\"}]");
            case "GET /api/exchanges/%2F/broken/bindings/source" -> json(exchange, 500, "{\"error\":\"boom\"}");
            case "GET /api/exchanges/%2F/dropped/bindings/source" -> exchange.close();
            default -> json(exchange, 404, "{\"error\":\"Object Not Found\",\"reason\":\"Not Found\"}");
        }
    }

    private static void json(HttpExchange exchange, int status, String body) throws IOException {
        send(exchange, status, "application/json", body);
    }
}
