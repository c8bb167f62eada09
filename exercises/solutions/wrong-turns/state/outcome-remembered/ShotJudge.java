package dev.shootingrange.exercises.state;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Wrong turn: the outcome of each attempt kept under its attemptId, and read back for a copy. Every
 * copy gets the first answer, but the answer is not judged again: it is stored, as the side-effects
 * approach stores its messages, and the state-based approach keeps only the state it judges on.
 *
 * Caught by: ShotJudgeTest.whatTheRangeKeepsIsTheTargetsStateNeverAnOutcome
 */
public class ShotJudge {

    public static final String[] TABLES = { """
            create table target_version (
                version bigint generated always as identity primary key,
                position int not null
            )""", """
            create table judged_attempt (
                attempt_id uuid primary key,
                outcome text not null
            )""" };

    private final Supplier<Connection> transaction;

    public ShotJudge(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    public void moveTarget(int position) {
        update("insert into target_version (position) values (?)", position);
    }

    public String judge(UUID attemptId, int position) {
        String outcome = position == position(latestVersion()) ? "Hit" : "Missed";
        update("insert into judged_attempt (attempt_id, outcome) values (?, ?) on conflict (attempt_id) do nothing",
                attemptId, outcome);
        return outcome(attemptId);
    }

    private String outcome(UUID attemptId) {
        try (PreparedStatement query = transaction.get().prepareStatement("select outcome from judged_attempt where attempt_id = ?")) {
            query.setObject(1, attemptId);
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getString(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
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
