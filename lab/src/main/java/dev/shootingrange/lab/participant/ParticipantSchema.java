package dev.shootingrange.lab.participant;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;

import javax.sql.DataSource;

/** The participant's schema: their tables in it, and their code's calls with it first on the search path. */
final class ParticipantSchema {

    private ParticipantSchema() {
    }

    /** Sets the transaction's search path; answers the one it replaced. */
    static String searchPath(Connection connection, String path) throws SQLException {
        try (PreparedStatement set = connection.prepareStatement(
                "select current_setting('search_path'), set_config('search_path', ?, true)")) {
            set.setString(1, path);
            try (ResultSet row = set.executeQuery()) {
                row.next();
                return row.getString(1);
            }
        }
    }

    /** Their tables, as their TABLEs say now: kept across restarts, made again where one changed. */
    static void make(DataSource dataSource, List<String> tables) {
        String version = UUID.nameUUIDFromBytes(String.join("\0", tables).getBytes(StandardCharsets.UTF_8)).toString();
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            try (ResultSet made = statement.executeQuery(
                    "select obj_description(oid, 'pg_namespace') from pg_namespace where nspname = '" + ParticipantCode.SCHEMA + "'")) {
                if (made.next() && version.equals(made.getString(1))) {
                    return;
                }
            }
            connection.setAutoCommit(false);
            statement.execute("drop schema if exists " + ParticipantCode.SCHEMA + " cascade");
            statement.execute("create schema " + ParticipantCode.SCHEMA);
            statement.execute("set local search_path = " + ParticipantCode.SCHEMA);
            for (String table : tables) {
                statement.execute(table);
            }
            statement.execute("comment on schema " + ParticipantCode.SCHEMA + " is '" + version + "'");
            connection.commit();
        } catch (SQLException e) {
            throw new IllegalStateException("the participant's TABLE could not be made: " + e.getMessage(), e);
        }
    }
}
