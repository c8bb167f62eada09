package dev.shootingrange.scenario.console.lab;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Predicate;

import jakarta.inject.Singleton;
import jakarta.ws.rs.core.Response;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.exactlyonce.rabbit.RabbitConfig;
import dev.shootingrange.scenario.console.services.ConsoleConfig;

/**
 * The broker's side of the lab: RabbitMQ's management API, which can do what no client can, close
 * another client's connection. That is what a broker node does to its clients when it fails, and what
 * makes the broker itself send copies: every delivery not yet acknowledged comes back, redelivered.
 */
@Singleton
public class BrokerManagement {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    private final ObjectMapper json;
    private final URI api;
    private final String virtualHost;
    private final String authorization;

    // The services' own broker settings: the management API is logged in to as they log in to the broker.
    BrokerManagement(ObjectMapper json, ConsoleConfig console, RabbitConfig rabbit) {
        String url = console.broker().managementUrl();
        this.json = json;
        this.api = URI.create(url.endsWith("/") ? url : url + "/");
        this.virtualHost = rabbit.virtualHost();
        this.authorization = "Basic " + Base64.getEncoder()
                .encodeToString((rabbit.username() + ":" + rabbit.password()).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Has the broker close every client connection on the services' virtual host at once, as a failing
     * node does to the clients connected to it; returns the names of those it closed. The clients recover
     * within seconds.
     *
     * @throws Problem 503 when the management API does not answer, saying how to get one
     */
    public Set<String> closeEveryConnection(String reason) {
        Set<String> closed = new HashSet<>();
        for (String name : connections()) {
            if (send(HttpRequest.newBuilder(api.resolve("api/connections/" + encode(name))).header("X-Reason", reason)
                    .DELETE()) != null) {
                closed.add(name);
            }
        }
        return closed;
    }

    /**
     * The client connections on the services' virtual host, by name, as the management API lists them: a
     * connection shows up there, and a closed one leaves, only at its next statistics round (every 5 s
     * by default), not when it opens or closes.
     */
    public Set<String> connections() {
        return names("api/vhosts/" + encode(virtualHost) + "/connections", "name", any -> true);
    }

    /** The queues of the services' virtual host, by name. */
    Set<String> queues() {
        return names("api/queues/" + encode(virtualHost) + "?columns=name", "name", any -> true);
    }

    /** The queues bound to an exchange of the services' virtual host. */
    Set<String> queuesBoundTo(String exchange) {
        return names("api/exchanges/" + encode(virtualHost) + "/" + encode(exchange) + "/bindings/source", "destination",
                binding -> binding.path("destination_type").asText().equals("queue"));
    }

    /** One field of each item the API lists at {@code path} that {@code which} keeps. */
    private Set<String> names(String path, String field, Predicate<JsonNode> which) {
        Set<String> names = new HashSet<>();
        for (JsonNode item : get(path)) {
            if (which.test(item)) {
                names.add(item.path(field).asText());
            }
        }
        return names;
    }

    /** Empties a queue; false where it is not there. */
    boolean purge(String queue) {
        return send(HttpRequest.newBuilder(api.resolve(queuePath(queue) + "/contents")).DELETE()) != null;
    }

    /** Deletes a queue with whatever it holds; false where it is not there. */
    boolean delete(String queue) {
        return send(HttpRequest.newBuilder(api.resolve(queuePath(queue))).DELETE()) != null;
    }

    private String queuePath(String queue) {
        return "api/queues/" + encode(virtualHost) + "/" + encode(queue);
    }

    private JsonNode get(String path) {
        try {
            String body = send(HttpRequest.newBuilder(api.resolve(path)).GET());
            if (body == null) {
                throw unavailable("has no " + path + " (is the virtual host " + virtualHost + " there?)");
            }
            return json.readTree(body);
        } catch (IOException e) {
            throw unavailable(e.getMessage());
        }
    }

    private String send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = http.send(request.header("Authorization", authorization).timeout(TIMEOUT).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() == 404) {
                // Nothing there: for a connection, one already gone by itself (the listing lags a little).
                return null;
            }
            if (response.statusCode() / 100 != 2) {
                throw unavailable("answered " + response.statusCode() + " " + response.body());
            }
            return response.body();
        } catch (IOException e) {
            throw unavailable(e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unavailable("interrupted");
        }
    }

    private Problem unavailable(String why) {
        return new Problem(Response.Status.SERVICE_UNAVAILABLE, "RabbitMQ's management API at " + api + " " + why
                + "; it is the broker's plugin rabbitmq_management (in the rabbitmq:*-management images; elsewhere"
                + " rabbitmq-plugins enable rabbitmq_management), and LAB_BROKER_MANAGEMENT_URL says where it is");
    }

    private static String encode(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
