package dev.shootingrange.benchmark;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.shootingrange.processes.ServiceProcess;

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
 * history off, with the inbox and outbox off too, against the raw parts' floor for the same work
 * measured before and after it, {@link RatioRun}),
 * --only=viewers (--viewers=N consoles on the games at 10 shots/s against nobody watching, then idle),
 * --only=room (--viewers=N players, each firing a shot a second with a console open, the storm midway),
 * --baseline=COMMIT (with the whole run or --only=burst: the burst on COMMIT's build first, packaged in
 * a git worktree under target/baseline-&lt;sha&gt;, then on this one, each on a clean slate, side by side
 * in the report: "before" and "after" of one sitting; with --only=viewers or --only=room, that section on
 * each build in turn, the older first),
 * --jfr=true (each service records a Flight Recorder profile to target/&lt;service&gt;.jfr, an older build's to
 * target/&lt;service&gt;-&lt;commit&gt;.jfr),
 * --queue-type=quorum|classic|classic,quorum (the services' queues; each setting measured in turn, the
 * services restarted between, which rebuild the benchmark's queues as that type).
 */
public final class Benchmark {

    static final String JDBC = "jdbc:postgresql://localhost:5432/";
    /** Its own databases and virtual host: a lab or a test run beside it shares nothing with it. */
    static final Map<String, String> DATABASES = Map.of("game-scenario", "benchmark_game_scenario", "shooting-range",
            "benchmark_shooting_range", "leader-board", "benchmark_leader_board");
    static final String VIRTUAL_HOST = "benchmark";
    /** What each service's resident memory should stay under after the run. */
    private static final long SERVICE_MEMORY_GOAL_MIB = 250;

    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        List<Integer> ladder = LoadRun.ladder(options.getOrDefault("rates", "25,50,75,100,150,200,300,400,600,800,1000,1200"));
        Duration step = Duration.ofSeconds(Long.parseLong(options.getOrDefault("step-seconds", "15")));
        int soakMinutes = Integer.parseInt(options.getOrDefault("soak-minutes", "0"));
        int games = Integer.parseInt(options.getOrDefault("games", "10"));
        int costRate = Integer.parseInt(options.getOrDefault("cost-rate", "100"));
        Duration costDuration = Duration.ofSeconds(Long.parseLong(options.getOrDefault("cost-seconds", "30")));
        Path output = Path.of(options.getOrDefault("output", "docs/benchmarks.md"));

        String only = options.get("only");
        if (only != null && !List.of("cost", "burst", "viewers", "room", "ratio").contains(only)) {
            throw new IllegalArgumentException("--only is cost, burst, viewers, room or ratio, not " + only);
        }
        boolean costOnly = "cost".equals(only);
        boolean burstOnly = "burst".equals(only);
        boolean viewersOnly = "viewers".equals(only);
        boolean roomOnly = "room".equals(only);
        boolean ratioOnly = "ratio".equals(only);
        int viewers = Integer.parseInt(options.getOrDefault("viewers", "30"));
        int burstShots = Integer.parseInt(options.getOrDefault("burst-shots", "3000"));
        int burstRuns = Integer.parseInt(options.getOrDefault("burst-runs", "3"));
        List<String> tracings = List.of(options.getOrDefault("tracing", "off").split(","));
        List<String> queueTypes = List.of(options.getOrDefault("queue-type", "quorum").split(","));
        List<BuildServices.Setting> settings = new ArrayList<>();
        for (String queueType : queueTypes) {
            for (String tracing : tracings) {
                settings.add(new BuildServices.Setting(queueType, tracing));
            }
        }

        Build current = Build.current();
        Build baseline = null;
        if (options.containsKey("baseline")) {
            if (costOnly || ratioOnly) {
                throw new IllegalArgumentException("--baseline goes with the whole run, --only=burst, --only=viewers or --only=room, not --only=" + only);
            }
            // Built before anything is measured: a commit that does not build ends the run at once.
            baseline = Build.baseline(options.get("baseline"));
            current = current.named();
        }

        BenchmarkVirtualHost.ensure();
        StringBuilder report = new StringBuilder();
        try (TraceSink traces = TraceSink.start(); BuildServices lab = new BuildServices(traces.endpoint(), "true".equals(options.get("jfr")), games)) {
            if (costOnly || burstOnly || viewersOnly || roomOnly || ratioOnly) {
                String measured = costOnly ? cost(lab, current, settings, costRate, costDuration)
                        : ratioOnly ? ratio(lab, current, settings, burstShots, burstRuns)
                        : burstOnly ? burst(lab, current, baseline, settings, burstShots, burstRuns)
                        : viewersOnly ? eachBuild(baseline, current,
                                (build, start) -> viewers(lab, build, settings, viewers, games, start))
                        : eachBuild(baseline, current, (build, start) -> room(lab, build, settings, viewers, games, start));
                System.out.println(measured);
                if (options.containsKey("output")) {
                    Files.writeString(output, measured);
                }
                return;
            }
            String ratio = ratio(lab, current, settings, burstShots, burstRuns);
            String cost = cost(lab, current, settings, costRate, costDuration);
            LoadRun load = lab.load();
            Map<String, ServiceProcess> services = lab.services();
            String scenario = lab.url("game-scenario");

            say("ceilings of the parts");
            double pgInserts = pgbenchInserts();
            double rabbitRate = perfTest();

            say("protections on");
            Map<String, Duration> cpuBefore = cpu(services);
            List<LoadRun.Result> on = climb(load, ladder, step);
            Map<String, Duration> cpuOn = cpuSince(cpuBefore, services);
            setProtections(scenario, false);
            say("inbox and outbox off");
            List<LoadRun.Result> off = climb(load, ladder, step);
            setProtections(scenario, true);
            int maxOn = maxSustained(on);
            int maxOff = maxSustained(off);

            List<LoadRun.Result> loads = new ArrayList<>();
            for (int percent : List.of(25, 50, 80)) {
                int rate = Math.max(1, maxOn * percent / 100);
                say("latency at " + percent + " % of the maximum: " + rate + " shots/s");
                loads.add(load.run(rate, step));
            }
            List<LoadRun.Result> soak = new ArrayList<>();
            for (int minute = 1; minute <= soakMinutes; minute++) {
                say("soak, minute " + minute + " of " + soakMinutes);
                soak.add(load.run(Math.max(1, maxOn / 2), Duration.ofMinutes(1)));
            }

            report.append(markdown(options, ratio, on, off, maxOn, maxOff, loads, soak, pgInserts, rabbitRate));
            report.append(cpuTable(cpuOn, on.stream().mapToLong(LoadRun.Result::sent).sum()));
            report.append(cost);
            // The burst restarts the services (its first run is on services that just started); watching
            // and the room measure warm services and take them as the burst left them.
            report.append(burst(lab, current, baseline, settings, burstShots, burstRuns));
            report.append(viewers(lab, current, settings, viewers, games, BuildServices.Start.AS_THEY_ARE));
            report.append(room(lab, current, settings, viewers, games, BuildServices.Start.AS_THEY_ARE));
            report.append(afterTheRun(lab.services()));
        }
        Files.createDirectories(output.getParent());
        report.append(comparisonsIn(output));
        Files.writeString(output, report);
        System.out.println(report);
    }

    /** The efficiency and the exactly-once tax, once per setting; the services stopped while the floor is measured. */
    private static String ratio(BuildServices lab, Build build, List<BuildServices.Setting> settings, int shots, int warmRuns) throws Exception {
        StringBuilder ratio = new StringBuilder();
        for (BuildServices.Setting setting : settings) {
            ratio.append(RatioRun.measure(lab, build, setting, shots, warmRuns));
        }
        return ratio.toString();
    }

    /** Cost per shot at a steady rate, once per setting on services started for it. */
    private static String cost(BuildServices lab, Build build, List<BuildServices.Setting> settings, int rate, Duration duration) throws Exception {
        StringBuilder cost = new StringBuilder();
        for (BuildServices.Setting setting : settings) {
            LoadRun load = lab.use(build, setting, BuildServices.Start.RESTARTED).load();
            // The JIT compiles the hot paths under load; a quiet warm-up leaves the first steps to it.
            say("warming up (not measured), tracing " + setting.tracing() + ", " + setting.queueType() + " queues");
            load.run(20, Duration.ofSeconds(15));
            load.run(100, Duration.ofSeconds(20));

            say("cost per shot: " + rate + " shots/s for " + duration.toSeconds() + " s, warm, tracing " + setting.tracing());
            cost.append(lab.meter().measure(load, rate, duration, ", " + setting.queueType() + " queues"
                    + (setting.traced() ? ", tracing on (spans exported over OTLP)" : "")));
        }
        return cost.toString();
    }

    /**
     * The burst once per setting, on services started again for it (its first run is the cold one). With
     * a baseline, the older build's first, then this one's, each on a clean slate, in one table.
     */
    private static String burst(BuildServices lab, Build current, Build baseline, List<BuildServices.Setting> settings, int shots, int warmRuns)
            throws Exception {
        StringBuilder burst = new StringBuilder();
        for (BuildServices.Setting setting : settings) {
            String title = ", " + setting.queueType() + " queues" + (setting.traced() ? ", tracing on" : "");
            if (baseline == null) {
                sayBurst(current, setting, shots, warmRuns);
                lab.use(current, setting, BuildServices.Start.RESTARTED);
                burst.append(lab.meter().measureBurst(lab.load(), lab.url("shooting-range"), shots, warmRuns, title));
                continue;
            }
            CostPerShot.Burst before = burstOn(lab, baseline, setting, shots, warmRuns);
            CostPerShot.Burst after = burstOn(lab, current, setting, shots, warmRuns);
            burst.append(CostPerShot.Burst.comparison(before, baseline.name(), after, current.name(), title));
        }
        return burst.toString();
    }

    private static CostPerShot.Burst burstOn(BuildServices lab, Build build, BuildServices.Setting setting, int shots, int warmRuns) throws Exception {
        sayBurst(build, setting, shots, warmRuns);
        lab.use(build, setting, BuildServices.Start.CLEAN_SLATE);
        return lab.meter().burst(lab.load(), lab.url("shooting-range"), shots, warmRuns);
    }

    private static void sayBurst(Build build, BuildServices.Setting setting, int shots, int warmRuns) {
        say("cost per shot, a burst of " + shots + " onto commands: a first run, then " + warmRuns + " warm, tracing "
                + setting.tracing() + ", " + setting.queueType() + " queues, " + build.name());
    }

    private static String viewers(BuildServices lab, Build build, List<BuildServices.Setting> settings, int viewers, int games, BuildServices.Start start)
            throws Exception {
        return eachSetting(lab, build, settings, start, () -> {
            say("what watching costs: " + viewers + " consoles on " + games + " games at 10 shots/s, then idle");
            return new ViewersCost(lab.meter(), lab.load(), lab.url("game-scenario"))
                    .measure(lab.url("shooting-range"), viewers, 10, Duration.ofSeconds(30));
        });
    }

    private static String room(BuildServices lab, Build build, List<BuildServices.Setting> settings, int players, int games, BuildServices.Start start)
            throws Exception {
        return eachSetting(lab, build, settings, start, () -> {
            say("a workshop room: " + players + " players and consoles on " + games + " games, a storm in the middle");
            return new RoomRun(lab.load(), lab.url("game-scenario")).measure(lab.url("shooting-range"), players, Duration.ofSeconds(60));
        });
    }

    @FunctionalInterface
    private interface Section {
        String measure(Build build, BuildServices.Start start) throws Exception;
    }

    /**
     * A section on this build restarted, or with a baseline on each build in turn on a clean slate, the
     * older first, under "Before" and "After".
     */
    private static String eachBuild(Build baseline, Build current, Section section) throws Exception {
        if (baseline == null) {
            return section.measure(current, BuildServices.Start.RESTARTED);
        }
        return "Before (" + baseline.name() + "):\n\n" + section.measure(baseline, BuildServices.Start.CLEAN_SLATE)
                + "After (" + current.name() + "):\n\n" + section.measure(current, BuildServices.Start.CLEAN_SLATE);
    }

    /** A section measured once per setting, on the services as {@code start} wants them; its tables one after the other. */
    private static String eachSetting(BuildServices lab, Build build, List<BuildServices.Setting> settings, BuildServices.Start start,
            java.util.concurrent.Callable<String> section) throws Exception {
        StringBuilder tables = new StringBuilder();
        for (BuildServices.Setting setting : settings) {
            lab.use(build, setting, start);
            tables.append(section.call());
        }
        return tables.toString();
    }

    private static List<LoadRun.Result> climb(LoadRun load, List<Integer> ladder, Duration step) throws Exception {
        List<LoadRun.Result> results = new ArrayList<>();
        for (int rate : ladder) {
            LoadRun.Result result = load.run(rate, step);
            results.add(result);
            say(String.format("  %5d shots/s: counted %d of %d, p99 %.0f ms, drained in %.1f s -> %s", rate, result.counted(),
                    result.sent(), result.p99(), result.drainSeconds(), result.sustained() ? "sustained" : "NOT sustained"));
            if (!result.sustained()) {
                break;
            }
        }
        return results;
    }

    private static int maxSustained(List<LoadRun.Result> results) {
        return results.stream().filter(LoadRun.Result::sustained).mapToInt(LoadRun.Result::rate).max().orElse(0);
    }

    static void setProtections(String scenario, boolean on) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(scenario + "/api/lab/services/all/protections"))
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString("{\"inbox\":" + on + ",\"outbox\":" + on + "}")).build();
        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("cannot switch protections: " + response.body());
        }
    }

    /** PostgreSQL single-row insert commits per second, 16 clients, 10 s (pgbench). */
    private static double pgbenchInserts() throws Exception {
        run("psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", "create table if not exists bench_insert (id bigint, payload text)");
        Path script = Files.createTempFile("insert", ".sql");
        Files.writeString(script, "\\set id random(1, 1000000000)\ninsert into bench_insert (id, payload) values (:id, 'shot');\n");
        String out = run("pgbench", "-h", "127.0.0.1", "-U", "postgres", "-n", "-c", "16", "-j", "2", "-T", "10", "-f",
                script.toString(), "postgres");
        run("psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", "drop table bench_insert");
        return number(out, "tps = ([0-9.]+)");
    }

    /** RabbitMQ persistent publish with confirms to acknowledged consume, msgs/s, 10 s (PerfTest). */
    private static double perfTest() throws Exception {
        // PerfTest configures logback itself: keep the services' JBoss logging bridge off its class path.
        String classPath = java.util.Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .filter(jar -> !jar.contains("slf4j-jboss-logmanager"))
                .collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
        String out = run(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classPath,
                "com.rabbitmq.perf.PerfTest", "--uri", "amqp://guest:guest@localhost:5672/" + VIRTUAL_HOST,
                "-x", "1", "-y", "1", "-f", "persistent", "-c", "200", "-s", "200", "-z", "10", "-u", "benchmark-perf-test",
                "--auto-delete", "true");
        return number(out, "receiving rate avg: ([0-9.]+)");
    }

    private static String markdown(Map<String, String> options, String ratio, List<LoadRun.Result> on, List<LoadRun.Result> off, int maxOn,
            int maxOff, List<LoadRun.Result> loads, List<LoadRun.Result> soak, double pgInserts, double rabbitRate) throws Exception {
        StringBuilder md = new StringBuilder();
        md.append("# Benchmark: what exactly-once costs\n\n")
                .append("Measured ").append(LocalDate.now()).append(" on ").append(Runtime.getRuntime().availableProcessors())
                .append(" cores and ").append(memoryGiB()).append(" GiB, everything on one machine (services, RabbitMQ, ")
                .append("PostgreSQL and the load generator). Command: `scripts/benchmark.sh")
                .append(options.isEmpty() ? "" : " " + String.join(" ", options.entrySet().stream().map(e -> "--" + e.getKey() + "=" + e.getValue()).toList()))
                .append("`.\n\n")
                .append("A shot is fired over HTTP at a fixed rate (open loop), round ").append(options.getOrDefault("games", "10"))
                .append(" games of ten players, and counts as done when the leader board has ")
                .append("counted it; latency runs from the shot's intended start to that count. A rate is *sustained* when every ")
                .append("shot was counted and the backlog drained within 2 s of the load stopping.\n\n")
                .append(ratio);
        md.append("## Highest sustained rate\n\n| protections | shots/s | ratio |\n| --- | ---: | ---: |\n")
                .append("| all on (exactly once) | ").append(maxOn).append(" | ")
                .append(maxOff == 0 ? "–" : String.format("%.0f %%", 100.0 * maxOn / maxOff)).append(" |\n")
                .append("| inbox and outbox off | ").append(maxOff).append(" | 100 % |\n\n");
        md.append("## Ceilings of the parts, same run\n\n| part | per second |\n| --- | ---: |\n")
                .append(String.format("| RabbitMQ: persistent publish with confirms → acknowledged consume (PerfTest) | %.0f msgs |%n", rabbitRate))
                .append(String.format("| PostgreSQL: single-row insert commits, 16 clients (pgbench) | %.0f commits |%n%n", pgInserts));
        md.append("## End-to-end latency (protections on)\n\n").append(latencyTable(loads)).append('\n');
        md.append("## The climbs\n\nProtections on:\n\n").append(latencyTable(on)).append("\nInbox and outbox off:\n\n")
                .append(latencyTable(off)).append('\n');
        if (!soak.isEmpty()) {
            md.append("## Soak at 50 % of the maximum, per minute\n\n").append(latencyTable(soak)).append('\n');
        }
        return md.toString();
    }

    private static String latencyTable(List<LoadRun.Result> results) {
        StringBuilder table = new StringBuilder("| offered shots/s | counted / sent | p50 ms | p95 ms | p99 ms | max ms | sustained |\n"
                + "| ---: | ---: | ---: | ---: | ---: | ---: | :---: |\n");
        for (LoadRun.Result r : results) {
            table.append(String.format("| %d | %d / %d | %.0f | %.0f | %.0f | %.0f | %s |%n", r.rate(), r.counted(), r.sent(), r.p50(),
                    r.p95(), r.p99(), r.max(), r.sustained() ? "yes" : "no"));
        }
        return table.toString();
    }

    private static long count(String database, String sql) throws Exception {
        try (Connection connection = DriverManager.getConnection(JDBC + database, "postgres", "");
                ResultSet rows = connection.createStatement().executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /** CPU time each service process has used so far. */
    private static Map<String, Duration> cpu(Map<String, ServiceProcess> services) {
        Map<String, Duration> used = new LinkedHashMap<>();
        services.forEach((name, service) -> used.put(name,
                ProcessHandle.of(service.pid()).flatMap(handle -> handle.info().totalCpuDuration()).orElse(Duration.ZERO)));
        return used;
    }

    private static Map<String, Duration> cpuSince(Map<String, Duration> before, Map<String, ServiceProcess> services) {
        Map<String, Duration> used = cpu(services);
        used.replaceAll((name, now) -> now.minus(before.get(name)));
        return used;
    }

    /** The services' own CPU per shot: far less moved by a busy machine than the rates and latencies. */
    private static String cpuTable(Map<String, Duration> used, long shots) {
        StringBuilder table = new StringBuilder("\n## CPU per shot, protections on\n\nEach service's CPU time during the climb"
                + " with the protections on, divided by the ").append(shots).append(" shots fired in it.\n\n"
                + "| service | CPU per shot |\n| --- | ---: |\n");
        double total = 0;
        for (Map.Entry<String, Duration> service : used.entrySet()) {
            double ms = service.getValue().toNanos() / 1e6 / shots;
            total += ms;
            table.append(String.format("| %s | %.2f ms |%n", service.getKey(), ms));
        }
        return table.append(String.format("| **the three services** | **%.2f ms** |%n%n", total)).toString();
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

    /**
     * The whole lab's memory at the end of the run, the services still up, and what their tables hold
     * then. PostgreSQL as the sum of its processes' Pss: every backend maps the shared buffers, which RSS
     * would count once per process.
     */
    private static String afterTheRun(Map<String, ServiceProcess> services) throws Exception {
        StringBuilder table = new StringBuilder("| process | memory | inbox rows | outbox rows (pending) |\n| --- | ---: | ---: | ---: |\n");
        long totalKiB = 0;
        List<String> over = new ArrayList<>();
        for (Map.Entry<String, ServiceProcess> service : services.entrySet()) {
            long rss = Math.max(0, residentKiB(service.getValue().pid()));
            totalKiB += rss;
            // To the tenth: a whole MiB rounded down would call 250.9 MiB under a goal of 250.
            String mib = String.format("%.1f MiB", rss / 1024.0);
            if (rss >= SERVICE_MEMORY_GOAL_MIB * 1024) {
                over.add(service.getKey() + " (" + mib + ")");
            }
            String db = DATABASES.get(service.getKey());
            table.append("| ").append(service.getKey()).append(" | ").append(mib).append(" | ")
                    .append(count(db, "select count(*) from inbox")).append(" | ").append(count(db, "select count(*) from outbox"))
                    .append(" (").append(count(db, "select count(*) from outbox where sent_at is null")).append(") |\n");
        }
        long postgresKiB = 0;
        int postgresProcesses = 0;
        boolean postgresByRss = false;
        for (ProcessHandle process : CostPerShot.processesOf(CostPerShot.POSTGRESQL)) {
            long kib = kib(process.pid(), "smaps_rollup", "Pss:");
            if (kib < 0) {
                kib = kib(process.pid(), "status", "VmRSS:");
                postgresByRss |= kib >= 0;
            }
            if (kib >= 0) {
                postgresKiB += kib;
                postgresProcesses++;
            }
        }
        long rabbitKiB = 0;
        int rabbitProcesses = 0;
        for (ProcessHandle process : CostPerShot.processesOf(CostPerShot.RABBITMQ)) {
            long kib = kib(process.pid(), "status", "VmRSS:");
            if (kib >= 0) {
                rabbitKiB += kib;
                rabbitProcesses++;
            }
        }
        totalKiB += postgresKiB + rabbitKiB;
        table.append(String.format("| PostgreSQL (%d processes) | %s | – | – |%n", postgresProcesses,
                postgresProcesses == 0 ? "not found" : postgresKiB / 1024 + " MiB " + (postgresByRss ? "(RSS)" : "(Pss)")));
        table.append(String.format("| RabbitMQ (beam.smp%s) | %s | – | – |%n", rabbitProcesses > 1 ? ", " + rabbitProcesses + " processes" : "",
                rabbitProcesses == 0 ? "not found" : rabbitKiB / 1024 + " MiB"));
        table.append(String.format("| **the whole lab** | **%d MiB** | | |%n%n", totalKiB / 1024));

        StringBuilder md = new StringBuilder("## After the run\n\n")
                .append("Memory at the end of the whole run, the room's services still up: each service's resident set (RSS),")
                .append(" RabbitMQ's beam.smp likewise, and PostgreSQL as the sum of its processes' Pss (proportional set size),")
                .append(" since every backend maps the shared buffers and RSS would count them once per process.");
        if (postgresByRss) {
            md.append(" **PostgreSQL's smaps_rollup could not be read here, so its figure is RSS summed: the shared buffers")
                    .append(" are counted once per process, far more than it holds.**");
        }
        if (postgresProcesses == 0 || rabbitProcesses == 0) {
            md.append(" A part not found runs out of sight of this machine's processes (in a container, say) and is not in the total.");
        }
        md.append(over.isEmpty() ? " Each service is under " + SERVICE_MEMORY_GOAL_MIB + " MiB resident."
                : " **Over " + SERVICE_MEMORY_GOAL_MIB + " MiB resident: " + String.join(", ", over) + ".**");
        return md.append("\n\n").append(table).toString();
    }

    /** A process's resident set in KiB; -1 if unreadable. */
    static long residentKiB(long pid) {
        return kib(pid, "status", "VmRSS:");
    }

    /** A figure in KiB from /proc/&lt;pid&gt;/&lt;file&gt; ("VmRSS:" of status, "Pss:" of smaps_rollup); -1 if unreadable. */
    private static long kib(long pid, String file, String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), file))) {
                if (line.startsWith(field)) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            // the process ended meanwhile, or it is not ours to read
        }
        return -1;
    }

    private static long memoryGiB() throws IOException {
        String total = Files.readAllLines(Path.of("/proc/meminfo")).get(0);
        return Math.round(Long.parseLong(total.replaceAll("[^0-9]", "")) / 1024.0 / 1024.0);
    }

    private static String run(String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes());
        if (process.waitFor() != 0) {
            throw new IllegalStateException(command[command.length > 3 ? 3 : 0] + " failed:\n" + out);
        }
        return out;
    }

    private static double number(String text, String pattern) {
        Matcher matcher = Pattern.compile(pattern).matcher(text);
        double last = Double.NaN;
        while (matcher.find()) {
            last = Double.parseDouble(matcher.group(1));
        }
        return last;
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

    private static void say(String line) {
        System.out.println(line);
    }
}
