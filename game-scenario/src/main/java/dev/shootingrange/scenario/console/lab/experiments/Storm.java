package dev.shootingrange.scenario.console.lab.experiments;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

import jakarta.inject.Singleton;

import dev.shootingrange.scenario.console.lab.Verdict;
import dev.shootingrange.scenario.console.services.Services;

/** Shots and moves under random duplicates, delays and crashes on every service. */
@Singleton
class Storm extends Story {

    Storm(Playbook play) {
        super(play, "storm", "Shots and moves under random duplicates, delays and crashes on every service: all"
                + " four rules hold with the protections on; the checker counts what breaks with them off.");
    }

    @Override
    public Report run(Run run) {
        Map<String, Map<String, Object>> settings = new LinkedHashMap<>();
        for (String service : Services.ALL) {
            Map<String, Object> protections = play.protect(run.protect(), service,
                    play.lab(service).lab().protections().keySet().toArray(String[]::new)).get(service);
            Map<String, Object> chaos = Map.of("duplicateRate", 0.3, "delayRate", 0.2, "maxDelayMs", 400,
                    "crashAfterPublishRate", 0.1, "crashBeforeAckRate", 0.1, "crashBeforePublishRate", 0.05,
                    "seed", run.seed() + service.hashCode());
            play.lab(service).chaos(chaos);
            Map<String, Object> all = new LinkedHashMap<>(protections);
            all.putAll(chaos);
            settings.put(service, all);
        }
        String gameId = play.newGame(42);
        Random random = new Random(run.seed());
        for (int i = 0; i < run.shots(); i++) {
            if (i % 5 == 4) {
                play.scenario().moveTarget(gameId, random.nextInt(100));
            }
            play.fire(gameId, "player-" + (i % 3), random.nextBoolean() ? 42 : random.nextInt(100));
        }
        play.awaitQuiet(gameId);
        for (String service : Services.ALL) {
            play.lab(service).chaos(Map.of("duplicateRate", 0, "delayRate", 0, "crashAfterPublishRate", 0,
                    "crashBeforeAckRate", 0, "crashBeforePublishRate", 0));
        }
        Verdict verdict = play.records().judge(gameId, Duration.ofSeconds(3));
        long broken = verdict.rules().stream().filter(rule -> rule.status() != Verdict.Status.OK).count();
        return play.report("storm", null, gameId, run.protect(), settings, "all four rules hold with the protections on",
                run.shots() + " shots under chaos: " + (broken == 0 ? "all four rules hold" : broken + " rule(s) broken"),
                Duration.ofSeconds(3));
    }
}
