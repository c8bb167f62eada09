package dev.shootingrange.exercises.retention;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import javax.sql.DataSource;

/**
 * Wrong turn: the instance's clock passed over, and the JVM's asked instead. In step with the
 * database on a developer's laptop; on a host whose clock is off, records are forgotten early or late.
 *
 * Caught by: InboxWindowTest.aRecordOlderThanTheWindowIsPurged
 * Caught by: InboxWindowTest.aCleanUpWhoseClockRunsBehindStillForgetsWhatIsPastTheWindow
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
        Instant oldestKept = Instant.now().minus(window);
        try (Connection connection = dataSource.getConnection();
                PreparedStatement delete = connection.prepareStatement("delete from inbox where received_at < ?")) {
            delete.setObject(1, OffsetDateTime.ofInstant(oldestKept, ZoneOffset.UTC));
            return delete.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("could not purge the inbox", e);
        }
    }
}
