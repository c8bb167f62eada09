package dev.shootingrange.benchmark;

import static dev.shootingrange.benchmark.Benchmark.say;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.shootingrange.processes.ServiceProcess;

/**
 * The climbs: the ceilings of the parts, a ladder of rates with the protections on and then off until
 * a rate is not sustained, the latency at shares of the highest, and the soak if asked; with the
 * services' CPU during the climb with the protections on.
 */
final class Climbs {

    private Climbs() {
    }

    /** The report's opening and its climbs, after {@code ratio}, on the services {@code lab} runs now. */
    static String measure(BuildServices lab, BenchmarkOptions options, String ratio) throws Exception {
        List<Integer> ladder = options.ladder();
        Duration step = options.step();
        int soakMinutes = options.soakMinutes();
        LoadRun load = lab.load();
        Map<String, ServiceProcess> services = lab.services();
        String scenario = lab.url("game-scenario");

        say("ceilings of the parts");
        double pgInserts = PartCeilings.pgbenchInserts();
        double rabbitRate = PartCeilings.perfTest();

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

        return ClimbReport.markdown(options.given(), ratio, on, off, maxOn, maxOff, loads, soak, pgInserts, rabbitRate)
                + ClimbReport.cpuTable(cpuOn, on.stream().mapToLong(LoadRun.Result::sent).sum());
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
}
