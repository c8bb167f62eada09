package dev.shootingrange.benchmark;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * PostgreSQL's physical floor for a shot: its transactions as pgbench sends them, prepared, from a
 * few clients, on minimal tables (a key and what the rule needs), in a database of its own. Per
 * shot, as the pipeline commits: the range's inbox row, the target read, the outcome and the outbox
 * row; the relay's update of that row; the board's inbox row, counted attempt and score upsert; the
 * scenario's inbox row and shot upsert. The CPU is the backends' (reaped into the postmaster's
 * children's time when pgbench disconnects, {@link ServerCpu}) and pgbench's own.
 */
final class PgbenchFloor {

    static final String DATABASE = "benchmark_floor";
    static final int CLIENTS = 4;

    private static final String TABLES = """
            drop table if exists range_inbox, target, outcome, outbox, board_inbox, counted_attempt, player_score,
                scenario_inbox, shot;
            create table range_inbox (message_id uuid primary key);
            create table target (game_id integer primary key, position integer not null);
            create table outcome (attempt_id bigint primary key, hit boolean not null);
            create table outbox (id bigint generated always as identity primary key, payload bytea not null, sent_at timestamptz);
            create table board_inbox (message_id uuid primary key);
            create table counted_attempt (attempt_id bigint primary key);
            create table player_score (game_id integer, player integer, shots integer not null, primary key (game_id, player));
            create table scenario_inbox (message_id uuid primary key);
            create table shot (attempt_id bigint primary key, missed_seen boolean not null);
            insert into target select game, 0 from generate_series(1, 10) game;
            """;

    /** One shot: four commits, as the pipeline's; a payload the size of a Hit or Missed. */
    private static final String SHOT = """
            \\set game random(1, 10)
            \\set player random(1, 7)
            \\set attempt random(1, 9000000000000000000)
            BEGIN;
            INSERT INTO range_inbox VALUES (gen_random_uuid());
            SELECT position FROM target WHERE game_id = :game;
            INSERT INTO outcome VALUES (:attempt, false);
            INSERT INTO outbox (payload) VALUES (convert_to(repeat('x', 300), 'UTF8')) RETURNING id \\gset
            COMMIT;
            UPDATE outbox SET sent_at = now() WHERE id = :id;
            BEGIN;
            INSERT INTO board_inbox VALUES (gen_random_uuid());
            INSERT INTO counted_attempt VALUES (:attempt);
            INSERT INTO player_score VALUES (:game, :player, 1) ON CONFLICT (game_id, player)
                DO UPDATE SET shots = player_score.shots + 1;
            COMMIT;
            BEGIN;
            INSERT INTO scenario_inbox VALUES (gen_random_uuid());
            INSERT INTO shot VALUES (:attempt, true) ON CONFLICT (attempt_id) DO UPDATE SET missed_seen = true;
            COMMIT;
            """;

    /** One run: the backends' CPU, pgbench's, and the run's seconds. */
    record Run(Duration postgres, Duration client, double seconds) {
    }

    private PgbenchFloor() {
    }

    /** The database if missing, its tables anew. */
    static void create() throws Exception {
        try (Connection postgres = DriverManager.getConnection(Benchmark.JDBC + "postgres", "postgres", "");
                Statement sql = postgres.createStatement();
                ResultSet exists = sql.executeQuery("select 1 from pg_database where datname = '" + DATABASE + "'")) {
            if (!exists.next()) {
                sql.execute("create database " + DATABASE);
            }
        }
        try (Connection floor = DriverManager.getConnection(Benchmark.JDBC + DATABASE, "postgres", "");
                Statement sql = floor.createStatement()) {
            sql.execute(TABLES);
        }
    }

    /** {@code shots} shots, shared among the clients (rounded up to a multiple of them). */
    static Run run(int shots) throws Exception {
        Path script = Files.createTempFile("floor-shot", ".sql");
        Path log = Path.of("target", "pgbench.log");
        try {
            Files.writeString(script, SHOT);
            List<String> command = new ArrayList<>(List.of("sh", "-c", "\"$@\" || exit $?; cat /proc/$$/stat", "sh", pgbench(),
                    "-h", "127.0.0.1", "-U", "postgres", "-n", "-M", "prepared", "-c", Integer.toString(CLIENTS), "-j", "2",
                    "-t", Integer.toString((shots + CLIENTS - 1) / CLIENTS), "-f", script.toString(), DATABASE));
            Files.createDirectories(log.getParent());
            var before = ServerCpu.snapshot(CostPerShot.POSTGRESQL);
            long start = System.nanoTime();
            Process pgbench = new ProcessBuilder(command).redirectError(log.toFile()).start();
            String stat = new String(pgbench.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (pgbench.waitFor() != 0) {
                throw new IllegalStateException("pgbench failed, see " + log + ":\n" + Files.readString(log));
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            awaitBackendsGone();
            Duration postgres = ServerCpu.used(before, ServerCpu.snapshot(CostPerShot.POSTGRESQL));
            // The shell waited for pgbench: its children's time is pgbench's CPU.
            return new Run(postgres, ServerCpu.of(ServerCpu.parse(stat).children()), seconds);
        } finally {
            Files.deleteIfExists(script);
        }
    }

    /** The backends end after pgbench does; their CPU reaches the postmaster's children's time when they are reaped. */
    private static void awaitBackendsGone() throws Exception {
        try (Connection postgres = DriverManager.getConnection(Benchmark.JDBC + "postgres", "postgres", "");
                Statement sql = postgres.createStatement()) {
            for (int poll = 0; poll < 100; poll++) {
                try (ResultSet left = sql.executeQuery("select count(*) from pg_stat_activity where application_name = 'pgbench'")) {
                    left.next();
                    if (left.getLong(1) == 0) {
                        break;
                    }
                }
                Thread.sleep(50);
            }
        }
        Thread.sleep(200);
    }

    /** The one on PATH (CI puts the server's own version first), else the distribution's. */
    static String pgbench() {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .map(directory -> Path.of(directory, "pgbench")).filter(Files::isExecutable).map(Path::toString)
                .findFirst().orElse("/usr/bin/pgbench");
    }
}
