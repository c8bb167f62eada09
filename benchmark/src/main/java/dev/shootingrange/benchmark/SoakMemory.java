package dev.shootingrange.benchmark;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.shootingrange.processes.ServiceProcess;

/**
 * Each service's memory once a minute through a soak: its resident set, and its heap's live objects
 * after a full collection. A leak shows in the live heap first: the resident set also holds what the
 * JVM keeps for itself (classes, compiled code, thread stacks), which grows while it warms up.
 */
final class SoakMemory implements AutoCloseable {

    /** One minute's figures, in KiB: service → {resident, live heap}. */
    record Sample(int minute, Map<String, long[]> services) {
    }

    /** A generation's line of GC.heap_info, any collector's: "tenured generation   total 43712K, used 23000K". */
    private static final Pattern USED = Pattern.compile("total \\d+K, used (\\d+)K");
    /** Within this much of the figure after the warm-up, the last minute counts as flat. */
    static final double FLAT = 0.10;

    private final Map<String, ServiceProcess> services;
    private final List<Sample> samples = new ArrayList<>();
    private final ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "soak-memory");
        thread.setDaemon(true);
        return thread;
    });

    private SoakMemory(Map<String, ServiceProcess> services) {
        this.services = services;
    }

    /** Samples at the end of every minute from now on. */
    static SoakMemory everyMinute(Map<String, ServiceProcess> services) {
        SoakMemory memory = new SoakMemory(services);
        memory.clock.scheduleAtFixedRate(memory::sample, 1, 1, TimeUnit.MINUTES);
        return memory;
    }

    private void sample() {
        Map<String, long[]> figures = new LinkedHashMap<>();
        services.forEach((name, service) -> {
            // The resident set first: the collection asked for next gives pages back (MaxHeapFreeRatio).
            long rss = ProcessMemory.residentKiB(service.pid());
            figures.put(name, new long[] { rss, liveHeapKiB(service.pid()) });
        });
        StringBuilder line = new StringBuilder();
        synchronized (samples) {
            samples.add(new Sample(samples.size() + 1, figures));
            line.append("  minute ").append(samples.size()).append(':');
        }
        figures.forEach((name, each) -> line.append(' ').append(name).append(' ').append(mib(each[0])).append('/').append(mib(each[1])));
        Benchmark.say(line.append(" MiB (RSS/live heap)").toString());
    }

    /** The heap in use right after a full collection (jcmd GC.run, then GC.heap_info); -1 if jcmd could not tell. */
    static long liveHeapKiB(long pid) {
        try {
            jcmd(pid, "GC.run");
            Matcher used = USED.matcher(jcmd(pid, "GC.heap_info"));
            long live = 0;
            boolean found = false;
            while (used.find()) {
                live += Long.parseLong(used.group(1));
                found = true;
            }
            return found ? live : -1;
        } catch (Exception e) {
            return -1;
        }
    }

    private static String jcmd(long pid, String command) throws Exception {
        Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), String.valueOf(pid), command)
                .redirectErrorStream(true).start();
        String output = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!jcmd.waitFor(30, TimeUnit.SECONDS) || jcmd.exitValue() != 0) {
            throw new IllegalStateException("jcmd " + pid + " " + command + ": " + output);
        }
        return output;
    }

    List<Sample> samples() {
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }

    /**
     * Minute by minute, each service's resident set and live heap in MiB; then the first minute, the
     * one {@code warmedMinute} (the first after the warm-up) and the last, and whether the last is
     * within {@link #FLAT} of the warmed one.
     */
    String table(int warmedMinute) {
        List<Sample> all = samples();
        StringBuilder table = new StringBuilder("| minute |");
        StringBuilder rule = new StringBuilder("| ---: |");
        services.keySet().forEach(name -> {
            table.append(' ').append(name).append(" RSS | ").append(name).append(" live heap |");
            rule.append(" ---: | ---: |");
        });
        table.append('\n').append(rule).append('\n');
        for (Sample sample : all) {
            table.append("| ").append(sample.minute()).append(" |");
            sample.services().values().forEach(figures -> table.append(' ').append(mib(figures[0])).append(" | ")
                    .append(mib(figures[1])).append(" |"));
            table.append('\n');
        }
        if (all.isEmpty()) {
            return table.append("\nNo minute was sampled.\n\n").toString();
        }
        Sample first = all.get(0);
        Sample warmed = all.get(Math.min(all.size(), Math.max(1, warmedMinute)) - 1);
        Sample last = all.get(all.size() - 1);
        table.append("\n| service | figure | minute ").append(first.minute()).append(" | minute ").append(warmed.minute())
                .append(" (warmed) | minute ").append(last.minute()).append(" | last against warmed |\n| --- | --- | ---: | ---: | ---: | --- |\n");
        for (String name : services.keySet()) {
            for (int figure = 0; figure < 2; figure++) {
                long from = warmed.services().get(name)[figure];
                long to = last.services().get(name)[figure];
                table.append("| ").append(name).append(" | ").append(figure == 0 ? "RSS" : "live heap").append(" | ")
                        .append(mib(first.services().get(name)[figure])).append(" | ").append(mib(from)).append(" | ")
                        .append(mib(to)).append(" | ").append(verdict(from, to)).append(" |\n");
            }
        }
        return table.append('\n').toString();
    }

    private static String verdict(long from, long to) {
        if (from <= 0 || to <= 0) {
            return "not measured";
        }
        double change = (double) (to - from) / from;
        String percent = String.format("%+.1f %%", change * 100);
        return change <= FLAT ? "flat (" + percent + ")" : "**grew " + percent + "**";
    }

    private static String mib(long kib) {
        return kib < 0 ? "–" : String.format("%.1f", kib / 1024.0);
    }

    @Override
    public void close() {
        clock.shutdownNow();
    }
}
