package dev.shootingrange.exercises.state;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Exercise 5: the state-based approach (README.md in this package).
 *
 * The range judges each FireAt against the target: a Hit where the shot's position is the target's,
 * a Missed anywhere else. A copy of a FireAt (the same attemptId) may come after a MoveTarget. Make
 * the copy judged on the target as the first handling saw it, so that one attempt has one outcome,
 * while a new attempt is judged on the target as it stands, and copies judged at the same moment agree.
 */
public class ShotJudge {

    /** The target's positions, one row per MoveTarget. What would a copy need to find its first judgement's? */
    public static final String[] TABLES = { """
            create table target_version (
                version bigint generated always as identity primary key,
                position int not null
            )""" };

    private final Supplier<Connection> transaction;

    /** @param transaction the connection of the transaction that handles the message */
    public ShotJudge(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    /** A MoveTarget: the target stands at {@code position}, a new version of it. */
    public void moveTarget(int position) {
        update("insert into target_version (position) values (?)", position);
    }

    /** A FireAt of attempt {@code attemptId} at {@code position}: "Hit" or "Missed". */
    public String judge(UUID attemptId, int position) {
        // TODO a copy of an attempt is judged on the version its first handling saw; record what it needs.
        int targetPosition = position(latestVersion());
        return position == targetPosition ? "Hit" : "Missed";
    }

    private long latestVersion() {
        return number("select max(version) from target_version");
    }

    private int position(long version) {
        return (int) number("select position from target_version where version = ?", version);
    }

    private void update(String sql, Object... parameters) {
        try (PreparedStatement statement = transaction.get().prepareStatement(sql)) {
            bind(statement, parameters);
            statement.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private long number(String sql, Object... parameters) {
        try (PreparedStatement query = transaction.get().prepareStatement(sql)) {
            bind(query, parameters);
            try (ResultSet rows = query.executeQuery()) {
                if (!rows.next() || rows.getObject(1) == null) {
                    throw new IllegalStateException("no target yet: a MoveTarget comes first");
                }
                return rows.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void bind(PreparedStatement statement, Object[] parameters) throws SQLException {
        for (int i = 0; i < parameters.length; i++) {
            statement.setObject(i + 1, parameters[i]);
        }
    }
}
