package dev.shootingrange.exactlyonce;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import jakarta.persistence.PersistenceException;

import io.agroal.api.AgroalDataSource;
import io.quarkus.arc.Arc;
import io.quarkus.arc.ArcContainer;

/**
 * One SQL statement run straight on the transaction's JDBC connection: for the writes and reads on
 * every message's path. There the ORM costs more CPU than the statements: its native queries (a plan,
 * binding through its type system, result handling), and even its session, opened and closed around
 * every transaction that touches it. The statement takes the connection from the datasource, which
 * hands every caller in one transaction the same connection (the ORM's too), so a transaction whose
 * work is all plain statements opens no session. A row written or read here is never loaded as an
 * entity in the same transaction. Parameters are JDBC's {@code ?}, in order; an {@link Instant} is
 * sent as a timestamp with time zone, a {@code Long[]} as a bigint array, a null as a value of the
 * column's type.
 * <p>
 * The ORM does not flush before these statements: one must not depend on an entity persisted or changed
 * earlier in the same transaction and not flushed yet (none on today's paths does; flush first where one
 * would). Run inside a transaction: outside one the statement commits on its own.
 */
public final class PlainStatement {

    /** Reads one row of a result. */
    @FunctionalInterface
    public interface Row<T> {
        T read(ResultSet row) throws SQLException;
    }

    /** The application's datasource, and the application it belongs to. */
    private record Source(ArcContainer container, AgroalDataSource dataSource) {
    }

    private static volatile Source current;

    private PlainStatement() {
    }

    /** Runs an insert, update or delete; returns the rows it changed. */
    public static int update(String sql, Object... parameters) {
        try (Connection connection = connection(); PreparedStatement statement = connection.prepareStatement(sql)) {
            bind(statement, parameters);
            return statement.executeUpdate();
        } catch (SQLException e) {
            throw failed(sql, e);
        }
    }

    /** The first row the statement answers, read by {@code row}; null where it answers none. */
    public static <T> T first(String sql, Row<T> row, Object... parameters) {
        try (Connection connection = connection(); PreparedStatement statement = connection.prepareStatement(sql)) {
            bind(statement, parameters);
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next() ? row.read(rows) : null;
            }
        } catch (SQLException e) {
            throw failed(sql, e);
        }
    }

    /** Every row the statement answers, each read by {@code row}. */
    public static <T> List<T> list(String sql, Row<T> row, Object... parameters) {
        try (Connection connection = connection(); PreparedStatement statement = connection.prepareStatement(sql)) {
            bind(statement, parameters);
            List<T> read = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    read.add(row.read(rows));
                }
            }
            return read;
        } catch (SQLException e) {
            throw failed(sql, e);
        }
    }

    /** The transaction's connection (closing it leaves it with the transaction), or one of its own outside any. */
    private static Connection connection() throws SQLException {
        ArcContainer container = Arc.container();
        Source source = current;
        if (source == null || source.container() != container) {
            // Looked up once per application: a test run starts several, one after the other.
            source = new Source(container, container.instance(AgroalDataSource.class).get());
            current = source;
        }
        return source.dataSource().getConnection();
    }

    /** As the ORM would say it: a failed statement is a persistence failure, with the driver's reason as its cause. */
    private static RuntimeException failed(String sql, SQLException e) {
        return new PersistenceException("could not run [" + sql.strip().lines().findFirst().orElse(sql) + "]", e);
    }

    private static void bind(PreparedStatement statement, Object[] parameters) throws SQLException {
        for (int i = 0; i < parameters.length; i++) {
            Object value = parameters[i];
            if (value == null) {
                // Of no type: PostgreSQL takes the column's (or the cast's) for it.
                statement.setNull(i + 1, Types.OTHER);
            } else if (value instanceof Long[] numbers) {
                statement.setArray(i + 1, statement.getConnection().createArrayOf("bigint", numbers));
            } else if (value instanceof UUID[] ids) {
                statement.setArray(i + 1, statement.getConnection().createArrayOf("uuid", ids));
            } else if (value instanceof Instant instant) {
                statement.setObject(i + 1, instant.atOffset(ZoneOffset.UTC));
            } else {
                statement.setObject(i + 1, value);
            }
        }
    }
}
