package dev.shootingrange.benchmark;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The benchmark's virtual host on the local broker, made where missing (a broker reset or new forgets
 * it), with guest's rights on it, through the management API: the broker keeps running. Its message
 * counters come from there too: the benchmark's alone, not the other virtual hosts'.
 */
final class BenchmarkVirtualHost {

    private static final String MANAGEMENT = "http://localhost:15672/api/";

    private BenchmarkVirtualHost() {
    }

    static void ensure() throws Exception {
        put("vhosts/" + Benchmark.VIRTUAL_HOST, "{}");
        put("permissions/" + Benchmark.VIRTUAL_HOST + "/guest", "{\"configure\":\".*\",\"write\":\".*\",\"read\":\".*\"}");
    }

    /** The virtual host's own figures: its message_stats count its publishes, confirms, acks and deliveries since the broker started. */
    static String figures() throws Exception {
        return send("GET", "vhosts/" + Benchmark.VIRTUAL_HOST, null);
    }

    /** A PUT of what is there already changes nothing (204) and of what is not creates it (201). */
    private static void put(String path, String body) throws Exception {
        send("PUT", path, body);
    }

    private static String send(String method, String path, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(MANAGEMENT + path))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString("guest:guest".getBytes(StandardCharsets.UTF_8)))
                .header("Content-Type", "application/json").method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body)).build();
        // HTTP/1.1: the broker's web server closes a connection offered an upgrade to HTTP/2.
        HttpResponse<String> response = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()
                .send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            throw new IllegalStateException("the broker's management API answered " + response.statusCode() + " to " + method + " "
                    + path + ": " + response.body());
        }
        return response.body();
    }
}
