package dev.shootingrange.benchmark;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The figures that lead the report: a shot's CPU through the whole pipeline divided by the raw parts'
 * floor for the same broker and database work (the {@link Anchor}), and the exactly-once tax, both
 * measured in one sitting with the same /proc accounting. This machine moves a shot's absolute cost
 * fourfold from one day to the next; a ratio of one sitting carries the day's noise on both sides.
 *
 * @param guaranteed every protection on and the lab's history on
 * @param historyOff every protection on, the history off
 * @param unprotected the inbox and the outbox off, the history off
 * @param floor the anchor
 * @param batched every protection on with batching on, the history on, then off; none where not measured
 * @param batchSize the deliveries a transaction held there
 */
record Efficiency(Figures guaranteed, Figures historyOff, Figures unprotected, Figures floor, List<Figures> batched, int batchSize) {

    /** Issue 30's goals. */
    static final double EFFICIENCY_GOAL = 3.0;
    static final double TAX_GOAL = 1.3;
    static final double BATCHING_GOAL = 2.0;

    /**
     * One setting's warm runs, per shot, each the median of its runs: milliseconds of CPU (the three
     * services, or for the anchor its client, which the floor does not count), then the work done.
     */
    record Figures(double postgres, double rabbitmq, double services, double total, double commits, double rows, double walBytes,
            double shotsPerSecond) {

        /** From bursts' warm runs (the first of each left out); the anchor's total is PostgreSQL's and RabbitMQ's alone. */
        static Figures of(List<CostPerShot.Burst> bursts, boolean anchor) {
            List<double[]> parts = new ArrayList<>();
            for (CostPerShot.Burst burst : bursts) {
                burst.runs().stream().skip(1).forEach(run -> parts.add(perShot(run, burst.shots(), anchor)));
            }
            return new Figures(column(parts, 0), column(parts, 1), column(parts, 2), column(parts, 3),
                    work(bursts, 0), work(bursts, 1), work(bursts, 3), work(bursts, 2));
        }

        private static double[] perShot(Map<String, Duration> run, int shots, boolean anchor) {
            double postgres = ms(run.get(CostPerShot.POSTGRESQL), shots);
            double rabbitmq = ms(run.get(CostPerShot.RABBITMQ), shots);
            double rest = run.entrySet().stream().filter(part -> !part.getKey().equals(CostPerShot.POSTGRESQL)
                    && !part.getKey().equals(CostPerShot.RABBITMQ)).mapToDouble(part -> ms(part.getValue(), shots)).sum();
            return new double[] { postgres, rabbitmq, rest, postgres + rabbitmq + (anchor ? 0 : rest) };
        }

        private static double ms(Duration cpu, int shots) {
            return cpu.toNanos() / 1e6 / shots;
        }
    }

    double efficiency() {
        return guaranteed.total / floor.total;
    }

    double efficiencyWithoutHistory() {
        return historyOff.total / floor.total;
    }

    /** What the inbox and the outbox cost: protections on ÷ off, the history off in both. */
    double tax() {
        return historyOff.total / unprotected.total;
    }

    /** Every guarantee with batching on, the history on or off, against the floor. */
    double batchedEfficiency(boolean history) {
        return batched.get(history ? 0 : 1).total / floor.total;
    }

    double history() {
        return guaranteed.total / historyOff.total;
    }

    String table(String title, String about) {
        StringBuilder md = new StringBuilder("## Efficiency: a shot against the raw parts' floor" + title + "\n\n").append(about).append("\n\n");
        md.append("| per shot, warm (median) | every guarantee, history on | history off | inbox and outbox off, history off |");
        batched.forEach(column -> md.append(" batching on, history ").append(column == batched.get(0) ? "on" : "off").append(" |"));
        md.append(" the floor (raw clients) |\n| --- |").append(" ---: |".repeat(columns().size())).append("\n");
        row(md, "PostgreSQL", "%.2f ms", Figures::postgres);
        row(md, "RabbitMQ", "%.2f ms", Figures::rabbitmq);
        md.append("| the three services");
        columns().stream().filter(column -> column != floor).forEach(column -> md.append(String.format(" | %.2f ms", column.services)));
        md.append(String.format(" | 0 (its client %.2f ms, not counted) |%n", floor.services));
        row(md, "**total**", "**%.2f ms**", Figures::total);
        row(md, "commits", "%.1f", Figures::commits);
        row(md, "rows written", "%.1f", Figures::rows);
        row(md, "WAL written (the whole cluster)", "%.0f B", Figures::walBytes);
        row(md, "shots/s", "%.0f", Figures::shotsPerSecond);
        md.append("\n| the multiple, part by part (every guarantee, history on) | pipeline | floor | pipeline ÷ floor | floors it adds |\n"
                + "| --- | ---: | ---: | ---: | ---: |\n");
        part(md, "PostgreSQL", guaranteed.postgres, floor.postgres);
        part(md, "RabbitMQ", guaranteed.rabbitmq, floor.rabbitmq);
        md.append(String.format("| the three services (against zero) | %.2f ms | 0 | – | %.2f |%n", guaranteed.services,
                guaranteed.services / floor.total));
        md.append(String.format("| **total** | **%.2f ms** | **%.2f ms** | **%.2f×** | **%.2f** |%n%n", guaranteed.total, floor.total,
                efficiency(), efficiency()));
        md.append("| ratio | measured | goal |\n| --- | ---: | ---: |\n")
                .append(String.format("| **efficiency**: every guarantee, history on ÷ the floor | **%.2f×** | ≤ %.0f× |%n", efficiency(), EFFICIENCY_GOAL))
                .append(String.format("| efficiency, history off | %.2f× | – |%n", efficiencyWithoutHistory()))
                .append(String.format("| **exactly-once tax**: inbox and outbox on ÷ off, history off | **%.2f×** | ≤ %.1f× |%n", tax(), TAX_GOAL))
                .append(String.format("| the lab's history: on ÷ off, every protection on | %.2f× | – |%n", history()))
                .append(String.format("| WAL per shot: every guarantee, history on ÷ the floor | %.2f× | – |%n", guaranteed.walBytes / floor.walBytes));
        if (batched.isEmpty()) {
            md.append(String.format("| efficiency with opt-in batching | not measured (--batch-size=1) | ≤ %.0f× |%n%n", BATCHING_GOAL));
        } else {
            md.append(String.format("| **efficiency with opt-in batching** (%d a transaction), history on | **%.2f×** | ≤ %.0f× |%n", batchSize,
                    batchedEfficiency(true), BATCHING_GOAL))
                    .append(String.format("| efficiency with opt-in batching, history off | %.2f× | – |%n", batchedEfficiency(false)))
                    .append(String.format("| batching: on ÷ off, every guarantee, history on | %.2f× | – |%n%n", batched.get(0).total / guaranteed.total));
        }
        return md.toString();
    }

    private List<Figures> columns() {
        List<Figures> columns = new ArrayList<>(List.of(guaranteed, historyOff, unprotected));
        columns.addAll(batched);
        columns.add(floor);
        return columns;
    }

    private void row(StringBuilder md, String name, String format, java.util.function.ToDoubleFunction<Figures> figure) {
        md.append("| ").append(name);
        for (Figures figures : columns()) {
            md.append(" | ").append(String.format(format, figure.applyAsDouble(figures)));
        }
        md.append(" |\n");
    }

    private void part(StringBuilder md, String name, double pipeline, double floorPart) {
        md.append(String.format("| %s | %.2f ms | %.2f ms | %.2f× | %.2f |%n", name, pipeline, floorPart, pipeline / floorPart,
                pipeline / floor.total));
    }

    private static double column(List<double[]> rows, int column) {
        return median(rows.stream().mapToDouble(row -> row[column]).toArray());
    }

    /** The median of the bursts' warm runs: {@link CostPerShot.Burst#warmWork}'s figure {@code what}. */
    private static double work(List<CostPerShot.Burst> bursts, int what) {
        return median(bursts.stream().flatMapToDouble(burst -> Arrays.stream(burst.warmWork(what))).toArray());
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
