package dev.shootingrange.benchmark;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpServer;

/**
 * Where the services' spans go when the benchmark measures tracing: an OTLP/HTTP endpoint that reads
 * every request and throws it away, so the services pay for making and sending spans, and nothing
 * else runs on the machine's cores for them.
 */
final class TraceSink implements AutoCloseable {

    private final HttpServer server;

    private TraceSink(HttpServer server) {
        this.server = server;
    }

    static TraceSink start() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        // A daemon: the benchmark ends when its work does.
        server.setExecutor(Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "trace-sink");
            thread.setDaemon(true);
            return thread;
        }));
        server.createContext("/", exchange -> {
            try (InputStream body = exchange.getRequestBody()) {
                body.transferTo(java.io.OutputStream.nullOutputStream());
                exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
                exchange.sendResponseHeaders(200, -1);
            } finally {
                exchange.close();
            }
        });
        server.start();
        return new TraceSink(server);
    }

    String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
