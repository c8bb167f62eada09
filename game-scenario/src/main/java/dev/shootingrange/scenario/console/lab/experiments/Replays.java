package dev.shootingrange.scenario.console.lab.experiments;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.contract.Problem;
import dev.shootingrange.contract.RangeMessage;
import dev.shootingrange.lab.LabApi;
import dev.shootingrange.scenario.console.lab.Verdict;
import dev.shootingrange.scenario.console.services.Services;

/** A played game as steps that can be played again: a failure seen in a workshop becomes a regression test. */
@ApplicationScoped
public class Replays {

    /** A replay holds the whole lab while it plays, a step after the other: this many take minutes already. */
    static final int MAX_STEPS = 1_000;

    /** The target's start, the steps after it, and each service's protections and chaos. */
    public record Scenario(Integer targetPosition, List<Step> steps, Map<String, Settings> lab) {
    }

    public record Settings(Map<String, Object> protections, Map<String, Object> chaos) {
    }

    /** One step: a shot ({@code player} and {@code position}) or a move ({@code move} is the new position). */
    public record Step(String player, Integer position, Integer move) {
    }

    public record Replay(String gameId, String replayOf, List<String> outcomes, Verdict consistency) {
    }

    private final Playbook play;
    private final Experiments experiments;

    Replays(Playbook play, Experiments experiments) {
        this.play = play;
        this.experiments = experiments;
    }

    /** The game's commands as they went out, with each service's protections and chaos as they are now. */
    public Scenario export(String gameId) {
        play.scenario().requireGame(gameId);
        List<Step> steps = new ArrayList<>();
        Integer start = null;
        Set<Object> seen = new HashSet<>();
        for (LabApi.HistoryEntry entry : play.records().history(Services.GAME_SCENARIO, gameId)) {
            if (!entry.direction().equals("OUT") || !seen.add(entry.messageId())) {
                continue;
            }
            RangeMessage message = MessageCodec.decode(entry.body().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            if (message instanceof MoveTarget move && start == null) {
                start = move.position();
            } else if (message instanceof MoveTarget move) {
                steps.add(new Step(null, null, move.position()));
            } else if (message instanceof FireAt shot) {
                steps.add(new Step(shot.player(), shot.position(), null));
            }
        }
        Map<String, Settings> settings = new LinkedHashMap<>();
        for (String service : Services.ALL) {
            LabApi.LabView lab = play.lab(service).lab();
            Map<String, Object> chaos = new LinkedHashMap<>(lab.chaos());
            chaos.keySet().removeAll(List.of("faults", "holds"));
            settings.put(service, new Settings(new LinkedHashMap<>(lab.protections()), chaos));
        }
        return new Scenario(start == null ? 42 : start, steps, settings);
    }

    /**
     * Plays a scenario on a fresh game, under its lab settings (put back afterwards), one step after
     * the other: each move lands at the range before the next shot, so outcomes come out the same.
     */
    public Replay replay(Scenario recorded, String replayOf) {
        if (recorded == null || recorded.steps() == null) {
            throw Problem.badRequest("a scenario needs steps");
        }
        if (recorded.steps().size() > MAX_STEPS) {
            throw Problem.badRequest("a scenario has at most " + MAX_STEPS + " steps; this one has " + recorded.steps().size());
        }
        return experiments.exclusively(() -> {
            if (recorded.lab() != null) {
                recorded.lab().forEach((service, settings) -> {
                    if (settings != null && settings.protections() != null) {
                        play.lab(service).protections(settings.protections());
                    }
                    if (settings != null && settings.chaos() != null) {
                        play.lab(service).chaos(settings.chaos());
                    }
                });
            }
            String gameId = play.newGame(recorded.targetPosition() == null ? 42 : recorded.targetPosition());
            List<FireAt> shots = new ArrayList<>();
            for (Step step : recorded.steps()) {
                if (step.move() != null) {
                    play.moveTarget(gameId, step.move());
                } else {
                    shots.add(play.fire(gameId, step.player(), step.position()));
                    play.awaitDecision(gameId, shots.get(shots.size() - 1));
                }
            }
            play.awaitQuiet(gameId);
            List<String> outcomes = shots.stream().map(shot -> play.outcomeOf(shot).name()).toList();
            return new Replay(gameId, replayOf, outcomes, play.records().judge(gameId, Duration.ofSeconds(3)));
        });
    }
}
