package dev.shootingrange.benchmark;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * What watching costs: a workshop room's consoles (each asking what a browser's console asks) on the games being played, against the same play with nobody watching; then the same
 * consoles on games where nothing happens. Each process's CPU, in cores.
 */
final class ViewersCost {

    /** Past the last of the live views' follow-ups after a change (LiveGames), so the games are idle. */
    private static final Duration QUIET = Duration.ofSeconds(65);
    private static final Duration IDLE_MEASURED = Duration.ofSeconds(20);

    private final CostPerShot meter;
    private final LoadRun load;
    private final String scenarioUrl;
    private final HttpClient http = HttpClient.newHttpClient();
    private final ScheduledExecutorService labPanel = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "lab-panels");
        thread.setDaemon(true);
        return thread;
    });

    ViewersCost(CostPerShot meter, LoadRun load, String scenarioUrl) {
        this.meter = meter;
        this.load = load;
        this.scenarioUrl = scenarioUrl;
    }

    String measure(String rangeUrl, int viewers, int rate, Duration duration) throws Exception {
        List<String> gameIds = load.newGames(rangeUrl);
        load.run(rate, Duration.ofSeconds(10), gameIds); // warm the path being measured
        Map<String, Double> alone = cores(() -> load.run(rate, duration, gameIds));
        List<CompletableFuture<HttpResponse<Stream<String>>>> consoles = new ArrayList<>();
        AtomicInteger views = new AtomicInteger();
        try {
            for (int i = 0; i < viewers; i++) {
                consoles.add(watch(gameIds.get(i % gameIds.size()), views));
            }
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (views.get() < viewers && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            int before = views.get();
            Map<String, Double> watched = cores(() -> load.run(rate, duration, gameIds));
            int pushed = views.get() - before;
            Thread.sleep(QUIET.toMillis());
            Map<String, Double> idle = cores(() -> Thread.sleep(IDLE_MEASURED.toMillis()));
            return table(viewers, gameIds.size(), rate, duration, alone, watched, idle, pushed);
        } finally {
            labPanel.shutdownNow();
            consoles.forEach(console -> console.thenAccept(response -> response.body().close()).cancel(true));
        }
    }

    /**
     * What a browser's console does: the game's live feed, its timeline fetched after each view pushed
     * (main.js), and the lab panel refreshed every 3 s (lab.js: the access, then every service's lab).
     */
    private CompletableFuture<HttpResponse<Stream<String>>> watch(String gameId, AtomicInteger views) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(scenarioUrl + "/api/games/" + gameId + "/live"))
                .header("Accept", "text/event-stream").build();
        CompletableFuture<HttpResponse<Stream<String>>> console = http.sendAsync(request, HttpResponse.BodyHandlers.ofLines());
        console.thenAcceptAsync(response -> response.body().filter(line -> line.startsWith("data:")).forEach(line -> {
            views.incrementAndGet();
            get("/api/games/" + gameId + "/timeline");
        }));
        labPanel.scheduleAtFixedRate(() -> {
            if (!console.isCancelled()) {
                get("/api/lab/access").thenRun(() -> get("/api/lab/services"));
            }
        }, ThreadLocalRandom.current().nextInt(3000), 3000, TimeUnit.MILLISECONDS);
        return console;
    }

    private CompletableFuture<HttpResponse<Void>> get(String path) {
        return http.sendAsync(HttpRequest.newBuilder(URI.create(scenarioUrl + path)).build(), HttpResponse.BodyHandlers.discarding());
    }

    @FunctionalInterface
    private interface Work {
        void run() throws Exception;
    }

    /** Each process's CPU while the work ran, in cores (CPU seconds per second). */
    private Map<String, Double> cores(Work work) throws Exception {
        CostPerShot.Snapshot before = meter.snapshot();
        work.run();
        CostPerShot.Snapshot after = meter.snapshot();
        double seconds = (after.takenAtNanos() - before.takenAtNanos()) / 1e9;
        Map<String, Double> cores = new LinkedHashMap<>();
        meter.cpuUsed(before, after).forEach((process, cpu) -> cores.put(process, cpu.toNanos() / 1e9 / seconds));
        return cores;
    }

    private static String table(int viewers, int games, int rate, Duration duration, Map<String, Double> alone,
            Map<String, Double> watched, Map<String, Double> idle, int pushed) {
        StringBuilder table = new StringBuilder("## What watching costs\n\n").append(String.format(
                "%d consoles (each what a browser's console asks for: the live feed of one game, its timeline after each view, the lab panel every 3 s) on %d games while %d shots a second"
                        + " are fired for %d s, against the same play with nobody watching; then the same consoles on the"
                        + " same games with nothing happening (%d s, after %d s of quiet). In cores: CPU seconds per"
                        + " second. The consoles received %d views during the play.%n%n",
                viewers, games, rate, duration.toSeconds(), IDLE_MEASURED.toSeconds(), QUIET.toSeconds(), pushed));
        table.append("| process | play, nobody watching | play, watched | added by watching | idle, watched |\n")
                .append("| --- | ---: | ---: | ---: | ---: |\n");
        double[] totals = new double[4];
        for (String process : alone.keySet()) {
            double[] row = { alone.get(process), watched.get(process), watched.get(process) - alone.get(process), idle.get(process) };
            for (int i = 0; i < row.length; i++) {
                totals[i] += row[i];
            }
            table.append(String.format("| %s | %.3f | %.3f | %+.3f | %.3f |%n", process, row[0], row[1], row[2], row[3]));
        }
        table.append(String.format("| **total** | **%.3f** | **%.3f** | **%+.3f** | **%.3f** |%n%n", totals[0], totals[1], totals[2], totals[3]));
        return table.toString();
    }
}
