package dev.shootingrange.lab;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.List;
import java.util.UUID;

import javax.sql.DataSource;

import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * One batch of history rows in one transaction, and whether a batch whose commit failed went in after
 * all. A commit can take effect with its answer lost on the way back (the session ended under it, the
 * network dropped): written again blindly, every row of that batch would be in the history twice, and
 * the checker would call a message handled once "handled twice". The batch remembers its transaction
 * id, and PostgreSQL says what became of it ({@code txid_status}).
 */
final class HistoryInsert {

    private static final String INSERT = """
            insert into message_history (game_id, direction, message_id, type, attempt_id, causation_id, disposition,
                                         redelivered, detail, body, recorded_at)
            values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""";

    /** What became of a batch: in the history, not in it, or not known yet (the database does not answer). */
    enum Outcome {
        WRITTEN, NOT_WRITTEN, UNKNOWN
    }

    private final DataSource dataSource;
    private final List<MessageHistory> rows;
    /** The transaction the rows were written in, once it had one; 0 before. */
    private long transaction;

    HistoryInsert(DataSource dataSource, List<MessageHistory> rows) {
        this.dataSource = dataSource;
        this.rows = rows;
    }

    /** Writes the rows in a transaction of their own; throws where it failed or its commit went unanswered. */
    void write() {
        QuarkusTransaction.requiringNew().run(this::insert);
    }

    /**
     * After {@link #write} threw: whether its rows are in the history all the same. A transaction still
     * ending (its session being terminated) is not known yet.
     */
    Outcome afterAFailure() {
        if (transaction == 0) {
            return Outcome.NOT_WRITTEN;
        }
        try (Connection connection = dataSource.getConnection();
                PreparedStatement status = connection.prepareStatement("select txid_status(?)")) {
            status.setLong(1, transaction);
            try (ResultSet result = status.executeQuery()) {
                result.next();
                String outcome = result.getString(1);
                if ("committed".equals(outcome)) {
                    return Outcome.WRITTEN;
                }
                // Aborted, or so old that PostgreSQL forgot it (never a batch of seconds ago).
                return "in progress".equals(outcome) ? Outcome.UNKNOWN : Outcome.NOT_WRITTEN;
            }
        } catch (SQLException e) {
            return Outcome.UNKNOWN;
        }
    }

    private void insert() {
        try (Connection connection = dataSource.getConnection()) {
            try (PreparedStatement id = connection.prepareStatement("select txid_current()");
                    ResultSet result = id.executeQuery()) {
                result.next();
                transaction = result.getLong(1);
            }
            try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
                for (MessageHistory row : rows) {
                    insert.setString(1, row.gameId);
                    insert.setString(2, row.direction.name());
                    setUuid(insert, 3, row.messageId);
                    insert.setString(4, row.type);
                    setUuid(insert, 5, row.attemptId);
                    setUuid(insert, 6, row.causationId);
                    insert.setString(7, row.disposition.name());
                    insert.setBoolean(8, row.redelivered);
                    insert.setString(9, row.detail);
                    insert.setString(10, row.body);
                    insert.setTimestamp(11, Timestamp.from(row.recordedAt));
                    insert.addBatch();
                }
                insert.executeBatch();
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void setUuid(PreparedStatement statement, int index, UUID value) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.OTHER);
        } else {
            statement.setObject(index, value);
        }
    }
}
