package dev.shootingrange.exercises.outbox;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;

/**
 * Wrong turn: the row published as bytes alone, transient, with no AMQP messageId. The consumer's
 * inbox has no id to know a copy by, and a broker restart loses what the queue held.
 *
 * Caught by: TableOutboxTest.afterTheCommitTheRelayPublishesTheHitOnceWithItsIdAndBody
 */
public class Relay {

    private final DataSource database;
    private final Connection broker;

    public Relay(DataSource database, Connection broker) {
        this.database = database;
        this.broker = broker;
    }

    public int publishPending() throws Exception {
        try (java.sql.Connection connection = database.getConnection()) {
            connection.setAutoCommit(false);
            try {
                List<Long> published = publish(connection);
                try (PreparedStatement mark = connection.prepareStatement("update outbox set sent_at = now() where id = any(?)")) {
                    mark.setArray(1, connection.createArrayOf("bigint", published.toArray()));
                    mark.executeUpdate();
                }
                connection.commit();
                return published.size();
            } catch (Exception e) {
                connection.rollback();
                throw e;
            }
        }
    }

    /** Publishes the unsent rows and returns their ids once the broker has confirmed them all. */
    private List<Long> publish(java.sql.Connection connection) throws Exception {
        List<Long> published = new ArrayList<>();
        Channel channel = broker.createChannel();
        try (PreparedStatement select = connection.prepareStatement("""
                select id, message_id, exchange, routing_key, type, payload from outbox
                where sent_at is null order by id for update skip locked""");
                ResultSet rows = select.executeQuery()) {
            channel.confirmSelect();
            while (rows.next()) {
                AMQP.BasicProperties properties = new AMQP.BasicProperties.Builder()
                        .type(rows.getString("type"))
                        .build();
                channel.basicPublish(rows.getString("exchange"), rows.getString("routing_key"), properties, rows.getBytes("payload"));
                published.add(rows.getLong("id"));
            }
            // A channel the broker closed (an exchange that is missing) or a nack throws here.
            channel.waitForConfirmsOrDie(5_000);
            return published;
        } finally {
            // abort, not close: it says nothing where the broker has closed the channel already
            channel.abort();
        }
    }
}
