package dev.shootingrange.exercises.retention;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;

import javax.sql.DataSource;

/**
 * Wrong turn: the database's clock, the window on the wrong side of it. Every record is older than
 * now() plus the window: the purge forgets them all, and a copy a minute late is handled again.
 *
 * Caught by: InboxWindowTest.aRecordInsideTheWindowSurvives
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
                "delete from inbox where received_at < now() + ? * interval '1 millisecond'")) {
            delete.setLong(1, window.toMillis());
            return delete.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("could not purge the inbox", e);
        }
    }
}
