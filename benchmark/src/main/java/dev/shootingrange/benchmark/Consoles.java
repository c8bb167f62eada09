package dev.shootingrange.benchmark;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Browsers' consoles, as far as the services can tell: each asks what the console's scripts ask (the
 * game's live feed of changes, which carries the timeline, main.js; the lab panel's access once and its
 * pushed labs, lab.js). A build without the feed of changes gets what its console asked: whole views,
 * and the timeline when a view's timelineVersion moved; one without pushed labs, the lab panel every 3 s.
 */
final class Consoles implements AutoCloseable {

    /** A view's timelineVersion; a view without one (an older console's service) fetches every time. */
    private static final Pattern TIMELINE_VERSION = Pattern.compile("\"timelineVersion\":(\\d+)");
    private final String scenarioUrl;
    /** HTTP/1.1: what a browser speaks to an http:// origin (the JDK's client would upgrade to HTTP/2, no browser does). */
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final ScheduledExecutorService labPanels = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "lab-panels");
        thread.setDaemon(true);
        return thread;
    });
    /** A thread per open stream, reading it: the common pool has a thread per core, fewer than the consoles. */
    private final ExecutorService readers = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "console-reader");
        thread.setDaemon(true);
        return thread;
    });
    private final List<CompletableFuture<HttpResponse<Stream<String>>>> open = new ArrayList<>();

    Consoles(String scenarioUrl) {
        this.scenarioUrl = scenarioUrl;
    }

    /** Opens a console on the game; {@code onView} gets each event's JSON (a change, or a whole view) as it arrives. */
    void open(String gameId, Consumer<String> onView) {
        CompletableFuture<HttpResponse<Stream<String>>> console = feed(gameId, "/live/changes").thenCompose(changes -> {
            if (changes.statusCode() != 404) {
                return CompletableFuture.completedFuture(changes);
            }
            changes.body().close();
            return feed(gameId, "/live");
        });
        String[] timelineVersion = { null };
        console.thenAcceptAsync(response -> response.body().filter(line -> line.startsWith("data:")).forEach(line -> {
            String view = line.substring("data:".length());
            onView.accept(view);
            if (response.uri().getPath().endsWith("/changes")) {
                return;
            }
            Matcher version = TIMELINE_VERSION.matcher(view);
            String now = version.find() ? version.group(1) : view;
            if (!now.equals(timelineVersion[0])) {
                timelineVersion[0] = now;
                get("/api/games/" + gameId + "/timeline");
            }
        }), readers);
        open.add(console);
        get("/api/lab/access");
        CompletableFuture<HttpResponse<Stream<String>>> labs = events("/api/lab/services/live");
        labs.thenAcceptAsync(response -> {
            if (response.statusCode() != 404) {
                response.body().forEach(line -> {
                    // read and dropped: what a console draws of the labs costs the services nothing
                });
                return;
            }
            response.body().close();
            labPanels.scheduleAtFixedRate(() -> {
                if (!console.isCancelled()) {
                    get("/api/lab/access").thenRun(() -> get("/api/lab/services"));
                }
            }, ThreadLocalRandom.current().nextInt(3000), 3000, TimeUnit.MILLISECONDS);
        }, readers);
        open.add(labs);
    }

    private CompletableFuture<HttpResponse<Stream<String>>> feed(String gameId, String feed) {
        return events("/api/games/" + gameId + feed);
    }

    private CompletableFuture<HttpResponse<Stream<String>>> events(String path) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(scenarioUrl + path)).header("Accept", "text/event-stream").build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofLines());
    }

    private CompletableFuture<HttpResponse<Void>> get(String path) {
        return http.sendAsync(HttpRequest.newBuilder(URI.create(scenarioUrl + path)).build(), HttpResponse.BodyHandlers.discarding());
    }

    @Override
    public void close() {
        labPanels.shutdownNow();
        readers.shutdownNow();
        open.forEach(console -> console.thenAccept(response -> response.body().close()).cancel(true));
    }
}
