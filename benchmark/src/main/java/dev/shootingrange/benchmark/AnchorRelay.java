package dev.shootingrange.benchmark;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;

/**
 * The outbox relay's work, done raw: woken by a commit that wrote rows, it claims a batch of pending
 * rows, publishes them persistent and waits for the broker's confirms, then marks them sent, all in one
 * transaction, as the core's OutboxRelay does (its batch of 200, its claim with skip locked). Or, to
 * weigh a lever the core has not taken, claims and deletes them in one statement and marks nothing.
 */
final class AnchorRelay implements AutoCloseable {

    /** What becomes of a row once its message is confirmed. */
    enum Outbox {
        /** Marked sent, as the core does: the row stays for the lab to look up, and is purged later. */
        MARKED_SENT,
        /** Deleted by the statement that claims it: no mark, nothing to purge, gone if the commit is. */
        DELETED
    }

    private static final int BATCH = 200;
    /** The rows to claim, as the core's OutboxMessage.claimPending picks them. */
    private static final String PENDING = """
            from outbox where sent_at is null and (publish_after is null or publish_after <= now())
            order by id limit ? for update skip locked""";
    private static final String COLUMNS = "id, message_id, exchange, routing_key, type, payload";

    private final Connection database;
    private final Channel channel;
    private final Outbox outbox;
    /** Selects, or deletes, the rows it claims, and answers them. */
    private final String claim;
    private final Semaphore wakeUp = new Semaphore(0);
    private final Thread thread;
    private volatile boolean running = true;
    private volatile Exception failure;

    AnchorRelay(String schema, Channel channel, Outbox outbox) throws Exception {
        this.database = AnchorTables.connect(schema);
        database.setAutoCommit(false);
        this.channel = channel;
        this.outbox = outbox;
        this.claim = outbox == Outbox.DELETED
                ? "delete from outbox where id in (select id " + PENDING + ") returning " + COLUMNS
                : "select " + COLUMNS + " " + PENDING;
        channel.confirmSelect();
        thread = new Thread(this::run, "anchor-relay");
        thread.start();
    }

    /** Called after a commit that wrote an outbox row. */
    void wake() {
        wakeUp.release();
    }

    void check() {
        if (failure != null) {
            throw new IllegalStateException("the anchor's relay failed", failure);
        }
    }

    private void run() {
        try {
            while (running) {
                if (wakeUp.tryAcquire(200, TimeUnit.MILLISECONDS)) {
                    wakeUp.drainPermits();
                    while (running && publishBatch() == BATCH) {
                        // a full batch: there may be more waiting
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            failure = e;
        }
    }

    private int publishBatch() throws Exception {
        List<Long> ids = new ArrayList<>();
        try (PreparedStatement claiming = database.prepareStatement(claim)) {
            claiming.setInt(1, BATCH);
            try (ResultSet rows = claiming.executeQuery()) {
                while (rows.next()) {
                    ids.add(rows.getLong(1));
                    channel.basicPublish(rows.getString(3), rows.getString(4), true, new AMQP.BasicProperties.Builder()
                            .contentType("application/json").deliveryMode(2).messageId(rows.getString(2))
                            .type(rows.getString(5)).build(), rows.getBytes(6));
                }
            }
        }
        if (!ids.isEmpty()) {
            channel.waitForConfirmsOrDie(30_000);
        }
        if (!ids.isEmpty() && outbox == Outbox.MARKED_SENT) {
            try (PreparedStatement mark = database.prepareStatement("update outbox set sent_at = now() where id = any(?)")) {
                mark.setArray(1, database.createArrayOf("bigint", ids.toArray()));
                mark.executeUpdate();
            }
        }
        database.commit();
        return ids.size();
    }

    @Override
    public void close() throws Exception {
        running = false;
        thread.join(5_000);
        database.close();
    }
}
