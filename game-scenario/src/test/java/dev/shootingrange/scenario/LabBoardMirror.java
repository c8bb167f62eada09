package dev.shootingrange.scenario;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import com.sun.net.httpserver.HttpServer;

/**
 * A "board" that is the lab's own leader board under another address: every GET relayed, with the
 * answer's headers, as a second instance of the board or a port the host publishes for it would answer.
 */
final class LabBoardMirror implements AutoCloseable {

    private final HttpServer server;

    LabBoardMirror(String labBoard) throws IOException {
        HttpClient client = HttpClient.newHttpClient();
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            try {
                HttpResponse<byte[]> answer = client.send(HttpRequest.newBuilder(URI.create(labBoard + exchange.getRequestURI())).build(),
                        HttpResponse.BodyHandlers.ofByteArray());
                answer.headers().map().forEach((name, values) -> {
                    if (!name.equalsIgnoreCase("content-length") && !name.startsWith(":")) {
                        exchange.getResponseHeaders().put(name, values);
                    }
                });
                exchange.sendResponseHeaders(answer.statusCode(), answer.body().length);
                try (OutputStream body = exchange.getResponseBody()) {
                    body.write(answer.body());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                exchange.sendResponseHeaders(502, -1);
            }
        });
        server.start();
    }

    String board() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/api/leaderboard";
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
