package dev.shootingrange.benchmark;

import static dev.shootingrange.benchmark.Benchmark.say;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * The sections that run once per setting (the queues' type, tracing), each on the services as it
 * wants them, and with a baseline on each build in turn: the efficiency, cost per shot, the burst,
 * what watching costs, the workshop room and its soak.
 */
final class Sections {

    private Sections() {
    }

    /** The efficiency and the exactly-once tax, once per setting; the services stopped while the floor is measured. */
    static String ratio(BuildServices lab, Build build, List<BuildServices.Setting> settings, int shots, int warmRuns, int batchSize)
            throws Exception {
        StringBuilder ratio = new StringBuilder();
        for (BuildServices.Setting setting : settings) {
            ratio.append(RatioRun.measure(lab, build, setting, shots, warmRuns, batchSize));
        }
        return ratio.toString();
    }

    /** Cost per shot at a steady rate, once per setting on services started for it. */
    static String cost(BuildServices lab, Build build, List<BuildServices.Setting> settings, int rate, Duration duration) throws Exception {
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
    static String burst(BuildServices lab, Build current, Build baseline, List<BuildServices.Setting> settings, int shots, int warmRuns)
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

    static String viewers(BuildServices lab, Build build, List<BuildServices.Setting> settings, int viewers, int games, BuildServices.Start start)
            throws Exception {
        return eachSetting(lab, build, settings, start, () -> {
            say("what watching costs: " + viewers + " consoles on " + games + " games at 10 shots/s, then idle");
            return new ViewersCost(lab.meter(), lab.load(), lab.url("game-scenario"))
                    .measure(lab.url("shooting-range"), viewers, 10, Duration.ofSeconds(30));
        });
    }

    static String room(BuildServices lab, Build build, List<BuildServices.Setting> settings, int players, int games, BuildServices.Start start)
            throws Exception {
        return eachSetting(lab, build, settings, start, () -> {
            say("a workshop room: " + players + " players and consoles on " + games + " games, a storm in the middle");
            return new RoomRun(lab.load(), lab.url("game-scenario")).measure(lab.url("shooting-range"), players, Duration.ofSeconds(60));
        });
    }

    /** The room played group after group for {@code minutes}, a reset between groups, the services' memory sampled each minute. */
    static String roomSoak(BuildServices lab, Build build, List<BuildServices.Setting> settings, int players, int games, int minutes,
            int groupMinutes, BuildServices.Start start) throws Exception {
        return eachSetting(lab, build, settings, start, () -> {
            say("a room soak: " + players + " players and consoles on " + games + " games a group, " + minutes + " min in groups of "
                    + groupMinutes + " min");
            return new RoomSoak(lab.load(), lab.services()).measure(players, games, minutes, groupMinutes);
        });
    }

    @FunctionalInterface
    interface Section {
        String measure(Build build, BuildServices.Start start) throws Exception;
    }

    /**
     * A section on this build restarted, or with a baseline on each build in turn on a clean slate, the
     * older first, under "Before" and "After".
     */
    static String eachBuild(Build baseline, Build current, Section section) throws Exception {
        if (baseline == null) {
            return section.measure(current, BuildServices.Start.RESTARTED);
        }
        return "Before (" + baseline.name() + "):\n\n" + section.measure(baseline, BuildServices.Start.CLEAN_SLATE)
                + "After (" + current.name() + "):\n\n" + section.measure(current, BuildServices.Start.CLEAN_SLATE);
    }

    /** A section measured once per setting, on the services as {@code start} wants them; its tables one after the other. */
    private static String eachSetting(BuildServices lab, Build build, List<BuildServices.Setting> settings, BuildServices.Start start,
            Callable<String> section) throws Exception {
        StringBuilder tables = new StringBuilder();
        for (BuildServices.Setting setting : settings) {
            lab.use(build, setting, start);
            tables.append(section.call());
        }
        return tables.toString();
    }
}
