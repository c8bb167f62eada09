package dev.shootingrange.benchmark;

import java.util.Map;

/**
 * A sitting's pipeline against both floors, part by part, and the servers' counters a shot that say
 * why a part costs its multiple. Without a pipeline (--only=floor) the physical floor alone.
 *
 * @param pipeline every guarantee and the history on; null where not measured
 * @param pipelineCounters its counters a shot, over all its runs; null where not measured
 * @param raw the raw clients' floor ({@link Anchor}); null where not measured
 * @param rawCounters its counters a shot, over all its runs; null where not measured
 * @param physical the physical floor
 * @param batched the pipeline with opt-in batching, history on; null where not measured
 */
record FloorTable(Efficiency.Figures pipeline, Map<String, Double> pipelineCounters, Efficiency.Figures raw,
        Map<String, Double> rawCounters, PhysicalFloor physical, Efficiency.Figures batched) {

    FloorTable(Efficiency.Figures pipeline, Map<String, Double> pipelineCounters, Efficiency.Figures raw,
            Map<String, Double> rawCounters, PhysicalFloor physical) {
        this(pipeline, pipelineCounters, raw, rawCounters, physical, null);
    }

    String table(String title, String about) {
        StringBuilder md = new StringBuilder("## Against the physical floor" + title + "\n\n").append(about).append("\n\n");
        md.append("| a shot, warm (median) | pipeline, every guarantee, history on | raw clients' floor | physical floor "
                + "| pipeline ÷ physical floor | physical floors it adds |\n| --- | ---: | ---: | ---: | ---: | ---: |\n");
        part(md, "the services; the floors' clients", pipeline == null ? null : pipeline.services(),
                raw == null ? "–" : String.format("(%.2f ms, not counted)", raw.services()), physical.clients());
        md.append(String.format("| of which pgbench; the AMQP client | | | %.2f ms; %.2f ms | | |%n", physical.pgbench(), physical.amqpClient()));
        part(md, "PostgreSQL", pipeline == null ? null : pipeline.postgres(), raw == null ? "–" : ms(raw.postgres()), physical.postgres());
        part(md, "RabbitMQ", pipeline == null ? null : pipeline.rabbitmq(), raw == null ? "–" : ms(raw.rabbitmq()), physical.rabbitmq());
        part(md, "**total**", pipeline == null ? null : pipeline.total(), raw == null ? "–" : ms(raw.total()), physical.total());
        md.append(String.format("| shots/s | %s | %s | PostgreSQL %.0f, RabbitMQ %.0f | | |%n%n",
                pipeline == null ? "–" : String.format("%.0f", pipeline.shotsPerSecond()),
                raw == null ? "–" : String.format("%.0f", raw.shotsPerSecond()), physical.postgresShotsPerSecond(),
                physical.rabbitmqShotsPerSecond()));
        if (raw != null) {
            md.append("| ratio | measured |\n| --- | ---: |\n");
            if (pipeline != null) {
                md.append(String.format("| efficiency against the raw clients' floor (PostgreSQL and RabbitMQ) | %.2f× |%n"
                        + "| **efficiency against the physical floor** (servers and clients) | **%.2f×** |%n",
                        pipeline.total() / raw.total(), pipeline.total() / physical.total()));
            }
            if (batched != null) {
                // Issue 42's goals: within 5× of the physical floor with the defaults, 3× with batching.
                md.append(String.format("| **efficiency with opt-in batching against the physical floor** (history on) | **%.2f×** |%n",
                        batched.total() / physical.total()));
            }
            md.append(String.format("| the raw clients' floor ÷ the physical floor, the servers alone | %.2f× |%n%n",
                    raw.total() / (physical.postgres() + physical.rabbitmq())));
        }
        md.append("| the servers' counters, a shot | pipeline | raw clients' floor | physical floor | pipeline ÷ physical floor |\n"
                + "| --- | ---: | ---: | ---: | ---: |\n");
        physical.counters().forEach((name, floor) -> {
            Double measured = pipelineCounters == null ? null : pipelineCounters.get(name);
            md.append(String.format("| %s | %s | %s | %s | %s |%n", name, count(measured),
                    count(rawCounters == null ? null : rawCounters.get(name)), count(floor),
                    measured == null || floor == 0 ? "–" : String.format("%.2f×", measured / floor)));
        });
        return md.append('\n').toString();
    }

    private void part(StringBuilder md, String name, Double measured, String rawFigure, double floor) {
        md.append(String.format("| %s | %s | %s | %s | %s | %s |%n", name, measured == null ? "–" : ms(measured), rawFigure, ms(floor),
                measured == null ? "–" : String.format("%.2f×", measured / floor),
                measured == null ? "–" : String.format("%.2f", measured / physical.total())));
    }

    private static String ms(double figure) {
        return String.format("%.2f ms", figure);
    }

    private static String count(Double figure) {
        if (figure == null) {
            return "–";
        }
        return Math.abs(figure) >= 100 ? String.format("%.0f", figure) : String.format("%.2f", figure);
    }
}
