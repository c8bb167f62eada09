package dev.shootingrange.exercises.retention;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;

import javax.sql.DataSource;

/**
 * Wrong turn: the database's clock, the window in seconds read as milliseconds. Five minutes become
 * three tenths of a second: nearly every record is forgotten at once.
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
                "delete from inbox where received_at < now() - ? * interval '1 millisecond'")) {
            delete.setLong(1, window.toSeconds());
            return delete.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("could not purge the inbox", e);
        }
    }
}
