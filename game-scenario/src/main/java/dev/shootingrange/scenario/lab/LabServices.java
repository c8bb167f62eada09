package dev.shootingrange.scenario.lab;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.lab.LabResource;

/**
 * The three services' labs, seen from the console: this service's own in process, the other two over
 * their HTTP API. One place to switch protections and inject faults everywhere.
 */
@ApplicationScoped
public class LabServices {

    public static final String GAME_SCENARIO = "game-scenario";
    public static final String SHOOTING_RANGE = "shooting-range";
    public static final String LEADER_BOARD = "leader-board";
    public static final List<String> ALL = List.of(GAME_SCENARIO, SHOOTING_RANGE, LEADER_BOARD);

    private final LabResource local;
    private final ObjectMapper json;
    private final Map<String, String> urls;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    LabServices(LabResource local, ObjectMapper json,
            @ConfigProperty(name = "lab.services.shooting-range.url") String rangeUrl,
            @ConfigProperty(name = "lab.services.leader-board.url") String boardUrl) {
        this.local = local;
        this.json = json;
        this.urls = Map.of(SHOOTING_RANGE, rangeUrl, LEADER_BOARD, boardUrl);
    }

    public ObjectMapper json() {
        return json;
    }

    public static void requireKnown(String service) {
        if (!ALL.contains(service)) {
            throw Problem.notFound("no service '" + service + "'; there are " + ALL);
        }
    }

    public JsonNode lab(String service) {
        requireKnown(service);
        return service.equals(GAME_SCENARIO) ? json.valueToTree(local.lab()) : call(service, "GET", "/api/lab", null);
    }

    public JsonNode protect(String service, Map<String, Object> changes) {
        requireKnown(service);
        return service.equals(GAME_SCENARIO) ? json.valueToTree(local.protections(changes))
                : call(service, "PUT", "/api/lab/protections", changes);
    }

    /** Sets these protections on every service that has them; each must exist on one at least. */
    public void protectEverywhere(Map<String, Object> changes) {
        Map<String, Map<String, Object>> perService = new LinkedHashMap<>();
        for (String protection : changes.keySet()) {
            boolean known = false;
            for (String service : ALL) {
                if (lab(service).path("protections").has(protection)) {
                    perService.computeIfAbsent(service, s -> new LinkedHashMap<>()).put(protection, changes.get(protection));
                    known = true;
                }
            }
            if (!known) {
                throw Problem.badRequest("no service has a protection '" + protection + "'");
            }
        }
        perService.forEach(this::protect);
    }

    public JsonNode chaos(String service, Map<String, Object> changes) {
        requireKnown(service);
        return service.equals(GAME_SCENARIO) ? json.valueToTree(local.chaos(changes))
                : call(service, "PUT", "/api/lab/chaos", changes);
    }

    public JsonNode arm(String service, String point, String type) {
        requireKnown(service);
        var request = new LabResource.FaultRequest(point, type);
        return service.equals(GAME_SCENARIO) ? json.valueToTree(local.arm(request))
                : call(service, "POST", "/api/lab/faults", request);
    }

    public JsonNode hold(String service, String type) {
        requireKnown(service);
        var request = new LabResource.HoldRequest(type);
        return service.equals(GAME_SCENARIO) ? json.valueToTree(local.hold(request))
                : call(service, "POST", "/api/lab/holds", request);
    }

    public JsonNode release(String service) {
        requireKnown(service);
        return service.equals(GAME_SCENARIO) ? json.valueToTree(local.release())
                : call(service, "POST", "/api/lab/holds/release", null);
    }

    public UUID resend(String service, UUID messageId, boolean newMessageId) {
        requireKnown(service);
        var request = new LabResource.ResendRequest(newMessageId);
        JsonNode answer = service.equals(GAME_SCENARIO) ? json.valueToTree(local.resend(messageId, request))
                : call(service, "POST", "/api/lab/outbox/" + messageId + "/resend", request);
        return UUID.fromString(answer.path("messageId").asText());
    }

    public JsonNode reset(String service) {
        requireKnown(service);
        return service.equals(GAME_SCENARIO) ? json.valueToTree(local.reset()) : call(service, "POST", "/api/lab/reset", null);
    }

    public void resetEverywhere() {
        ALL.forEach(this::reset);
    }

    /** Every entry of a service's message history for the game. */
    public JsonNode history(String service, String gameId) {
        requireKnown(service);
        return service.equals(GAME_SCENARIO) ? json.valueToTree(local.history(gameId, 0, 1000))
                : call(service, "GET", "/api/lab/history/" + gameId + "?size=1000", null);
    }

    /** Another service's public API (the range, the leader board). */
    public JsonNode get(String service, String path) {
        return call(service, "GET", path, null);
    }

    private JsonNode call(String service, String method, String path, Object body) {
        String url = urls.get(service) + path;
        try {
            HttpRequest.BodyPublisher payload = body == null ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(json.writeValueAsBytes(body));
            HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10))
                    .header("Content-Type", "application/json").method(method, payload).build();
            HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            JsonNode answer = response.body().length == 0 ? json.nullNode() : json.readTree(response.body());
            if (response.statusCode() >= 400) {
                Response.Status status = Response.Status.fromStatusCode(response.statusCode());
                throw new Problem(status == null ? Response.Status.BAD_GATEWAY : status,
                        service + ": " + answer.path("detail").asText(response.statusCode() + " from " + url));
            }
            return answer;
        } catch (IOException e) {
            throw new Problem(Response.Status.BAD_GATEWAY, service + " is not reachable at " + urls.get(service) + " (" + e + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Problem(Response.Status.SERVICE_UNAVAILABLE, "interrupted while calling " + service);
        }
    }
}
