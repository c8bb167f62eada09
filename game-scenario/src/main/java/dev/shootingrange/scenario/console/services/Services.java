package dev.shootingrange.scenario.console.services;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.lab.InstructorKey;
import dev.shootingrange.lab.LabApi;
import dev.shootingrange.lab.LabResource;

/**
 * The three services as the console sees them: the range's and the leader board's public APIs, and
 * each service's lab, this one's in process and the others' over HTTP, all through typed interfaces.
 */
@ApplicationScoped
public class Services {

    public static final String GAME_SCENARIO = "game-scenario";
    public static final String SHOOTING_RANGE = "shooting-range";
    public static final String LEADER_BOARD = "leader-board";
    public static final List<String> ALL = List.of(GAME_SCENARIO, SHOOTING_RANGE, LEADER_BOARD);

    private final Map<String, LabApi> labs;
    private final RangeApi range;
    private final LeaderBoardApi leaderBoard;

    Services(LabResource local, InstructorKey instructorKey, ConsoleConfig config) {
        String rangeUrl = config.services().shootingRange().url();
        String boardUrl = config.services().leaderBoard().url();
        // The console's own endpoints check the key; past them, its calls carry it to the other labs.
        Optional<String> key = instructorKey.value();
        this.labs = Map.of(GAME_SCENARIO, local,
                SHOOTING_RANGE, ServiceClients.create(LabApi.class, SHOOTING_RANGE, rangeUrl, key),
                LEADER_BOARD, ServiceClients.create(LabApi.class, LEADER_BOARD, boardUrl, key));
        this.range = ServiceClients.create(RangeApi.class, SHOOTING_RANGE, rangeUrl, key);
        this.leaderBoard = ServiceClients.create(LeaderBoardApi.class, LEADER_BOARD, boardUrl, key);
    }

    public static void requireKnown(String service) {
        if (!ALL.contains(service)) {
            throw Problem.notFound("no service '" + service + "'; there are " + ALL);
        }
    }

    public LabApi lab(String service) {
        requireKnown(service);
        return labs.get(service);
    }

    public RangeApi range() {
        return range;
    }

    public LeaderBoardApi leaderBoard() {
        return leaderBoard;
    }

    /** Sets these protections on every service that has them; each must exist on one at least. */
    public void protectEverywhere(Map<String, Object> changes) {
        Map<String, Map<String, Object>> perService = new LinkedHashMap<>();
        for (String service : ALL) {
            Map<String, Boolean> has = lab(service).lab().protections();
            changes.forEach((protection, on) -> {
                if (has.containsKey(protection)) {
                    perService.computeIfAbsent(service, s -> new LinkedHashMap<>()).put(protection, on);
                }
            });
        }
        changes.keySet().stream()
                .filter(protection -> perService.values().stream().noneMatch(set -> set.containsKey(protection)))
                .findFirst().ifPresent(protection -> {
                    throw Problem.badRequest("no service has a protection '" + protection + "'");
                });
        perService.forEach((service, protections) -> lab(service).protections(protections));
    }

    /** Switches every service that has strategies to this one; returns the services switched. */
    public List<String> useStrategyEverywhere(LabApi.StrategyRequest request) {
        List<String> switched = ALL.stream().filter(service -> !lab(service).lab().strategies().isEmpty()).toList();
        switched.forEach(service -> lab(service).strategy(request));
        return switched;
    }

    public void resetEverywhere() {
        ALL.forEach(service -> lab(service).reset());
    }
}
