package dev.shootingrange.exercises.judge;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

import javax.sql.DataSource;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A schema of its own for each exercise and test run (two runs at once, the solutions' and the
 * starting points', do not meet), made afresh before each test with the tables the participant's
 * code declares and dropped after the last, and the transactions a consumer runs in. The participant's code gets
 * the connection of the transaction in progress ({@link #connection()}), as a handler inside the
 * core's transaction would.
 */
public final class Database implements BeforeEachCallback, AfterAllCallback {

    /** Work done inside a transaction. */
    @FunctionalInterface
    public interface Work<T> {
        T run() throws Exception;
    }

    /** The functions PostgreSQL reads its clock with, each of which a schema ahead of pg_catalog can stand in for. */
    private static final String[] CLOCK_FUNCTIONS = { "now", "transaction_timestamp", "statement_timestamp", "clock_timestamp" };

    private final String schema;
    private final String[] tables;
    private Duration clockAhead = Duration.ZERO;
    private final ThreadLocal<Connection> transaction = new ThreadLocal<>();
    private PGSimpleDataSource dataSource;

    /** @param tables the statements that make the exercise's tables, run in a fresh schema before each test */
    public Database(String schema, String... tables) {
        this.schema = "exercise_" + schema + "_" + ProcessHandle.current().pid();
        this.tables = tables;
    }

    /**
     * This database's clock, as its connections read it ({@code now()} and the other clock functions),
     * runs {@code ahead} of this machine's: as a database server's clock may be off from the
     * instance's that asks it. The test's own statements stamp by it as the participant's do.
     * {@code current_timestamp} and {@code localtimestamp} are SQL keywords no schema can stand in for:
     * they still read the server's own clock.
     */
    public Database clockAhead(Duration ahead) {
        this.clockAhead = ahead;
        return this;
    }

    @Override
    public void beforeEach(ExtensionContext context) throws SQLException {
        if (dataSource == null) {
            String[] server = Servers.postgres();
            PGSimpleDataSource source = new PGSimpleDataSource();
            source.setUrl(server[0]);
            source.setUser(server[1]);
            source.setPassword(server[2]);
            // The exercise's schema before pg_catalog: its clock functions, where it has them, stand in for PostgreSQL's.
            source.setCurrentSchema(schema + ",pg_catalog");
            dataSource = source;
        }
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("drop schema if exists " + schema + " cascade");
            statement.execute("create schema " + schema);
            if (!clockAhead.isZero()) {
                for (String clock : CLOCK_FUNCTIONS) {
                    statement.execute("create function %s.%s() returns timestamptz language sql stable as $$ select pg_catalog.%s()"
                            .formatted(schema, clock, clock) + " + interval '" + clockAhead.toMillis() + " milliseconds' $$");
                }
            }
            for (String table : tables) {
                statement.execute(table);
            }
        }
    }

    @Override
    public void afterAll(ExtensionContext context) throws SQLException {
        if (dataSource != null) {
            try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
                statement.execute("drop schema if exists " + schema + " cascade");
            }
        }
    }

    /** Connections of their own, as a relay or a clean-up takes them; autocommit on. */
    public DataSource dataSource() {
        return dataSource;
    }

    /** The connection of the transaction this thread is running. */
    public Connection connection() {
        Connection connection = transaction.get();
        if (connection == null) {
            throw new IllegalStateException("no transaction in progress on this thread");
        }
        return connection;
    }

    /** Runs the work in one transaction: committed where it returns, rolled back where it throws. */
    public <T> T inTransaction(Work<T> work) throws Exception {
        try (Connection connection = dataSource.getConnection()) {
            connection.setAutoCommit(false);
            transaction.set(connection);
            try {
                T result = work.run();
                connection.commit();
                return result;
            } catch (Exception | Error e) {
                connection.rollback();
                throw e;
            } finally {
                transaction.remove();
            }
        }
    }

    /** Runs a statement of the test's own (outside the participant's code), in the transaction in progress if any. */
    public int update(String sql, Object... parameters) throws SQLException {
        Connection current = transaction.get();
        try (Connection own = current == null ? dataSource.getConnection() : null;
                PreparedStatement statement = (current == null ? own : current).prepareStatement(sql)) {
            bind(statement, parameters);
            return statement.executeUpdate();
        }
    }

    /** The number the query answers in its first column (a count), read outside any transaction. */
    public long number(String sql, Object... parameters) throws SQLException {
        try (Connection connection = dataSource.getConnection(); PreparedStatement statement = connection.prepareStatement(sql)) {
            bind(statement, parameters);
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }

    /** Sessions of this database waiting on a lock: a second copy waiting for the first one's commit. */
    public long sessionsWaitingOnALock() throws SQLException {
        return number("select count(*) from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()");
    }

    private static void bind(PreparedStatement statement, Object[] parameters) throws SQLException {
        for (int i = 0; i < parameters.length; i++) {
            statement.setObject(i + 1, parameters[i]);
        }
    }
}
