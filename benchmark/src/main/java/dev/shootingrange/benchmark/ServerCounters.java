package dev.shootingrange.benchmark;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * What the servers say they did, by their own counters, read before and after a run and divided by
 * its shots: PostgreSQL's for some databases (pg_stat_database; pg_stat_wal for the whole cluster;
 * pg_stat_statements where it is loaded) and RabbitMQ's for the benchmark's virtual host. Where a
 * part costs a multiple of its floor, these say whether it did more work or the same work dearer.
 */
final class ServerCounters {

    /** The counters in the order a table lists them, PostgreSQL's then RabbitMQ's. */
    static final List<String> NAMES = List.of("commits", "tuples inserted", "tuples updated", "tuples deleted", "tuples fetched",
            "WAL records", "WAL bytes", "statements", "publishes", "confirms", "deliveries", "acks", "redeliveries");
    private static final Map<String, String> MESSAGE_STATS = Map.of("publishes", "publish", "confirms", "confirm", "deliveries",
            "deliver_get", "acks", "ack", "redeliveries", "redeliver");

    /** A run's result and the counters a shot it moved. */
    record Counted<T>(T result, Map<String, Double> perShot) {
    }

    private final List<String> databases;

    ServerCounters(Collection<String> databases) {
        this.databases = List.copyOf(databases);
    }

    /** The counters around {@code run}, a shot of {@code shots}; the run waits for the statistics to settle before it returns. */
    <T> Counted<T> around(long shots, Callable<T> run) throws Exception {
        Map<String, Long> before = read();
        T result = run.call();
        Map<String, Long> after = read();
        Map<String, Double> perShot = new LinkedHashMap<>();
        after.forEach((name, value) -> perShot.put(name, (value - before.getOrDefault(name, value)) / (double) shots));
        return new Counted<>(result, perShot);
    }

    Map<String, Long> read() throws Exception {
        Map<String, Long> counters = new LinkedHashMap<>();
        try (Connection connection = DriverManager.getConnection(Benchmark.JDBC + "postgres", "postgres", "");
                PreparedStatement query = connection.prepareStatement("""
                        select sum(xact_commit), sum(tup_inserted), sum(tup_updated), sum(tup_deleted), sum(tup_fetched),
                            (select wal_records from pg_stat_wal), (select wal_bytes::bigint from pg_stat_wal)
                        from pg_stat_database where datname = any(?)""")) {
            query.setArray(1, connection.createArrayOf("text", databases.toArray()));
            try (ResultSet row = query.executeQuery()) {
                row.next();
                for (int column = 1; column <= 7; column++) {
                    counters.put(NAMES.get(column - 1), row.getLong(column));
                }
            }
            statements(connection, counters);
        }
        JsonNode stats = new ObjectMapper().readTree(BenchmarkVirtualHost.figures()).path("message_stats");
        MESSAGE_STATS.forEach((name, field) -> counters.put(name, stats.path(field).asLong(0)));
        return counters;
    }

    /** Statements executed, from pg_stat_statements where the server loads it; nothing where it does not. */
    private void statements(Connection connection, Map<String, Long> counters) {
        try (PreparedStatement query = connection.prepareStatement("""
                select coalesce(sum(calls), 0) from pg_stat_statements s join pg_database d on d.oid = s.dbid
                where d.datname = any(?)""")) {
            query.setArray(1, connection.createArrayOf("text", databases.toArray()));
            try (ResultSet row = query.executeQuery()) {
                row.next();
                counters.put("statements", row.getLong(1));
            }
        } catch (SQLException absent) {
            // not created in this database, or not in shared_preload_libraries: the table leaves the row out
        }
    }
}
