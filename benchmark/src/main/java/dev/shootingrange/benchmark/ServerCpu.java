package dev.shootingrange.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * A server's CPU from /proc, counting the processes that ended meanwhile: pgbench's backends live
 * only as long as its connections, so by the time it exits their CPU is nowhere but in the
 * postmaster's children's time (cutime and cstime), which the kernel adds when it reaps them.
 * {@link ProcessCounters} loses such a process; here it is counted whole, once.
 */
final class ServerCpu {

    /** Linux's USER_HZ, the unit of /proc/PID/stat's times, on every architecture a benchmark runs on. */
    private static final long TICKS_A_SECOND = 100;

    /** One process's own CPU and its reaped children's, in ticks, and its parent. */
    record Ticks(long own, long children, long parent) {
    }

    private ServerCpu() {
    }

    /** The processes of {@code part} ({@link CostPerShot#POSTGRESQL} or {@link CostPerShot#RABBITMQ}) by their pid. */
    static Map<Long, Ticks> snapshot(String part) {
        Map<Long, Ticks> ticks = new HashMap<>();
        for (ProcessHandle process : ProcessCounters.processesOf(part)) {
            Ticks read = read(process.pid());
            if (read != null) {
                ticks.put(process.pid(), read);
            }
        }
        return ticks;
    }

    /**
     * What the part used between two snapshots: each live process's own CPU and its newly reaped
     * children's; a process that ended meanwhile was reaped into its parent's children's time whole,
     * so what it had used before is taken off again.
     */
    static Duration used(Map<Long, Ticks> before, Map<Long, Ticks> after) {
        long ticks = 0;
        for (Map.Entry<Long, Ticks> now : after.entrySet()) {
            Ticks then = before.getOrDefault(now.getKey(), new Ticks(0, 0, 0));
            ticks += now.getValue().own() - then.own() + now.getValue().children() - then.children();
        }
        for (Map.Entry<Long, Ticks> then : before.entrySet()) {
            if (!after.containsKey(then.getKey()) && after.containsKey(then.getValue().parent())) {
                ticks -= then.getValue().own() + then.getValue().children();
            }
        }
        return of(ticks);
    }

    /** One process's ticks, or null where it has gone. */
    static Ticks read(long pid) {
        try {
            return parse(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
        } catch (IOException | RuntimeException gone) {
            return null;
        }
    }

    /** A /proc/PID/stat line's times and parent. */
    static Ticks parse(String stat) {
        // The command in parentheses may hold spaces; the fields after it do not.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        return new Ticks(Long.parseLong(fields[11]) + Long.parseLong(fields[12]),
                Long.parseLong(fields[13]) + Long.parseLong(fields[14]), Long.parseLong(fields[1]));
    }

    /** Ticks as a duration. */
    static Duration of(long ticks) {
        return Duration.ofMillis(ticks * 1000 / TICKS_A_SECOND);
    }
}
