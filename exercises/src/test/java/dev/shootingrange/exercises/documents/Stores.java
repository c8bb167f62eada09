package dev.shootingrange.exercises.documents;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

import javax.sql.DataSource;

/**
 * The board's two stores, as a document database keeps them: each call one statement on a connection
 * of its own (autocommit), so that no transaction spans two of them. The score's outbox is kept in its
 * document as text, {@code hitId=messageId:hits} pairs.
 */
final class Stores implements ScoreDocuments, ProcessedMessages {

    static final String[] TABLES = { """
            create table score_document (
                player text primary key,
                hits int not null,
                version bigint not null,
                outbox text not null
            )""", "create table processed_message (message_id uuid primary key)" };

    private final DataSource database;

    Stores(DataSource database) {
        this.database = database;
    }

    @Override
    public Score read(String player) {
        try (Connection connection = database.getConnection();
                PreparedStatement read = connection.prepareStatement("select hits, version, outbox from score_document where player = ?")) {
            read.setString(1, player);
            try (ResultSet row = read.executeQuery()) {
                return row.next() ? new Score(player, row.getInt(1), row.getLong(2), outbox(player, row.getString(3))) : Score.none(player);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public boolean write(Score score) {
        String sql = score.version() == 0
                ? "insert into score_document (hits, outbox, player, version) values (?, ?, ?, 1) on conflict do nothing"
                : "update score_document set hits = ?, outbox = ?, version = version + 1 where player = ? and version = ?";
        try (Connection connection = database.getConnection(); PreparedStatement write = connection.prepareStatement(sql)) {
            write.setInt(1, score.hits());
            write.setString(2, score.outbox().entrySet().stream()
                    .map(kept -> kept.getKey() + "=" + kept.getValue().messageId() + ":" + kept.getValue().hits())
                    .collect(Collectors.joining(",")));
            write.setString(3, score.player());
            if (score.version() != 0) {
                write.setLong(4, score.version());
            }
            return write.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public boolean contains(UUID messageId) {
        try (Connection connection = database.getConnection();
                PreparedStatement read = connection.prepareStatement("select count(*) from processed_message where message_id = ?")) {
            read.setObject(1, messageId);
            try (ResultSet row = read.executeQuery()) {
                row.next();
                return row.getLong(1) == 1;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void add(UUID messageId) {
        try (Connection connection = database.getConnection(); PreparedStatement add = connection.prepareStatement(
                "insert into processed_message (message_id) values (?) on conflict do nothing")) {
            add.setObject(1, messageId);
            add.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<UUID, ScoreChanged> outbox(String player, String text) {
        Map<UUID, ScoreChanged> outbox = new LinkedHashMap<>();
        Arrays.stream(text.split(",")).filter(pair -> !pair.isEmpty()).forEach(pair -> {
            String[] parts = pair.split("[=:]");
            outbox.put(UUID.fromString(parts[0]), new ScoreChanged(UUID.fromString(parts[1]), player, Integer.parseInt(parts[2])));
        });
        return outbox;
    }
}
