package dev.shootingrange.scenario;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;

/**
 * Server-sent event streams a test holds open, as browsers do (HTTP/1.1), each read on a thread of its
 * own: the common pool has a thread per core, fewer than the streams a test opens on a small machine.
 */
final class EventStreams implements AutoCloseable {

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final ExecutorService readers = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "event-stream");
        thread.setDaemon(true);
        return thread;
    });
    private final List<CompletableFuture<HttpResponse<Stream<String>>>> open = new ArrayList<>();

    /** Opens the stream; its data lines ({@code data:...}) as they arrive. */
    List<String> watch(String url) {
        List<String> events = new CopyOnWriteArrayList<>();
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).header("Accept", "text/event-stream").build();
        CompletableFuture<HttpResponse<Stream<String>>> stream = http.sendAsync(request, HttpResponse.BodyHandlers.ofLines());
        stream.thenAcceptAsync(response -> response.body().filter(line -> line.startsWith("data:")).forEach(events::add), readers);
        open.add(stream);
        return events;
    }

    /** Hangs up every stream opened. */
    @Override
    public void close() {
        open.forEach(stream -> stream.thenAccept(response -> response.body().close()).cancel(true));
        open.clear();
        readers.shutdownNow();
    }
}
