package dev.shootingrange.lab;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.shootingrange.exactlyonce.spi.DuplicateDetector;
import io.agroal.api.AgroalDataSource;
import io.quarkus.runtime.Startup;

/**
 * A workshop participant's inbox (exercises/, exercise 1) in place of the core's, so that the lab's
 * experiments and rules judge what they wrote: {@code lab.participant.classes} names their compiled
 * classes (a directory or a jar, e.g. {@code exercises/target/classes}), loaded when the service starts.
 * Their table lives in a schema of its own, {@code participant}, made again where their {@code TABLE}
 * changed; each call runs on the handling's connection with that schema first on the search path.
 */
@Startup
@ApplicationScoped
public class ParticipantInbox {

    static final String SCHEMA = "participant";
    private static final Logger LOG = Logger.getLogger(ParticipantInbox.class);

    private final AgroalDataSource dataSource;
    private final ThreadLocal<Connection> handling = new ThreadLocal<>();
    private final DuplicateDetector written;

    ParticipantInbox(AgroalDataSource dataSource, LabConfig config) {
        this.dataSource = dataSource;
        this.written = config.participant().classes().map(where -> load(Path.of(where), config.participant().inbox()))
                .orElse(null);
    }

    /** The participant's inbox, where one is plugged in. */
    public Optional<DuplicateDetector> inbox() {
        return written == null ? Optional.empty() : Optional.of(this::firstDelivery);
    }

    private boolean firstDelivery(String consumer, UUID messageId) {
        try (Connection connection = dataSource.getConnection()) {
            String searchPath = searchPath(connection, SCHEMA + ", public");
            handling.set(connection);
            try {
                return written.firstDelivery(consumer, messageId);
            } finally {
                handling.remove();
                searchPath(connection, searchPath);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("the participant's inbox could not run", e);
        }
    }

    /** Sets the transaction's search path; answers the one it replaced. */
    private static String searchPath(Connection connection, String path) throws SQLException {
        try (PreparedStatement set = connection.prepareStatement(
                "select current_setting('search_path'), set_config('search_path', ?, true)")) {
            set.setString(1, path);
            try (ResultSet row = set.executeQuery()) {
                row.next();
                return row.getString(1);
            }
        }
    }

    private DuplicateDetector load(Path classes, String className) {
        if (!Files.exists(classes)) {
            throw new IllegalStateException("lab.participant.classes: " + classes.toAbsolutePath() + " does not exist;"
                    + " build the exercises first (exercises/check.sh inbox)");
        }
        try {
            URLClassLoader loader = new URLClassLoader(new URL[] { classes.toUri().toURL() }, getClass().getClassLoader());
            Class<?> type = loader.loadClass(className);
            String table = (String) type.getField("TABLE").get(null);
            makeTable(table);
            Supplier<Connection> connection = handling::get;
            DuplicateDetector inbox = (DuplicateDetector) type.getConstructor(Supplier.class).newInstance(connection);
            LOG.infof("The participant's inbox %s from %s detects duplicates here, its table in schema %s",
                    className, classes.toAbsolutePath(), SCHEMA);
            return inbox;
        } catch (MalformedURLException | ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException("lab.participant.classes: no inbox " + className + " with a public TABLE and"
                    + " a constructor taking the handling's connection in " + classes.toAbsolutePath(), e);
        }
    }

    /** The participant's table, as their TABLE says now: kept across restarts, made again where it changed. */
    private void makeTable(String table) {
        String version = UUID.nameUUIDFromBytes(table.getBytes(StandardCharsets.UTF_8)).toString();
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            try (ResultSet made = statement.executeQuery(
                    "select obj_description(oid, 'pg_namespace') from pg_namespace where nspname = '" + SCHEMA + "'")) {
                if (made.next() && version.equals(made.getString(1))) {
                    return;
                }
            }
            connection.setAutoCommit(false);
            statement.execute("drop schema if exists " + SCHEMA + " cascade");
            statement.execute("create schema " + SCHEMA);
            statement.execute("set local search_path = " + SCHEMA);
            statement.execute(table);
            statement.execute("comment on schema " + SCHEMA + " is '" + version + "'");
            connection.commit();
        } catch (SQLException e) {
            throw new IllegalStateException("the participant's TABLE could not be made: " + e.getMessage(), e);
        }
    }
}
