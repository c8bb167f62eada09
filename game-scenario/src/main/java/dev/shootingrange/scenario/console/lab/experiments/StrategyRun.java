package dev.shootingrange.scenario.console.lab.experiments;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.shootingrange.lab.Lab;
import dev.shootingrange.lab.LabApi;
import dev.shootingrange.scenario.console.services.Services;

/**
 * The strategy the run being played is under, if any, and what it means for a story's switches: the
 * strategy's own protections stay as it set them. Runs take turns ({@link Experiments}).
 */
final class StrategyRun {

    /** The protections a strategy decides; in a strategy's run, a story's switches leave them alone. */
    private static final Set<String> STRATEGY_PROTECTIONS = Set.of(Lab.INBOX, Lab.ATTEMPT_DEDUP);

    private final Services services;
    /** The strategy of the run being played, or null. */
    private volatile String strategy;
    /** The services that run it. */
    private volatile List<String> underStrategy = List.of();

    StrategyRun(Services services) {
        this.services = services;
    }

    String strategy() {
        return strategy;
    }

    /** Plays the next run under this strategy (null: none), switched on every service that has strategies. */
    void use(String name) {
        strategy = name;
        underStrategy = name == null ? List.of() : services.useStrategyEverywhere(new LabApi.StrategyRequest(name));
    }

    /**
     * Switches these protections of a service on or off; returns the settings, for the report. In a
     * strategy's run the strategy's own protections stay as it set them, and the others stay on: only
     * the story's fault is injected.
     */
    Map<String, Map<String, Object>> protect(boolean on, String service, String... protections) {
        Map<String, Object> changes = new LinkedHashMap<>();
        for (String protection : protections) {
            if (strategy == null) {
                changes.put(protection, on);
            } else if (!STRATEGY_PROTECTIONS.contains(protection)) {
                changes.put(protection, true);
            }
        }
        if (!changes.isEmpty()) {
            services.lab(service).protections(changes);
        }
        Map<String, Map<String, Object>> settings = new LinkedHashMap<>();
        settings.put(service, changes);
        if (underStrategy.contains(service)) {
            changes.put("strategy", strategy);
        }
        return settings;
    }
}
