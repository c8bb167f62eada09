package dev.shootingrange.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

class PhysicalFloorTest {

    @Test
    void eachPartIsDividedByItsPhysicalFloorAndTheClientsCountAsTheServicesDo() {
        // Per shot: the pipeline 2 + 1.5 + 1 ms; the physical floor 0.5 + 0.25 ms of clients, 0.5 + 0.25 ms of servers.
        Efficiency.Figures pipeline = new Efficiency.Figures(1.5, 1.0, 2.0, 4.5, 4, 9, 4000, 200);
        Efficiency.Figures raw = new Efficiency.Figures(0.6, 0.4, 3.0, 1.0, 4, 9, 4100, 400);
        PhysicalFloor physical = new PhysicalFloor(0.5, 0.3, 0.25, 0.45, 900, 1000, Map.of("commits", 4.0, "WAL bytes", 2000.0));

        String table = new FloorTable(pipeline, Map.of("commits", 6.0, "WAL bytes", 4000.0), raw, Map.of("commits", 4.2), physical)
                .table("", "");

        assertThat(physical.total()).isEqualTo(1.5);
        assertThat(table).contains("| the services; the floors' clients | 2.00 ms | (3.00 ms, not counted) | 0.75 ms | 2.67× | 1.33 |",
                "| of which pgbench; the AMQP client | | | 0.30 ms; 0.45 ms | | |", "| PostgreSQL | 1.50 ms | 0.60 ms | 0.50 ms | 3.00× | 1.00 |",
                "| RabbitMQ | 1.00 ms | 0.40 ms | 0.25 ms | 4.00× | 0.67 |", "| **total** | 4.50 ms | 1.00 ms | 1.50 ms | 3.00× | 3.00 |",
                "| efficiency against the raw clients' floor (PostgreSQL and RabbitMQ) | 4.50× |",
                "| **efficiency against the physical floor** (servers and clients) | **3.00×** |",
                "| the raw clients' floor ÷ the physical floor, the servers alone | 1.33× |", "| commits | 6.00 | 4.20 | 4.00 | 1.50× |",
                "| WAL bytes | 4000 | – | 2000 | 2.00× |");
    }

    @Test
    void theBatchedPipelineIsDividedByThePhysicalFloorToo() {
        Efficiency.Figures pipeline = new Efficiency.Figures(1.5, 1.0, 2.0, 4.5, 4, 9, 4000, 200);
        Efficiency.Figures batched = new Efficiency.Figures(1.0, 0.8, 1.5, 3.3, 2, 9, 4000, 300);
        Efficiency.Figures raw = new Efficiency.Figures(0.6, 0.4, 3.0, 1.0, 4, 9, 4100, 400);
        PhysicalFloor physical = new PhysicalFloor(0.5, 0.3, 0.25, 0.45, 900, 1000, Map.of("commits", 4.0));

        assertThat(new FloorTable(pipeline, Map.of(), raw, Map.of(), physical, batched).table("", ""))
                .contains("| **efficiency with opt-in batching against the physical floor** (history on) | **2.20×** |");
        assertThat(new FloorTable(pipeline, Map.of(), raw, Map.of(), physical).table("", "")).doesNotContain("batching");
    }

    @Test
    void theFloorAloneLeavesThePipelineOut() {
        PhysicalFloor physical = new PhysicalFloor(0.5, 0.3, 0.25, 0.45, 900, 1000, Map.of("acks", 3.0));

        assertThat(new FloorTable(null, null, null, null, physical).table("", "")).contains(
                "| **total** | – | – | 1.50 ms | – | – |", "| acks | – | – | 3.00 | – |").doesNotContain("| ratio |");
    }

    @Test
    void aProcessThatEndedMeanwhileCountsOnceThroughItsParentsChildrenTime() {
        // The postmaster (1) reaped backend 2, which had used 30 ticks before and 20 since; backend 3 started and is still there.
        Map<Long, ServerCpu.Ticks> before = Map.of(1L, new ServerCpu.Ticks(100, 1000, 0), 2L, new ServerCpu.Ticks(30, 0, 1));
        Map<Long, ServerCpu.Ticks> after = Map.of(1L, new ServerCpu.Ticks(110, 1050, 0), 3L, new ServerCpu.Ticks(5, 0, 1));

        assertThat(ServerCpu.used(before, after)).isEqualTo(Duration.ofMillis((10 + 50 - 30 + 5) * 10));
    }

    @Test
    void aStatLineIsReadPastACommandWithSpaces() {
        ServerCpu.Ticks ticks = ServerCpu.parse("42 (postgres: 15/main: walwriter ) S 7 42 42 0 -1 4194304 1 2 3 4 11 12 13 14 20 0 1 0");

        assertThat(ticks).isEqualTo(new ServerCpu.Ticks(23, 27, 7));
    }
}
