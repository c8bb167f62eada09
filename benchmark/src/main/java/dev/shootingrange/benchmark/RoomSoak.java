package dev.shootingrange.benchmark;

import static dev.shootingrange.benchmark.Benchmark.say;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shootingrange.processes.ServiceProcess;

/**
 * A compressed workshop: the room of {@link RoomRun} played group after group on the same services.
 * Each group starts its games, opens a console per player, plays a shot a second per player, and a
 * third of the way in the instructor runs the storm and one other experiment, then arms a fault on one
 * service; at its end every shot is awaited on the consoles, each game judged by the consistency
 * checker and its leader board read, the consoles closed, and the room reset for the next group.
 * Meanwhile each service's memory is sampled every minute ({@link SoakMemory}).
 */
final class RoomSoak {

    /** The other experiment of each group, in turn: each with its own fault, run with the protections on. */
    private static final List<String> EXPERIMENTS = List.of("double-count", "lost-shot", "broker-duplicates", "ghost", "late-duplicate");
    /** The fault armed after the experiments (which reset the labs before and after): service, point, type. */
    private static final List<String[]> FAULTS = List.of(
            new String[] { "shooting-range", "after-commit-before-publish", "Hit" },
            new String[] { "leader-board", "after-commit-before-ack", "Hit" },
            new String[] { "shooting-range", "after-confirm-before-mark", "Missed" },
            new String[] { "game-scenario", "after-commit-before-ack", "Missed" },
            new String[] { "shooting-range", "rollback-after-send", "Hit" });
    /** The lab's cap on a game's shots (game.max-shots): a group's game stays under it. */
    private static final int MAX_SHOTS = 2_500;
    /** How long a group's last shots may take to be shown, the storm's delayed copies included. */
    private static final Duration SHOWN_WITHIN = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * @param warmFired the warm-up's shots accepted, on the same games: the leader board counts them too
     * @param unshown attempts accepted that no console showed with an outcome, a few of them, to look up
     */
    record Group(int number, int games, String instructor, int fired, int shown, int warmFired, int refused, int counted, int brokenGames,
            String brokenRules, double[] latencies, int resetStatus, List<String> unshown) {

        /** The leader board's shots beyond the shots accepted: a shot counted twice. */
        int doubled() {
            return Math.max(0, counted - fired - warmFired);
        }
    }

    private final LoadRun load;
    private final RoomRun room;
    private final Map<String, ServiceProcess> services;
    private final String scenarioUrl;
    private final String rangeUrl;
    private final String boardUrl;
    private final HttpClient http = HttpClient.newHttpClient();

    RoomSoak(LoadRun load, Map<String, ServiceProcess> services) {
        this.load = load;
        this.services = services;
        this.scenarioUrl = services.get("game-scenario").baseUrl();
        this.rangeUrl = services.get("shooting-range").baseUrl();
        this.boardUrl = services.get("leader-board").baseUrl();
        this.room = new RoomRun(load, scenarioUrl);
    }

    String measure(int players, int games, int minutes, int groupMinutes) throws Exception {
        int groups = Math.max(1, minutes / groupMinutes);
        Duration group = Duration.ofMinutes(groupMinutes);
        int perGame = (players + games - 1) / games * (int) (group.toSeconds() + RoomRun.WARMED.toSeconds());
        if (perGame >= MAX_SHOTS) {
            throw new IllegalArgumentException(players + " players on " + games + " games for " + groupMinutes + " minutes fire about "
                    + perGame + " shots a game, over the lab's cap of " + MAX_SHOTS + ": raise --games");
        }
        List<Group> played = new ArrayList<>();
        Instant start = Instant.now();
        int warmedMinute;
        try (SoakMemory memory = SoakMemory.everyMinute(services)) {
            for (int number = 1; number <= groups; number++) {
                played.add(group(number, players, group));
            }
            // The first minute sampled once the first group ended: each kind of work had run once by then.
            warmedMinute = groupMinutes + 1;
            // The last minute's sample, taken once the last group's reset is done.
            Thread.sleep(Math.max(0, 60_000 - Duration.between(start, Instant.now()).toMillis() % 60_000 + 2_000));
            return table(players, games, groupMinutes, start, played) + memory.table(warmedMinute);
        }
    }

    private Group group(int number, int players, Duration duration) throws Exception {
        List<String> games = load.newGames(rangeUrl);
        Map<String, Long> shownAt = new ConcurrentHashMap<>();
        Map<String, Long> firedAt = new ConcurrentHashMap<>();
        AtomicInteger refused = new AtomicInteger();
        Map<String, Long> warm = Map.of();
        StringBuilder instructor = new StringBuilder();
        String experiment = EXPERIMENTS.get((number - 1) % EXPERIMENTS.size());
        String[] fault = FAULTS.get((number - 1) % FAULTS.size());
        say("room soak, group " + number + ": " + players + " players on " + games.size() + " games for " + duration.toMinutes()
                + " min; storm, " + experiment + ", fault " + String.join(" ", fault));
        try (Consoles consoles = new Consoles(scenarioUrl)) {
            RoomRun.openConsoles(consoles, games, players, shownAt);
            if (number == 1) {
                warm = room.warmUp(games, players, shownAt);
            }
            room.play(games, players, duration, firedAt, refused, () -> instructor.append(instruct(experiment, fault)));
            RoomRun.awaitShown(firedAt, shownAt, SHOWN_WITHIN);
        }
        int shown = (int) firedAt.keySet().stream().filter(shownAt::containsKey).count();
        List<String> unshown = firedAt.keySet().stream().filter(shot -> !shownAt.containsKey(shot)).limit(10).toList();
        int counted = 0;
        int broken = 0;
        TreeSet<String> rules = new TreeSet<>();
        for (String game : games) {
            counted += boardShots(game);
            List<String> gameRules = brokenRules(game);
            broken += gameRules.isEmpty() ? 0 : 1;
            rules.addAll(gameRules);
        }
        int reset = room.post("/api/lab/room/reset", "{}");
        double[] latencies = RoomTable.latencies(firedAt, shownAt, fired -> true);
        say("  fired " + firedAt.size() + ", shown " + shown + ", counted " + counted + ", games broken " + broken + " " + rules
                + ", reset " + reset + "; " + instructor + (unshown.isEmpty() ? "" : "; not shown: " + unshown));
        return new Group(number, games.size(), instructor.toString(), firedAt.size(), shown, warm.size(), refused.get(), counted, broken,
                String.join(", ", rules), latencies, reset, unshown);
    }

    /** The instructor's turn: the storm, another experiment, then a fault armed; what each answered. */
    private String instruct(String experiment, String[] fault) {
        long started = System.currentTimeMillis();
        int storm = room.post("/api/lab/experiments/storm", "{\"protections\":\"on\"}");
        long stormed = System.currentTimeMillis();
        int other = room.post("/api/lab/experiments/" + experiment, "{\"protections\":\"on\"}");
        long done = System.currentTimeMillis();
        int armed = room.post("/api/lab/services/" + fault[0] + "/faults", "{\"point\":\"" + fault[1] + "\",\"type\":\"" + fault[2] + "\"}");
        return String.format("storm %d (%.0f s), %s %d (%.0f s), %s %s %s %d%s", storm, (stormed - started) / 1000.0, experiment, other,
                (done - stormed) / 1000.0, fault[0], fault[1], fault[2], armed, fired(fault[0]) ? " fired" : " **not fired**");
    }

    /** Whether the service's armed fault went off within 10 s (the room fires 30 shots a second). */
    private boolean fired(String service) {
        long deadline = System.currentTimeMillis() + 10_000;
        try {
            while (System.currentTimeMillis() < deadline) {
                if (get(scenarioUrl + "/api/lab/services/" + service).path("chaos").path("faults").isEmpty()) {
                    return true;
                }
                Thread.sleep(200);
            }
        } catch (Exception e) {
            // not known: counted as not fired
        }
        return false;
    }

    /** The shots the leader board counts for a game, all its players together. */
    private int boardShots(String game) throws Exception {
        int shots = 0;
        for (JsonNode player : get(boardUrl + "/api/leaderboard/" + game).path("players")) {
            shots += player.path("shots").asInt();
        }
        return shots;
    }

    /** The consistency checker's rules a game broke (or left pending), with how many violations each. */
    private List<String> brokenRules(String game) throws Exception {
        List<String> broken = new ArrayList<>();
        JsonNode verdict = get(scenarioUrl + "/api/games/" + game + "/consistency?settleSeconds=" + SHOWN_WITHIN.toSeconds());
        for (JsonNode rule : verdict.path("rules")) {
            if (!"OK".equals(rule.path("status").asText())) {
                broken.add(rule.path("rule").asText() + " " + rule.path("status").asText() + " (" + rule.path("violations").size() + ")");
            }
        }
        if (verdict.path("rules").isEmpty()) {
            broken.add("no verdict: " + verdict);
        }
        return broken;
    }

    private JsonNode get(String url) throws Exception {
        return JSON.readTree(http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString()).body());
    }

    private static String table(int players, int games, int groupMinutes, Instant start, List<Group> groups) {
        StringBuilder table = new StringBuilder("## A room soak\n\n").append(String.format(
                "%d groups of %d players, one after the other on the same services for %d minutes from %s: each group on %d new games"
                        + " (players share tables), a console open per player (the live feed with its timeline, the lab panel),"
                        + " a shot a second per player for %d min; a third of the way in, the storm (protections on), then another"
                        + " experiment (protections on), then a fault armed on one service; at the group's end every shot awaited"
                        + " on the consoles (%d s at most), each game judged by the consistency checker, the consoles closed and"
                        + " the room reset (POST /api/lab/room/reset). The first group played %d s unmeasured first to warm the"
                        + " services. Latency: from a shot's request to the first console showing its outcome. Lost: accepted,"
                        + " never shown with an outcome on any console (the board's count tells whether the outcome exists)."
                        + " Doubled: the leader board's shots beyond the shots accepted, the warm-up's included (a shot counted"
                        + " twice), beside the checker's broken rules.%n%n",
                groups.size(), players, groups.size() * groupMinutes, start, games, groupMinutes, SHOWN_WITHIN.toSeconds(),
                RoomRun.WARMED.toSeconds()));
        table.append("| group | fired | shown | lost | refused | board counted | doubled | games with a rule broken | p50 | p99 | max | reset |\n")
                .append("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |\n");
        int fired = 0;
        int lost = 0;
        int doubled = 0;
        int broken = 0;
        for (Group group : groups) {
            double[] sorted = group.latencies();
            int groupDoubled = group.doubled();
            table.append(String.format("| %d | %d | %d | %d | %d | %s | %d | %d%s | %.0f ms | %.0f ms | %.0f ms | %d |%n", group.number(),
                    group.fired(), group.shown(), group.fired() - group.shown(), group.refused(),
                    group.warmFired() == 0 ? String.valueOf(group.counted()) : group.counted() + " (" + group.warmFired() + " warm-up)", groupDoubled,
                    group.brokenGames(), group.brokenRules().isEmpty() ? "" : " (" + group.brokenRules() + ")",
                    LoadRun.percentile(sorted, 50), LoadRun.percentile(sorted, 99),
                    sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1], group.resetStatus()));
            fired += group.fired();
            lost += group.fired() - group.shown();
            doubled += groupDoubled;
            broken += group.brokenGames();
        }
        table.append("\nThe instructor's turn in each group (each request's status, how long it took):\n\n");
        groups.forEach(group -> table.append("- group ").append(group.number()).append(": ").append(group.instructor())
                .append(group.unshown().isEmpty() ? "" : "; not shown: " + String.join(", ", group.unshown())).append('\n'));
        table.append(String.format("%nIn all: **%d shots fired, %d lost, %d doubled; %d games with a rule broken**.%n%n"
                + "Each service's memory at the end of every minute, in MiB: its resident set (RSS), and its heap's live"
                + " objects right after a full collection (jcmd GC.run, then GC.heap_info), which the sampling itself asks for;"
                + " \"flat\": the last minute within %.0f %% of the first after the first group.%n%n", fired, lost, doubled, broken,
                SoakMemory.FLAT * 100));
        return table.toString();
    }
}
