package dev.shootingrange.benchmark;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** The table a {@link RoomSoak} prints of its groups: shots fired, shown, lost, doubled, latencies. */
final class SoakTable {

    private SoakTable() {
    }

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


    static String table(int players, int games, int groupMinutes, Instant start, List<Group> groups, Duration shownWithin) {
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
                groups.size(), players, groups.size() * groupMinutes, start, games, groupMinutes, shownWithin.toSeconds(),
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
