package dev.shootingrange.benchmark;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The command line, read once, each option with its default ({@link Benchmark} lists them); the
 * options as given, too, since the report names the command it was made with.
 */
record BenchmarkOptions(Map<String, String> given, List<Integer> ladder, Duration step, int soakMinutes, int games, int costRate,
        Duration costDuration, Path output, String only, int viewers, int burstShots, int burstRuns,
        int batchSize, int groupMinutes, List<BuildServices.Setting> settings) {

    static BenchmarkOptions parse(String[] args) {
        Map<String, String> options = options(args);
        List<Integer> ladder = LoadRun.ladder(options.getOrDefault("rates", "25,50,75,100,150,200,300,400,600,800,1000,1200"));
        Duration step = Duration.ofSeconds(Long.parseLong(options.getOrDefault("step-seconds", "15")));
        int soakMinutes = Integer.parseInt(options.getOrDefault("soak-minutes", "0"));
        int games = Integer.parseInt(options.getOrDefault("games", "10"));
        int costRate = Integer.parseInt(options.getOrDefault("cost-rate", "100"));
        Duration costDuration = Duration.ofSeconds(Long.parseLong(options.getOrDefault("cost-seconds", "30")));
        Path output = Path.of(options.getOrDefault("output", "docs/benchmarks.md"));

        String only = options.get("only");
        if (only != null && !List.of("cost", "burst", "viewers", "room", "room-soak", "ratio", "floor", "history-writes").contains(only)) {
            throw new IllegalArgumentException("--only is cost, burst, viewers, room, room-soak, ratio, floor or history-writes, not " + only);
        }
        int viewers = Integer.parseInt(options.getOrDefault("viewers", "30"));
        int burstShots = Integer.parseInt(options.getOrDefault("burst-shots", "3000"));
        int burstRuns = Integer.parseInt(options.getOrDefault("burst-runs", "3"));
        int batchSize = Integer.parseInt(options.getOrDefault("batch-size", "16"));
        int groupMinutes = Integer.parseInt(options.getOrDefault("group-minutes", "5"));
        List<String> tracings = List.of(options.getOrDefault("tracing", "off").split(","));
        List<String> queueTypes = List.of(options.getOrDefault("queue-type", "quorum").split(","));
        List<BuildServices.Setting> settings = new ArrayList<>();
        for (String queueType : queueTypes) {
            for (String tracing : tracings) {
                settings.add(new BuildServices.Setting(queueType, tracing));
            }
        }
        return new BenchmarkOptions(options, ladder, step, soakMinutes, games, costRate, costDuration, output, only, viewers,
                burstShots, burstRuns, batchSize, groupMinutes, settings);
    }

    /** Whether --only names this section. */
    boolean only(String section) {
        return section.equals(only);
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (String arg : args) {
            if (!arg.startsWith("--") || !arg.contains("=")) {
                throw new IllegalArgumentException("options look like --rates=100,200 --step-seconds=15 --soak-minutes=10; got " + arg);
            }
            options.put(arg.substring(2, arg.indexOf('=')), arg.substring(arg.indexOf('=') + 1));
        }
        return options;
    }
}
