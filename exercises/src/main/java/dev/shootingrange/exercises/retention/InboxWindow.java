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
 * Exercise 6: the retention window and its clean-up (README.md beside this class).
 *
 * The inbox remembers a message for a window, then forgets it: {@link #purge} deletes the records
 * older than the window. It runs on one instance of the service, while every instance's inbox
 * writes records. Keep every record younger than the window, whatever that instance's clock says,
 * and delete every older one.
 */
public class InboxWindow {

    /** The inbox: received_at is written at insert, by whose clock? */
    public static final String TABLE = """
            create table inbox (
                consumer text not null,
                message_id uuid not null,
                received_at timestamptz not null default now(),
                primary key (consumer, message_id)
            )""";

    private final DataSource dataSource;
    private final Clock clock;

    /**
     * @param dataSource connections of the clean-up's own, autocommit on
     * @param clock the clock of the instance the clean-up runs on
     */
    public InboxWindow(DataSource dataSource, Clock clock) {
        this.dataSource = dataSource;
        this.clock = clock;
    }

    /** Forgets the records older than the window: their copies would be handled again. Answers how many. */
    public int purge(Duration window) {
        // TODO the records were stamped by another clock than this instance's: compare them on that one.
        Instant oldestKept = Instant.now(clock).minus(window);
        try (Connection connection = dataSource.getConnection();
                PreparedStatement delete = connection.prepareStatement("delete from inbox where received_at < ?")) {
            delete.setObject(1, OffsetDateTime.ofInstant(oldestKept, ZoneOffset.UTC));
            return delete.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("could not purge the inbox", e);
        }
    }
}
