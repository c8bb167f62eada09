package dev.shootingrange.lab.participant;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import io.agroal.api.AgroalDataSource;
import io.quarkus.runtime.Startup;

/**
 * A workshop participant's compiled exercises in place of the core's pieces, so that the lab's
 * experiments and rules judge what they wrote: {@code lab.participant.classes} names the classes (a
 * directory or a jar, e.g. {@code exercises/target/classes}), {@code lab.participant.use} the pieces
 * taken from them (their inbox, ids, outbox), loaded when the service starts. Their tables live in a
 * schema of their own, {@code participant}, made again where a {@code TABLE} changed; their code runs on
 * the handling's connection with that schema first on the search path.
 */
@Startup
@ApplicationScoped
public class ParticipantCode {

    public static final String INBOX = "inbox";
    public static final String IDS = "ids";
    public static final String OUTBOX = "outbox";
    static final String SCHEMA = "participant";
    private static final List<String> PIECES = List.of(INBOX, IDS, OUTBOX);

    private final AgroalDataSource dataSource;
    private final Path classes;
    private final ClassLoader loader;
    private final Map<String, Class<?>> pieces = new LinkedHashMap<>();
    private final ThreadLocal<Connection> handling = new ThreadLocal<>();

    ParticipantCode(AgroalDataSource dataSource, ParticipantConfig config) {
        this.dataSource = dataSource;
        ParticipantConfig participant = config;
        this.classes = participant.classes().map(Path::of).orElse(null);
        this.loader = classes == null ? null : loader(classes);
        if (classes != null) {
            Map<String, String> names = Map.of(INBOX, participant.inbox(), IDS, participant.ids(), OUTBOX, participant.outbox());
            for (String piece : participant.use()) {
                if (!PIECES.contains(piece)) {
                    throw new IllegalStateException("lab.participant.use: no piece " + piece + "; the pieces are " + PIECES);
                }
                pieces.put(piece, load(names.get(piece)));
            }
            List<String> tables = pieces.values().stream().map(ParticipantCode::table).flatMap(Optional::stream).toList();
            if (!tables.isEmpty()) {
                ParticipantSchema.make(dataSource, tables);
            }
        }
    }

    /** The class of one of their pieces, where it is plugged in. */
    Optional<Class<?>> piece(String name) {
        return Optional.ofNullable(pieces.get(name));
    }

    Path classes() {
        return classes;
    }

    /** Their code's view of the handling's transaction: its connection, while {@link #inTheirSchema} runs. */
    Supplier<Connection> handlingConnection() {
        return handling::get;
    }

    /** Runs a call of their code in the current transaction, their schema first on its search path. */
    <T> T inTheirSchema(Supplier<T> call) {
        try (Connection connection = dataSource.getConnection()) {
            String searchPath = ParticipantSchema.searchPath(connection, SCHEMA + ", public");
            handling.set(connection);
            try {
                return call.get();
            } finally {
                handling.remove();
                ParticipantSchema.searchPath(connection, searchPath);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("the participant's code could not run", e);
        }
    }

    private static ClassLoader loader(Path classes) {
        if (!Files.exists(classes)) {
            throw new IllegalStateException("lab.participant.classes: " + classes.toAbsolutePath() + " does not exist;"
                    + " build the exercises first (exercises/check.sh inbox)");
        }
        try {
            return new URLClassLoader(new URL[] { classes.toUri().toURL() }, ParticipantCode.class.getClassLoader());
        } catch (MalformedURLException e) {
            throw new IllegalStateException("lab.participant.classes: " + classes + " is no path to classes", e);
        }
    }

    /** One of their classes. */
    Class<?> load(String className) {
        try {
            return loader.loadClass(className);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("lab.participant.classes: no class " + className + " in " + classes.toAbsolutePath(), e);
        }
    }

    private static Optional<String> table(Class<?> type) {
        try {
            return Optional.of((String) type.getField("TABLE").get(null));
        } catch (NoSuchFieldException e) {
            return Optional.empty();
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException(type.getName() + ".TABLE is no public String", e);
        }
    }
}
