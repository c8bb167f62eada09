package dev.shootingrange.exercises.ordering;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Wrong turn: a shot judged on the newest move up to the one it names. Right where its move has
 * arrived; a shot that overtook its move is judged at once on the move before, and missed.
 *
 * Caught by: MovingTargetTest.aShotThatOvertookItsMoveWaitsForIt
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
        return positionAt("select position from target_move where move <= ? order by move desc limit 1", aimedAtMove)
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
