package dev.shootingrange.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class EfficiencyTest {

    private static final int SHOTS = 1000;

    @Test
    void theFloorCountsTheBrokerAndTheDatabaseAloneAndTheServicesAreMeasuredAgainstZero() {
        // Per shot: PostgreSQL 1.5 ms, RabbitMQ 1 ms, services 2.5 ms, against a floor of 0.6 + 0.4 ms.
        Efficiency efficiency = new Efficiency(figures(1.5, 1.0, 2.5), figures(1.2, 1.0, 2.0), figures(1.0, 0.8, 1.8),
                floor(0.6, 0.4, 3.0), List.of(), 1);

        assertThat(efficiency.efficiency()).isCloseTo(5.0, within(1e-9));
        assertThat(efficiency.efficiencyWithoutHistory()).isCloseTo(4.2, within(1e-9));
        assertThat(efficiency.tax()).isCloseTo(4.2 / 3.6, within(1e-9));
        assertThat(efficiency.history()).isCloseTo(5.0 / 4.2, within(1e-9));
        assertThat(efficiency.table("", "")).contains("| **total** | **5.00 ms** | **1.00 ms** | **5.00×** | **5.00** |",
                "| the three services (against zero) | 2.50 ms | 0 | – | 2.50 |", "| PostgreSQL | 1.50 ms | 0.60 ms | 2.50× | 1.50 |",
                "0 (its client 3.00 ms, not counted)", "| efficiency with opt-in batching | not measured (--batch-size=1) | ≤ 2× |");
    }

    @Test
    void batchingIsMeasuredAgainstTheSameFloorHistoryOnAndOff() {
        Efficiency efficiency = new Efficiency(figures(1.5, 1.0, 2.5), figures(1.2, 1.0, 2.0), figures(1.0, 0.8, 1.8),
                floor(0.6, 0.4, 3.0), List.of(figures(0.9, 0.6, 1.0), figures(0.8, 0.6, 0.6)), 16);

        assertThat(efficiency.batchedEfficiency(true)).isCloseTo(2.5, within(1e-9));
        assertThat(efficiency.batchedEfficiency(false)).isCloseTo(2.0, within(1e-9));
        assertThat(efficiency.table("", "")).contains(
                "| history off | inbox and outbox off, history off | batching on, history on | batching on, history off | the floor",
                "| **total** | **5.00 ms** | **4.20 ms** | **3.60 ms** | **2.50 ms** | **2.00 ms** | **1.00 ms** |",
                "| the three services | 2.50 ms | 2.00 ms | 1.80 ms | 1.00 ms | 0.60 ms | 0 (its client 3.00 ms, not counted) |",
                "| **efficiency with opt-in batching** (16 a transaction), history on | **2.50×** | ≤ 2× |",
                "| efficiency with opt-in batching, history off | 2.00× | – |", "| batching: on ÷ off, every guarantee, history on | 0.50× | – |");
    }

    @Test
    void theOutboxLeverIsWeighedAgainstTheFloorMeasuredJustBeforeIt() {
        OutboxLever lever = new OutboxLever(floor(0.8, 0.4, 3.0), floor(0.6, 0.4, 3.0), floor(0.45, 0.4, 3.0));

        assertThat(lever.table()).contains("| PostgreSQL | 0.80 ms | 0.60 ms | 0.45 ms | 0.75× |",
                "| **total** | 1.20 ms | 1.00 ms | 0.85 ms | 0.85× |", "| RabbitMQ | 0.40 ms | 0.40 ms | 0.40 ms | 1.00× |");
    }

    @Test
    void eachFigureIsTheMedianOfTheWarmRunsTheFirstLeftOut() {
        CostPerShot.Burst burst = new CostPerShot.Burst(SHOTS, List.of(run(9.0, 9.0, 9.0), run(1.0, 1.0, 1.0), run(3.0, 1.0, 1.0),
                run(2.0, 1.0, 1.0)), List.of(work(9), work(1), work(3), work(2)), Map.of());

        Efficiency.Figures figures = Efficiency.Figures.of(List.of(burst), false);

        assertThat(figures.postgres()).isCloseTo(2.0, within(1e-9));
        assertThat(figures.total()).isCloseTo(4.0, within(1e-9));
        assertThat(figures.commits()).isCloseTo(2.0, within(1e-9));
        assertThat(figures.walBytes()).isCloseTo(200.0, within(1e-9));
        assertThat(Efficiency.median(new double[] { 4, 1, 3, 2 })).isEqualTo(2.5);
    }

    private static Efficiency.Figures figures(double postgres, double rabbitmq, double services) {
        return Efficiency.Figures.of(List.of(burst(run(postgres, rabbitmq, services))), false);
    }

    private static Efficiency.Figures floor(double postgres, double rabbitmq, double client) {
        return Efficiency.Figures.of(List.of(burst(run(postgres, rabbitmq, client))), true);
    }

    /** A first run that counts for nothing, then one warm run. */
    private static CostPerShot.Burst burst(Map<String, Duration> warm) {
        return new CostPerShot.Burst(SHOTS, List.of(run(99, 99, 99), warm), List.of(work(99), work(1)), Map.of());
    }

    private static Map<String, Duration> run(double postgres, double rabbitmq, double services) {
        Map<String, Duration> run = new LinkedHashMap<>();
        run.put("shooting-range", perShot(services));
        run.put(CostPerShot.POSTGRESQL, perShot(postgres));
        run.put(CostPerShot.RABBITMQ, perShot(rabbitmq));
        return run;
    }

    private static Duration perShot(double ms) {
        return Duration.ofNanos(Math.round(ms * 1e6 * SHOTS));
    }

    /** Commits, rows written, seconds and WAL bytes per shot, as a burst's run keeps them. */
    private static double[] work(double commits) {
        return new double[] { commits, 9, 10, commits * 100 };
    }
}
