package dev.shootingrange.exercises.ordering;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Exercise 10, solved: every move is kept under its number, so the order they arrive in tells
 * nothing and a copy adds nothing (the primary key). The target stands at the highest number
 * arrived; a shot is judged on the very move it names, whatever came since, and waits where that move
 * has not arrived. No inbox is needed against copies or re-ordering: the rules themselves tolerate
 * both, the write-up's business-logic approach. A copy of a FireAt is judged again on the same move:
 * the same outcome.
 */
public class MovingTarget {

    public static final String[] TABLES = { """
            create table target_move (
                move bigint primary key,
                position int not null
            )""" };

    private final Supplier<Connection> transaction;

    public MovingTarget(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    public void moveTarget(long move, int position) {
        try (PreparedStatement keep = transaction.get().prepareStatement(
                "insert into target_move (move, position) values (?, ?) on conflict (move) do nothing")) {
            keep.setLong(1, move);
            keep.setInt(2, position);
            keep.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("could not move the target", e);
        }
    }

    public Optional<Integer> position() {
        return positionAt("select position from target_move order by move desc limit 1");
    }

    public Optional<String> judge(UUID attemptId, int position, long aimedAtMove) {
        return positionAt("select position from target_move where move = ?", aimedAtMove)
                .map(target -> target == position ? "Hit" : "Missed");
    }

    private Optional<Integer> positionAt(String sql, Object... parameters) {
        try (PreparedStatement query = transaction.get().prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                query.setObject(i + 1, parameters[i]);
            }
            try (ResultSet row = query.executeQuery()) {
                return row.next() ? Optional.of(row.getInt(1)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not read the target", e);
        }
    }
}
