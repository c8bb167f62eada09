package dev.shootingrange.benchmark;

import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.ShutdownSignalException;
import dev.shootingrange.contract.Topology;
import dev.shootingrange.exactlyonce.rabbit.DurableQueue;
import dev.shootingrange.exactlyonce.rabbit.QueueMigration;

/**
 * The benchmark's databases and queues made anew, for {@link BuildServices.Start#CLEAN_SLATE}: an older
 * build refuses a newer one's schema and queues.
 */
final class CleanSlate {

    private CleanSlate() {
    }

    /** The benchmark's three databases and the contract's queues (with their dead-letter and holding queues) made anew. */
    static void make() throws Exception {
        try (Connection postgres = DriverManager.getConnection(Benchmark.JDBC + "postgres", "postgres", "");
                Statement sql = postgres.createStatement()) {
            for (String database : Benchmark.DATABASES.values()) {
                sql.execute("drop database if exists " + database + " with (force)");
                sql.execute("create database " + database);
            }
        }
        ConnectionFactory factory = new ConnectionFactory();
        factory.setVirtualHost(Benchmark.VIRTUAL_HOST);
        try (com.rabbitmq.client.Connection broker = factory.newConnection("benchmark-clean-slate")) {
            for (DurableQueue queue : Topology.queues(Topology.QueueType.QUORUM)) {
                delete(broker, queue.name());
                delete(broker, QueueMigration.holdingQueue(queue.name()));
            }
        }
    }

    private static void delete(com.rabbitmq.client.Connection broker, String queue) throws Exception {
        Channel channel = broker.createChannel();
        try {
            channel.queueDelete(queue);
        } catch (IOException e) {
            // A broker that answers NOT_FOUND for a queue that is not there closes the channel: nothing to delete.
            if (!(e.getCause() instanceof ShutdownSignalException closed && closed.getReason() instanceof AMQP.Channel.Close close
                    && close.getReplyCode() == AMQP.NOT_FOUND)) {
                throw e;
            }
        } finally {
            if (channel.isOpen()) {
                channel.close();
            }
        }
    }
}
