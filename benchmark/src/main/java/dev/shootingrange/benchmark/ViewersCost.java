package dev.shootingrange.benchmark;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What watching costs: a workshop room's consoles (each asking what a browser's console asks) on the games being played, against the same play with nobody watching; then the same
 * consoles on games where nothing happens, against the same quiet with nobody watching. Each process's CPU, in cores.
 */
final class ViewersCost {

    /** Past the last of the live views' follow-ups after a change (LiveGames), so the games are idle. */
    private static final Duration QUIET = Duration.ofSeconds(65);
    private static final Duration IDLE_MEASURED = Duration.ofSeconds(20);
    private static final Duration WATCHING_WARMED = Duration.ofSeconds(20);
    private static final Duration PLAY_WARMED = Duration.ofSeconds(20);

    private final CostPerShot meter;
    private final LoadRun load;
    private final String scenarioUrl;

    ViewersCost(CostPerShot meter, LoadRun load, String scenarioUrl) {
        this.meter = meter;
        this.load = load;
        this.scenarioUrl = scenarioUrl;
    }

    String measure(String rangeUrl, int viewers, int rate, Duration duration) throws Exception {
        List<String> gameIds = load.newGames(rangeUrl);
        load.run(rate, PLAY_WARMED, gameIds); // warm the path being measured
        Map<String, Double> aloneBefore = cores(() -> load.run(rate, duration, gameIds));
        AtomicInteger views = new AtomicInteger();
        Map<String, Double> watched;
        Map<String, Double> idle;
        int pushed;
        try (Consoles consoles = new Consoles(scenarioUrl)) {
            for (int i = 0; i < viewers; i++) {
                consoles.open(gameIds.get(i % gameIds.size()), view -> views.incrementAndGet());
            }
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (views.get() < viewers && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            // The watching path warmed as the shots' path was: the compiler's first minute is not what watching costs.
            load.run(rate, WATCHING_WARMED, gameIds);
            int before = views.get();
            watched = cores(() -> load.run(rate, duration, gameIds));
            pushed = views.get() - before;
            Thread.sleep(QUIET.toMillis());
            idle = cores(() -> Thread.sleep(IDLE_MEASURED.toMillis()));
        }
        // The same play with nobody watching again: a drift of the machine or of a warm-up during the sitting
        // shows on both sides of the watched play, and the cost of watching is measured against their mean.
        Map<String, Double> aloneAfter = cores(() -> load.run(rate, duration, gameIds));
        // What the services spend when nothing happens and nobody watches (their sweeps): what idle watching adds to.
        Thread.sleep(QUIET.toMillis());
        Map<String, Double> idleAlone = cores(() -> Thread.sleep(IDLE_MEASURED.toMillis()));
        return table(viewers, gameIds.size(), rate, duration, aloneBefore, aloneAfter, watched, idleAlone, idle, pushed);
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

    private static String table(int viewers, int games, int rate, Duration duration, Map<String, Double> aloneBefore,
            Map<String, Double> aloneAfter, Map<String, Double> watched, Map<String, Double> idleAlone, Map<String, Double> idle,
            int pushed) {
        StringBuilder table = new StringBuilder("## What watching costs\n\n").append(String.format(
                "%d consoles (each what a browser's console asks for, over HTTP/1.1: the live feed of one game's changes, timeline included, or on an older build whole views and the timeline after each; the lab panel's pushed labs, or on an older build the labs every 3 s) on %d games while %d shots a second"
                        + " are fired for %d s (after %d s of the same, unmeasured, to warm the watching path), against the same play with nobody watching, %d s before the"
                        + " consoles opened and %d s after they closed (watching adds what the watched play takes above the mean of those two); then the same consoles on the"
                        + " same games with nothing happening (%d s, after %d s of quiet), against the same quiet with nobody watching, after the last play. In cores: CPU seconds per"
                        + " second. The consoles received %d events during the play.%n%n",
                viewers, games, rate, duration.toSeconds(), WATCHING_WARMED.toSeconds(), duration.toSeconds(), duration.toSeconds(),
                IDLE_MEASURED.toSeconds(), QUIET.toSeconds(), pushed));
        table.append("| process | play, nobody watching (before / after) | play, watched | added by watching | idle, nobody watching | idle, watched | added |\n")
                .append("| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        double[] totals = new double[7];
        for (String process : aloneBefore.keySet()) {
            double alone = (aloneBefore.get(process) + aloneAfter.get(process)) / 2;
            double[] row = { aloneBefore.get(process), aloneAfter.get(process), watched.get(process), watched.get(process) - alone,
                    idleAlone.get(process), idle.get(process), idle.get(process) - idleAlone.get(process) };
            for (int i = 0; i < row.length; i++) {
                totals[i] += row[i];
            }
            table.append(String.format("| %s | %.3f / %.3f | %.3f | %+.3f | %.3f | %.3f | %+.3f |%n", process, row[0], row[1], row[2], row[3],
                    row[4], row[5], row[6]));
        }
        table.append(String.format("| **total** | **%.3f / %.3f** | **%.3f** | **%+.3f** | **%.3f** | **%.3f** | **%+.3f** |%n%n", totals[0], totals[1],
                totals[2], totals[3], totals[4], totals[5], totals[6]));
        return table.toString();
    }
}
