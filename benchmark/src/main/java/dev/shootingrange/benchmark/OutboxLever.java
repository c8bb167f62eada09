package dev.shootingrange.benchmark;

import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * A lever weighed on the floor, where nothing else moves: the relay's rows marked sent (as the core
 * does, and purged later) against claimed and deleted in one statement (no mark, no purge), the same
 * shots' raw work measured right after the floor. What it saves here is what PostgreSQL would save a
 * shot in the pipeline, which writes one outbox row a shot in the burst as the floor does.
 *
 * @param before the floor measured first in the sitting
 * @param after the floor measured again, just before {@code deleted}
 * @param deleted the floor with the relay claiming and deleting
 */
record OutboxLever(Efficiency.Figures before, Efficiency.Figures after, Efficiency.Figures deleted) {

    String table() {
        StringBuilder md = new StringBuilder("""
                ### A lever weighed on the floor: the outbox claimed and deleted

                The floor again, its relay deleting each row in the statement that claims it, instead of marking \
                it sent after the confirms (the core's shape, whose rows the lab reads and a sweep purges).

                | per shot, warm (median) | the floor, first | the floor, again | rows claimed and deleted | deleted ÷ again |
                | --- | ---: | ---: | ---: | ---: |
                """);
        row(md, "PostgreSQL", "%.2f ms", Efficiency.Figures::postgres);
        row(md, "RabbitMQ", "%.2f ms", Efficiency.Figures::rabbitmq);
        row(md, "**total**", "%.2f ms", Efficiency.Figures::total);
        row(md, "commits", "%.1f", Efficiency.Figures::commits);
        row(md, "rows written", "%.1f", Efficiency.Figures::rows);
        row(md, "WAL written (the whole cluster)", "%.0f B", Efficiency.Figures::walBytes);
        return md.append('\n').toString();
    }

    private void row(StringBuilder md, String name, String format, ToDoubleFunction<Efficiency.Figures> figure) {
        md.append("| ").append(name);
        for (Efficiency.Figures figures : List.of(before, after, deleted)) {
            md.append(" | ").append(String.format(format, figure.applyAsDouble(figures)));
        }
        md.append(String.format(" | %.2f× |%n", figure.applyAsDouble(deleted) / figure.applyAsDouble(after)));
    }
}
