package dev.shootingrange.benchmark;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** The report's tables of cost per shot: at a steady rate, for a burst, and two builds' bursts side by side. */
final class CostTables {

    private static final String ABOUT = "%d FireAt published straight onto `commands` (no HTTP) as fast as the broker"
            + " confirmed them, each process's CPU from the first publish until the leader board had counted all %d;"
            + " the first run on freshly started services, then %d runs once warm. Commits and rows written include"
            + " the idle sweeps'.";

    private CostTables() {
    }

    /** Cost per shot at a steady rate: each process's CPU, then the database work, per shot counted. */
    static String steady(String title, int rate, Duration duration, LoadRun.Result steady, Map<String, Duration> cpu, double commits,
            long rows) {
        int shots = steady.counted();
        StringBuilder table = new StringBuilder("## Cost per shot, warm" + title + "\n\n").append(String.format(
                "Each process's CPU time while %d shots a second were fired for %d s (after the warm-up), until the"
                        + " leader board had counted them, divided by the %d shots counted (%d fired); commits and"
                        + " rows written in the three databases, with the idle sweeps' commits taken off. Shots go"
                        + " through the console's HTTP API, so game-scenario's figure includes it.%n%n",
                rate, duration.toSeconds(), shots, steady.sent()));
        table.append("| process | CPU per shot |\n| --- | ---: |\n");
        double total = 0;
        for (Map.Entry<String, Duration> process : cpu.entrySet()) {
            double ms = process.getValue().toNanos() / 1e6 / shots;
            total += ms;
            table.append(String.format("| %s | %.2f ms |%n", process.getKey(), ms));
        }
        table.append(String.format("| **total** | **%.2f ms** (at most ~%d shots/s of CPU on %d cores) |%n%n", total,
                Math.round(Runtime.getRuntime().availableProcessors() * 1000 / total), Runtime.getRuntime().availableProcessors()));
        table.append(String.format("| database work per shot | |%n| --- | ---: |%n| commits | %.1f |%n| rows written | %.1f |%n%n",
                commits / shots, (double) rows / shots));
        return table.toString();
    }

    /** A burst's table: each process's CPU per shot, first run and warm, then the work per shot. */
    static String burst(CostPerShot.Burst burst, String title) {
        StringBuilder table = new StringBuilder("## Cost per shot, a burst onto the commands exchange" + title + "\n\n")
                .append(String.format(ABOUT + "%n%n", burst.shots(), burst.shots(), burst.runs().size() - 1));
        table.append("| process | first run | warm |\n| --- | ---: | ---: |\n");
        for (String name : burst.processes()) {
            double[] ms = burst.perShot(name);
            table.append(String.format("| %s | %.2f ms | %s |%n", name, ms[0], range(ms)));
        }
        double[] totals = burst.perShot(null);
        table.append(String.format("| **total** | **%.2f ms** | **%s** |%n%n", totals[0], range(totals)));
        table.append(String.format("| per shot, warm | |%n| --- | ---: |%n| commits | %s |%n| rows written | %s |%n"
                + "| WAL written (the whole cluster) | %s |%n| shots/s through the lab | %s |%n",
                range(burst.warmWork(0), "%.1f"), range(burst.warmWork(1), "%.1f"), range(burst.warmWork(3), "%.0f B"), range(burst.warmWork(2), "%.0f")));
        burst.residentMiB().forEach((name, mib) -> table.append(String.format("| %s resident after the burst | %d MiB |%n", name, mib)));
        return table.append('\n').toString();
    }

    /**
     * Two builds' bursts side by side, measured in the same sitting: this shared machine moves more
     * between sittings than a change does, so only columns of one sitting compare. The heading must not
     * start "## Before and after": the report keeps what follows such a heading as written by hand.
     */
    static String comparison(CostPerShot.Burst before, String beforeName, CostPerShot.Burst after, String afterName, String title) {
        StringBuilder table = new StringBuilder("## Cost per shot, a burst onto the commands exchange, " + beforeName + " against "
                + afterName + title + "\n\n").append(String.format(ABOUT, after.shots(), after.shots(), after.runs().size() - 1))
                .append(" Each build on services started on a clean slate (the benchmark's databases and queues made anew),"
                        + " the older build first, in the same sitting; warm runs as their lowest–highest. The older build"
                        + " ignores the settings it does not know (the queues' type, say); a \"+\" after a commit means"
                        + " changes not yet committed.\n\n");
        table.append("| warm, per shot | before (").append(beforeName).append(") | after (").append(afterName)
                .append(") |\n| --- | ---: | ---: |\n");
        List<String> processes = new ArrayList<>(before.processes());
        after.processes().stream().filter(name -> !processes.contains(name)).forEach(processes::add);
        for (String name : processes) {
            table.append(String.format("| %s | %s | %s |%n", name, before.warm(name), after.warm(name)));
        }
        table.append(String.format("| **total** | **%s** | **%s** |%n", range(before.perShot(null)), range(after.perShot(null))));
        table.append(String.format("| total, first run | %.2f ms | %.2f ms |%n", before.perShot(null)[0], after.perShot(null)[0]));
        String[] work = { "commits", "rows written", "shots/s through the lab" };
        for (int what = 0; what < work.length; what++) {
            String format = what == 2 ? "%.0f" : "%.1f";
            table.append(String.format("| %s | %s | %s |%n", work[what], range(before.warmWork(what), format),
                    range(after.warmWork(what), format)));
        }
        after.residentMiB().forEach((name, mib) -> table.append(String.format("| %s resident after the burst | %s MiB | %d MiB |%n",
                name, before.residentMiB().getOrDefault(name, -1L), mib)));
        return table.append('\n').toString();
    }

    /** The warm runs' lowest and highest (the first run left out). */
    static String range(double[] values) {
        return range(Arrays.copyOfRange(values, 1, values.length), "%.2f ms");
    }

    static String range(double[] values, String format) {
        double min = Arrays.stream(values).min().orElse(Double.NaN);
        double max = Arrays.stream(values).max().orElse(Double.NaN);
        return String.format(format, min) + (Math.abs(max - min) < 1e-9 ? "" : "–" + String.format(format, max));
    }
}
