package dev.shootingrange.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Memory figures as Linux's /proc gives them: of a process, and of the whole machine. */
final class ProcessMemory {

    private ProcessMemory() {
    }

    /** A process's resident set in KiB; -1 if unreadable. */
    static long residentKiB(long pid) {
        return kib(pid, "status", "VmRSS:");
    }

    /** A figure in KiB from /proc/&lt;pid&gt;/&lt;file&gt; ("VmRSS:" of status, "Pss:" of smaps_rollup); -1 if unreadable. */
    static long kib(long pid, String file, String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), file))) {
                if (line.startsWith(field)) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            // the process ended meanwhile, or it is not ours to read
        }
        return -1;
    }

    static long memoryGiB() throws IOException {
        String total = Files.readAllLines(Path.of("/proc/meminfo")).get(0);
        return Math.round(Long.parseLong(total.replaceAll("[^0-9]", "")) / 1024.0 / 1024.0);
    }
}
