package dev.shootingrange.lab;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which protections are on, and the strategy they make up: switched one by one, or a strategy at a
 * time (lab.strategy.&lt;name&gt;.protections). Apart from the faults, which fire on messages: these
 * only choose the path a message takes.
 */
final class ProtectionSwitches {

    private final List<String> protectionNames;
    private final Map<String, List<String>> strategies;
    private final Set<String> strategyProtections;
    private volatile String strategy;
    private final Map<String, Boolean> protections = new ConcurrentHashMap<>();

    ProtectionSwitches(LabConfig config) {
        this.protectionNames = List.copyOf(config.protections());
        this.strategies = strategies(config.strategies().orElse(List.of()), config.strategy());
        this.strategyProtections = new TreeSet<>();
        strategies.values().forEach(strategyProtections::addAll);
    }

    /** Each strategy with the protections it keeps on; the first is the one a reset returns to. */
    private Map<String, List<String>> strategies(List<String> names, Map<String, LabConfig.Strategy> made) {
        made.keySet().stream().filter(name -> !names.contains(name)).findFirst().ifPresent(stray -> {
            throw new IllegalStateException("lab.strategy." + stray + " is not one of lab.strategies " + names);
        });
        Map<String, List<String>> byName = new LinkedHashMap<>();
        for (String name : names) {
            List<String> on = Optional.ofNullable(made.get(name)).flatMap(LabConfig.Strategy::protections).orElse(List.of());
            on.stream().filter(protection -> !protectionNames.contains(protection)).findFirst().ifPresent(unknown -> {
                throw new IllegalStateException("lab.strategy." + name + ".protections names '" + unknown
                        + "', which is not one of lab.protections " + protectionNames);
            });
            byName.put(name, List.copyOf(on));
        }
        return byName;
    }

    List<String> strategyNames() {
        return List.copyOf(strategies.keySet());
    }

    String strategy() {
        return strategy;
    }

    synchronized void useStrategy(String name) {
        List<String> on = strategies.get(name);
        if (on == null) {
            throw new IllegalArgumentException(strategies.isEmpty() ? "this service has no strategies to choose from"
                    : "unknown strategy '" + name + "'; there are " + strategies.keySet());
        }
        strategyProtections.forEach(protection -> protections.put(protection, on.contains(protection)));
        strategy = name;
    }

    List<String> protectionNames() {
        return protectionNames;
    }

    boolean isOn(String protection) {
        return protections.getOrDefault(protection, true);
    }

    Map<String, Boolean> protections() {
        Map<String, Boolean> view = new LinkedHashMap<>();
        protectionNames.forEach(name -> view.put(name, isOn(name)));
        return view;
    }

    synchronized void protect(String protection, boolean on) {
        if (!protectionNames.contains(protection)) {
            throw new IllegalArgumentException("unknown protection '" + protection + "'; this service has " + protectionNames);
        }
        protections.put(protection, on);
        if (strategyProtections.contains(protection) && (strategies.containsKey(strategy)
                ? strategies.get(strategy).contains(protection) != on : Lab.DEFAULT.equals(strategy) && !on)) {
            strategy = Lab.CUSTOM; // no longer what the strategy is made of
        }
    }

    /** Every protection on: the strategy that is every protection on, or the default. */
    synchronized void reset() {
        protections.clear();
        strategy = strategies.isEmpty() ? null : strategies.entrySet().stream()
                .filter(preset -> preset.getValue().containsAll(strategyProtections)).map(Map.Entry::getKey)
                .findFirst().orElse(Lab.DEFAULT);
    }
}
