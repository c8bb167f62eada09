package dev.shootingrange.exercises.ordering;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Exercise 10: re-ordering, answered by the business rules (README.md beside this class).
 *
 * The game numbers its MoveTargets (1, 2, 3, ...) and every FireAt says which move the player saw
 * when aiming. The broker may deliver them in another order than they were sent, and more than once.
 * Here the last move to arrive places the target, and a shot is judged where the target stands when
 * it arrives. Make the order of arrival not matter.
 */
public class MovingTarget {

    /** The range's tables, made before each test. */
    public static final String[] TABLES = { """
            create table target (
                id int primary key default 1 check (id = 1),
                position int not null
            )""" };

    private final Supplier<Connection> transaction;

    /** @param transaction the connection of the transaction that handles the message */
    public MovingTarget(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    /** A MoveTarget: the game's {@code move}-th, to {@code position}. */
    public void moveTarget(long move, int position) {
        // TODO a move older than one already here must not move the target back.
        try (PreparedStatement place = transaction.get().prepareStatement(
                "insert into target (position) values (?) on conflict (id) do update set position = excluded.position")) {
            place.setInt(1, position);
            place.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("could not move the target", e);
        }
    }

    /** Where the target stands now, as the game last moved it (empty before any move). */
    public Optional<Integer> position() {
        try (PreparedStatement query = transaction.get().prepareStatement("select position from target");
                ResultSet row = query.executeQuery()) {
            return row.next() ? Optional.of(row.getInt(1)) : Optional.empty();
        } catch (SQLException e) {
            throw new IllegalStateException("could not read the target", e);
        }
    }

    /**
     * A FireAt at {@code position}, aimed when the player saw the game's {@code aimedAtMove}-th move:
     * Hit or Missed, or empty where the range cannot judge it yet (the consumer then leaves it to a
     * later delivery).
     */
    public Optional<String> judge(UUID attemptId, int position, long aimedAtMove) {
        // TODO judge the shot where the target stood for the player, and only once that move has arrived.
        return position().map(target -> target == position ? "Hit" : "Missed");
    }
}
