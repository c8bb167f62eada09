package dev.shootingrange.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What exactly-once costs on this machine: the three packaged services under an open-loop load, with
 * every protection on and with the inbox and outbox off, beside the ceilings of RabbitMQ and PostgreSQL
 * measured in the same run. Prints a table and writes docs/benchmarks.md.
 *
 * The whole run, in this order: the efficiency (a burst against the raw parts' floor, and the
 * exactly-once tax), cost per shot at a steady rate, the ceilings of the parts, the climbs
 * with the protections on and off, the latencies, the soak if asked, the burst (with the baseline's
 * beside it if asked), what watching costs, the workshop room, and the whole lab's memory at the end.
 *
 * Options: --rates=100,200,... (the ladder), --step-seconds=N, --soak-minutes=N (0 skips the soak),
 * --games=N (the games the shots go round, 10 unless told), --cost-rate=N and --cost-seconds=N (the
 * steady load of "cost per shot"), --tracing=off|on|off,on (cost per shot, the burst, watching and the
 * room once per setting, the services restarted between, the climbs on the last; "on" exports every
 * span over OTLP to a sink here), --only=cost (cost per shot alone: printed, and written to
 * --output=FILE only if given), --only=burst (the same for a burst of --burst-shots=N FireAt straight
 * onto the commands exchange: a first run on fresh services, then --burst-runs=N warm, 3 unless told),
 * --only=ratio (the efficiency alone: the same burst with every guarantee and the history on, with the
 * history off, with the inbox and outbox off too, and with batching on (--batch-size=N deliveries a
 * transaction, 16 unless told; 1 leaves it out), history on and off, against the raw parts' floor for
 * the same work measured before and after it, then the floor once more with its relay deleting the
 * outbox's rows as it claims them, then the physical floor, {@link RatioRun}), --only=floor (the two
 * floors alone, no services: the raw clients' and the physical one, pgbench and the plain AMQP client,
 * {@link PhysicalFloor}),
 * --only=viewers (--viewers=N consoles on the games at 10 shots/s against nobody watching, then idle),
 * --only=room (--viewers=N players, each firing a shot a second with a console open, the storm midway),
 * --only=room-soak (that room for --soak-minutes=N, 20 unless told, in groups of --group-minutes=N, 5 unless
 * told, each on --games=N new games, with the storm, another experiment and a fault in each, the room reset
 * between groups, each service's memory sampled every minute, {@link RoomSoak}),
 * --baseline=COMMIT (with the whole run or --only=burst: the burst on COMMIT's build first, packaged in
 * a git worktree under target/baseline-&lt;sha&gt;, then on this one, each on a clean slate, side by side
 * in the report: "before" and "after" of one sitting; with --only=viewers or --only=room, that section on
 * each build in turn, the older first),
 * --jfr=true (each service records a Flight Recorder profile to target/&lt;service&gt;.jfr, an older build's to
 * target/&lt;service&gt;-&lt;commit&gt;.jfr, and each time the services stop the benchmark prints where their
 * samples fell, {@link ProfileShares}),
 * --queue-type=quorum|classic|classic,quorum (the services' queues; each setting measured in turn, the
 * services restarted between, which rebuild the benchmark's queues as that type).
 */
public final class Benchmark {

    static final String JDBC = "jdbc:postgresql://localhost:5432/";
    /** Its own databases and virtual host: a lab or a test run beside it shares nothing with it. */
    static final Map<String, String> DATABASES = Map.of("game-scenario", "benchmark_game_scenario", "shooting-range",
            "benchmark_shooting_range", "leader-board", "benchmark_leader_board");
    static final String VIRTUAL_HOST = "benchmark";

    public static void main(String[] args) throws Exception {
        BenchmarkOptions options = BenchmarkOptions.parse(args);
        List<BuildServices.Setting> settings = options.settings();
        int games = options.games();
        int viewers = options.viewers();
        int burstShots = options.burstShots();
        int burstRuns = options.burstRuns();
        String only = options.only();

        Build current = Build.current();
        Build baseline = null;
        if (options.given().containsKey("baseline")) {
            if (options.only("cost") || options.only("ratio")) {
                throw new IllegalArgumentException("--baseline goes with the whole run, --only=burst, --only=viewers, --only=room or --only=room-soak, not --only=" + only);
            }
            // Built before anything is measured: a commit that does not build ends the run at once.
            baseline = Build.baseline(options.given().get("baseline"));
            current = current.named();
        }

        BenchmarkVirtualHost.ensure();
        StringBuilder report = new StringBuilder();
        try (TraceSink traces = TraceSink.start();
                BuildServices lab = new BuildServices(traces.endpoint(), "true".equals(options.given().get("jfr")), games)) {
            if (only != null) {
                String measured = switch (only) {
                    case "cost" -> Sections.cost(lab, current, settings, options.costRate(), options.costDuration());
                    case "ratio" -> Sections.ratio(lab, current, settings, burstShots, burstRuns, options.batchSize());
                    case "floor" -> RatioRun.floors(burstShots, burstRuns);
                    case "history-writes" -> HistoryWrites.measure(burstShots * 4);
                    case "burst" -> Sections.burst(lab, current, baseline, settings, burstShots, burstRuns);
                    case "viewers" -> Sections.eachBuild(baseline, current,
                            (each, start) -> Sections.viewers(lab, each, settings, viewers, games, start));
                    case "room-soak" -> Sections.eachBuild(baseline, current, (each, start) -> Sections.roomSoak(lab, each, settings,
                            viewers, games, options.soakMinutes() > 0 ? options.soakMinutes() : 20, options.groupMinutes(), start));
                    default -> Sections.eachBuild(baseline, current, (each, start) -> Sections.room(lab, each, settings, viewers, games, start));
                };
                System.out.println(measured);
                if (options.given().containsKey("output")) {
                    Files.writeString(options.output(), measured);
                }
                return;
            }
            String ratio = Sections.ratio(lab, current, settings, burstShots, burstRuns, options.batchSize());
            String cost = Sections.cost(lab, current, settings, options.costRate(), options.costDuration());
            report.append(Climbs.measure(lab, options, ratio));
            report.append(cost);
            // The burst restarts the services (its first run is on services that just started); watching
            // and the room measure warm services and take them as the burst left them.
            report.append(Sections.burst(lab, current, baseline, settings, burstShots, burstRuns));
            report.append(Sections.viewers(lab, current, settings, viewers, games, BuildServices.Start.AS_THEY_ARE));
            report.append(Sections.room(lab, current, settings, viewers, games, BuildServices.Start.AS_THEY_ARE));
            report.append(AfterTheRun.afterTheRun(lab.services()));
        }
        Path output = options.output();
        Files.createDirectories(output.getParent());
        report.append(comparisonsIn(output));
        Files.writeString(output, report);
        System.out.println(report);
    }

    /**
     * The before-and-after comparisons in the report so far: written by hand from runs of two commits,
     * they stay when the measured part above them is written again.
     */
    private static String comparisonsIn(Path report) throws IOException {
        if (!Files.exists(report)) {
            return "";
        }
        String text = Files.readString(report);
        int first = text.indexOf("\n## Before and after");
        return first < 0 ? "" : text.substring(first + 1);
    }

    static void say(String line) {
        System.out.println(line);
    }
}
