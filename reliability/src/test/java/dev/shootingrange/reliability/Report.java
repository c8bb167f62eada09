package dev.shootingrange.reliability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Map;
import java.util.TreeMap;

/**
 * The suite's table of figures, rewritten after every fault it ran: into the file named by
 * {@code reliability.report} between the markers {@value #START} and {@value #END} where the file
 * has them (docs/reliability.md), else the whole file (target/reliability.md).
 */
final class Report {

    static final String START = "<!-- figures: written by the reliability suite -->";
    static final String END = "<!-- end of figures -->";

    record Row(String fault, String injected, Checker.Verdict verdict, String fired) {
    }

    private static final Map<Integer, Row> ROWS = new TreeMap<>();

    private Report() {
    }

    /** Records a fault's figures under its place in the table ({@code order}) and rewrites the report. */
    static synchronized void record(int order, String fault, String injected, Checker.Verdict verdict, String fired) {
        ROWS.put(order, new Row(fault, injected, verdict, fired));
        write();
    }

    /** Under batching, how large the batches were: the services running as the row was written, since their last start. */
    private static String batching() {
        if (Cluster.BATCH_SIZE == 1) {
            return "";
        }
        Cluster.Batched batched = Cluster.get().batched();
        return ", batching on (up to %d deliveries a transaction; the services running at the end handled %d deliveries in %d transactions)"
                .formatted(Cluster.BATCH_SIZE, batched.deliveries(), batched.transactions());
    }

    private static void write() {
        StringBuilder table = new StringBuilder();
        table.append("Run of ").append(LocalDate.now()).append(", ").append(Burst.SHOTS).append(" shots per burst, on ")
                .append(Runtime.getRuntime().availableProcessors()).append(" cores")
                .append(batching()).append(".\n\n")
                .append("| fault | how it is injected | shots accepted | faults fired | duplicates absorbed | lost | doubled | unexpected | conflicts |\n")
                .append("| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |\n");
        for (Row row : ROWS.values()) {
            Checker.Verdict v = row.verdict();
            table.append("| ").append(row.fault()).append(" | ").append(row.injected()).append(" | ").append(v.accepted())
                    .append(" | ").append(row.fired()).append(" | ").append(v.duplicatesAbsorbed()).append(" | ")
                    .append(v.lost()).append(" | ").append(v.doubled()).append(" | ").append(v.unexpected()).append(" | ")
                    .append(v.conflicts()).append(v.drained() ? "" : " (not drained)")
                    .append(v.historyComplete() ? "" : " (on an incomplete history)").append(" |\n");
        }
        Path file = Path.of(System.getProperty("reliability.report", "target/reliability.md"));
        try {
            String text = Files.exists(file) ? Files.readString(file) : "";
            int start = text.indexOf(START);
            int end = text.indexOf(END);
            if (start >= 0 && end > start) {
                text = text.substring(0, start + START.length()) + "\n" + table + text.substring(end);
            } else {
                text = "# Reliability figures\n\n" + START + "\n" + table + END + "\n";
            }
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + file, e);
        }
    }
}
