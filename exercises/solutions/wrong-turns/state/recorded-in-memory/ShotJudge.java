package dev.shootingrange.exercises.state;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Wrong turn: the version each attempt was judged on, kept in memory. A copy after a move is judged
 * on the right target; but a judgement that rolled back leaves its version behind, and binds the
 * redelivery to a target nobody heard of (a restart forgets them all, the other way round).
 *
 * Caught by: ShotJudgeTest.aJudgementThatRolledBackLeavesItsRedeliveryToBeJudgedAsTheFirst
 */
public class ShotJudge {

    public static final String[] TABLES = { """
            create table target_version (
                version bigint generated always as identity primary key,
                position int not null
            )""", """
            create table judged_attempt (
                attempt_id uuid primary key,
                target_version bigint not null references target_version
            )""" };

    private static final Map<UUID, Long> JUDGED_ON = new ConcurrentHashMap<>();

    private final Supplier<Connection> transaction;

    public ShotJudge(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    public void moveTarget(int position) {
        update("insert into target_version (position) values (?)", position);
    }

    public String judge(UUID attemptId, int position) {
        int targetPosition = position(JUDGED_ON.computeIfAbsent(attemptId, attempt -> latestVersion()));
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
