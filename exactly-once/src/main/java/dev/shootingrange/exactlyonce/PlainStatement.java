package dev.shootingrange.exactlyonce;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import jakarta.persistence.EntityManager;

import org.hibernate.Session;

/**
 * One SQL statement run straight on the transaction's JDBC connection: for the writes and reads on
 * every message's path. There the ORM's own native queries cost more CPU than the statements (a plan,
 * binding through its type system, result handling), and it has nothing to keep in step: a row written
 * or read here is never loaded as an entity in the same transaction. Parameters are JDBC's {@code ?},
 * in order; an {@link Instant} is sent as a timestamp with time zone, a {@code Long[]} as a bigint
 * array, a null as a value of the column's type.
 * <p>
 * The ORM does not flush before these statements: one must not depend on an entity persisted or changed
 * earlier in the same transaction and not flushed yet (none on today's paths does; flush first where one
 * would). Run inside a transaction: outside one the statement would commit on its own.
 */
public final class PlainStatement {

    /** Reads one row of a result. */
    @FunctionalInterface
    public interface Row<T> {
        T read(ResultSet row) throws SQLException;
    }

    private PlainStatement() {
    }

    /** Runs an insert, update or delete; returns the rows it changed. */
    public static int update(EntityManager entityManager, String sql, Object... parameters) {
        return entityManager.unwrap(Session.class).doReturningWork(connection -> {
            try (PreparedStatement statement = connection.prepareStatement(sql)) {
                bind(statement, parameters);
                return statement.executeUpdate();
            }
        });
    }

    /** The first row the statement answers, read by {@code row}; null where it answers none. */
    public static <T> T first(EntityManager entityManager, String sql, Row<T> row, Object... parameters) {
        return entityManager.unwrap(Session.class).doReturningWork(connection -> {
            try (PreparedStatement statement = connection.prepareStatement(sql)) {
                bind(statement, parameters);
                try (ResultSet rows = statement.executeQuery()) {
                    return rows.next() ? row.read(rows) : null;
                }
            }
        });
    }

    /** Every row the statement answers, each read by {@code row}. */
    public static <T> List<T> list(EntityManager entityManager, String sql, Row<T> row, Object... parameters) {
        return entityManager.unwrap(Session.class).doReturningWork(connection -> {
            try (PreparedStatement statement = connection.prepareStatement(sql)) {
                bind(statement, parameters);
                List<T> read = new ArrayList<>();
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        read.add(row.read(rows));
                    }
                }
                return read;
            }
        });
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
