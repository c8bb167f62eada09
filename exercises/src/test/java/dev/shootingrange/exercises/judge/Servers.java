package dev.shootingrange.exercises.judge;

import java.net.URI;

import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.rabbitmq.RabbitMQContainer;

/**
 * The PostgreSQL and the RabbitMQ the exercises are judged on: the machine's own (127.0.0.1, as the
 * services' tests use them without Docker), or, where Docker runs, the images the services' Dev
 * Services start, started once for the whole run. The build chooses as it does for the services
 * (quarkus.test.profile holds "nodocker" where no engine was found); -Dexercises.servers=local or
 * =docker says it outright.
 */
public final class Servers {

    private static PostgreSQLContainer postgres;
    private static RabbitMQContainer rabbitmq;

    private Servers() {
    }

    static boolean local() {
        String asked = System.getProperty("exercises.servers", "");
        if (!asked.isEmpty()) {
            return asked.equals("local");
        }
        return System.getProperty("quarkus.test.profile", "nodocker").contains("nodocker");
    }

    /** The JDBC URL of a database the tests may create schemas in, its user and password. */
    static synchronized String[] postgres() {
        if (local()) {
            return new String[] { "jdbc:postgresql://127.0.0.1:5432/postgres", "postgres", "" };
        }
        if (postgres == null) {
            postgres = new PostgreSQLContainer("postgres:16");
            postgres.start();
        }
        return new String[] { postgres.getJdbcUrl(), postgres.getUsername(), postgres.getPassword() };
    }

    /** An AMQP URI of a broker the tests may declare their own queues on. */
    public static synchronized URI rabbitmq() {
        if (local()) {
            return URI.create("amqp://guest:guest@127.0.0.1:5672");
        }
        if (rabbitmq == null) {
            rabbitmq = new RabbitMQContainer("rabbitmq:4.1-management");
            rabbitmq.start();
        }
        return URI.create(rabbitmq.getAmqpUrl().replace("amqp://", "amqp://guest:guest@"));
    }
}
