package dev.shootingrange.benchmark;

import java.time.Duration;
import java.util.Map;
import java.util.function.LongPredicate;

/**
 * The workshop room's table: latencies from a shot's request to the first console showing its
 * outcome, outside the storm and during it, and the shots never shown.
 */
final class RoomTable {

    /** After the storm's own run, how long its faults may still be felt (its delayed copies). */
    private static final Duration STORM_AFTERMATH = Duration.ofSeconds(5);

    private RoomTable() {
    }

    static String table(int players, int games, Duration duration, long start, long[] storm, Map<String, Long> firedAt,
            Map<String, Long> shownAt, int refused) {
        long stormEnd = storm[1] + STORM_AFTERMATH.toMillis();
        double[] calm = latencies(firedAt, shownAt, fired -> fired < storm[0] || fired > stormEnd);
        double[] stormy = latencies(firedAt, shownAt, fired -> fired >= storm[0] && fired <= stormEnd);
        long lost = firedAt.keySet().stream().filter(shot -> !shownAt.containsKey(shot)).count();
        StringBuilder table = new StringBuilder("## A workshop room\n\n").append(String.format(
                "%d players, each firing a shot a second at one of %d games through the console's API, each with a console"
                        + " open on it (the live feed with its timeline, the lab panel), for %d s, after %d s of the same unmeasured"
                        + " (until all its shots were shown) to warm the services; the storm"
                        + " experiment (protections on) started at %d s and ran %.0f s. Latency: from a shot's request to the"
                        + " first console showing its outcome; \"during the storm\" counts shots fired from its start until"
                        + " %d s after its end.%n%n",
                players, games, duration.toSeconds(), RoomRun.WARMED.toSeconds(), (storm[0] - start) / 1000, (storm[1] - storm[0]) / 1000.0,
                STORM_AFTERMATH.toSeconds()));
        table.append("| shots | fired | p50 | p95 | p99 | max |\n| --- | ---: | ---: | ---: | ---: | ---: |\n");
        table.append(row("outside the storm", calm)).append(row("during the storm", stormy));
        table.append(String.format("%nShots accepted: %d; refused: %d; **never shown with an outcome: %d**.%n%n", firedAt.size(), refused, lost));
        return table.toString();
    }

    private static String row(String name, double[] sorted) {
        return String.format("| %s | %d | %.0f ms | %.0f ms | %.0f ms | %.0f ms |%n", name, sorted.length,
                LoadRun.percentile(sorted, 50), LoadRun.percentile(sorted, 95), LoadRun.percentile(sorted, 99),
                sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1]);
    }

    static double[] latencies(Map<String, Long> firedAt, Map<String, Long> shownAt, LongPredicate when) {
        return firedAt.entrySet().stream()
                .filter(shot -> when.test(shot.getValue()) && shownAt.containsKey(shot.getKey()))
                .mapToDouble(shot -> shownAt.get(shot.getKey()) - shot.getValue())
                .sorted().toArray();
    }
}
