package dev.shootingrange.benchmark;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;

/** The instructor's turn in each group of a {@link RoomSoak}: the storm, one other experiment, then a fault armed. */
final class SoakInstructor {

    /** The other experiment of each group, in turn: each with its own fault, run with the protections on. */
    private static final List<String> EXPERIMENTS = List.of("double-count", "lost-shot", "broker-duplicates", "ghost", "late-duplicate");
    /** The fault armed after the experiments (which reset the labs before and after): service, point, type. */
    private static final List<Fault> FAULTS = List.of(
            new Fault("shooting-range", "after-commit-before-publish", "Hit"),
            new Fault("leader-board", "after-commit-before-ack", "Hit"),
            new Fault("shooting-range", "after-confirm-before-mark", "Missed"),
            new Fault("game-scenario", "after-commit-before-ack", "Missed"),
            new Fault("shooting-range", "rollback-after-send", "Hit"));
    private static final ObjectMapper JSON = new ObjectMapper();

    record Fault(String service, String point, String type) {
        @Override
        public String toString() {
            return service + " " + point + " " + type;
        }
    }

    /** What group {@code number} plays: its other experiment and its fault. */
    record Turn(String experiment, Fault fault) {
        @Override
        public String toString() {
            return experiment + ", fault " + fault;
        }
    }

    private final RoomRun room;
    private final String scenarioUrl;
    private final HttpClient http = HttpClient.newHttpClient();

    SoakInstructor(RoomRun room, String scenarioUrl) {
        this.room = room;
        this.scenarioUrl = scenarioUrl;
    }

    static Turn turn(int number) {
        return new Turn(EXPERIMENTS.get((number - 1) % EXPERIMENTS.size()), FAULTS.get((number - 1) % FAULTS.size()));
    }

    /** Plays the turn; what each request answered and how long the experiments took. */
    String take(Turn turn) {
        Fault fault = turn.fault();
        long started = System.currentTimeMillis();
        int storm = room.post("/api/lab/experiments/storm", "{\"protections\":\"on\"}");
        long stormed = System.currentTimeMillis();
        int other = room.post("/api/lab/experiments/" + turn.experiment(), "{\"protections\":\"on\"}");
        long done = System.currentTimeMillis();
        int armed = room.post("/api/lab/services/" + fault.service() + "/faults",
                "{\"point\":\"" + fault.point() + "\",\"type\":\"" + fault.type() + "\"}");
        return String.format("storm %d (%.0f s), %s %d (%.0f s), %s %d%s", storm, (stormed - started) / 1000.0, turn.experiment(),
                other, (done - stormed) / 1000.0, fault, armed, fired(fault.service()) ? " fired" : " **not fired**");
    }

    /** Whether the service's armed fault went off within 10 s (the room fires 30 shots a second). */
    private boolean fired(String service) {
        long deadline = System.currentTimeMillis() + 10_000;
        try {
            while (System.currentTimeMillis() < deadline) {
                String lab = http.send(HttpRequest.newBuilder(URI.create(scenarioUrl + "/api/lab/services/" + service)).build(),
                        HttpResponse.BodyHandlers.ofString()).body();
                if (JSON.readTree(lab).path("chaos").path("faults").isEmpty()) {
                    return true;
                }
                Thread.sleep(200);
            }
        } catch (Exception e) {
            // not known: counted as not fired
        }
        return false;
    }
}
