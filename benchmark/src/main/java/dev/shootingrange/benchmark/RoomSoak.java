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

    /** The lab's cap on a game's shots (game.max-shots): a group's game stays under it. */
    private static final int MAX_SHOTS = 2_500;
    /** How long a group's last shots may take to be shown, the storm's delayed copies included. */
    private static final Duration SHOWN_WITHIN = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final LoadRun load;
    private final RoomRun room;
    private final Map<String, ServiceProcess> services;
    private final String scenarioUrl;
    private final String rangeUrl;
    private final String boardUrl;
    private final HttpClient http = HttpClient.newHttpClient();
    private final SoakInstructor instructorsTurn;

    RoomSoak(LoadRun load, Map<String, ServiceProcess> services) {
        this.load = load;
        this.services = services;
        this.scenarioUrl = services.get("game-scenario").baseUrl();
        this.rangeUrl = services.get("shooting-range").baseUrl();
        this.boardUrl = services.get("leader-board").baseUrl();
        this.room = new RoomRun(load, scenarioUrl);
        this.instructorsTurn = new SoakInstructor(room, scenarioUrl);
    }

    String measure(int players, int games, int minutes, int groupMinutes) throws Exception {
        int groups = Math.max(1, minutes / groupMinutes);
        Duration group = Duration.ofMinutes(groupMinutes);
        int perGame = (players + games - 1) / games * (int) (group.toSeconds() + RoomRun.WARMED.toSeconds());
        if (perGame >= MAX_SHOTS) {
            throw new IllegalArgumentException(players + " players on " + games + " games for " + groupMinutes + " minutes fire about "
                    + perGame + " shots a game, over the lab's cap of " + MAX_SHOTS + ": raise --games");
        }
        List<SoakTable.Group> played = new ArrayList<>();
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
            return SoakTable.table(players, games, groupMinutes, start, played, SHOWN_WITHIN) + memory.table(warmedMinute);
        }
    }

    private SoakTable.Group group(int number, int players, Duration duration) throws Exception {
        List<String> games = load.newGames(rangeUrl);
        Map<String, Long> shownAt = new ConcurrentHashMap<>();
        Map<String, Long> firedAt = new ConcurrentHashMap<>();
        AtomicInteger refused = new AtomicInteger();
        Map<String, Long> warm = Map.of();
        StringBuilder instructor = new StringBuilder();
        SoakInstructor.Turn turn = SoakInstructor.turn(number);
        say("room soak, group " + number + ": " + players + " players on " + games.size() + " games for " + duration.toMinutes()
                + " min; storm, " + turn);
        try (Consoles consoles = new Consoles(scenarioUrl)) {
            RoomRun.openConsoles(consoles, games, players, shownAt);
            if (number == 1) {
                warm = room.warmUp(games, players, shownAt);
            }
            room.play(games, players, duration, firedAt, refused, () -> instructor.append(instructorsTurn.take(turn)));
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
        return new SoakTable.Group(number, games.size(), instructor.toString(), firedAt.size(), shown, warm.size(), refused.get(), counted, broken,
                String.join(", ", rules), latencies, reset, unshown);
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
}
