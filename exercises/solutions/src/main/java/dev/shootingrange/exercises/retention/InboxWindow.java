package dev.shootingrange.exercises.retention;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;

import javax.sql.DataSource;

/**
 * Exercise 6, solved: the window's edge is computed by the clock that stamped the records, the
 * database's ({@code now()} at insert and at purge). An instance whose clock runs ahead would
 * otherwise forget records early, and a copy arriving within the window would be handled again; one
 * whose clock runs behind would keep them past it. The instance's clock is taken, and left unused,
 * on purpose: it is the one clock the clean-up must not ask.
 */
public class InboxWindow {

    public static final String TABLE = """
            create table inbox (
                consumer text not null,
                message_id uuid not null,
                received_at timestamptz not null default now(),
                primary key (consumer, message_id)
            )""";

    private final DataSource dataSource;

    public InboxWindow(DataSource dataSource, Clock clock) {
        this.dataSource = dataSource;
    }

    public int purge(Duration window) {
        try (Connection connection = dataSource.getConnection(); PreparedStatement delete = connection.prepareStatement(
                "delete from inbox where received_at < now() - ? * interval '1 millisecond'")) {
            delete.setLong(1, window.toMillis());
            return delete.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("could not purge the inbox", e);
        }
    }
}
