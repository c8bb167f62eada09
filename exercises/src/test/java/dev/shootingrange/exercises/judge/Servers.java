package dev.shootingrange.exercises.judge;

import java.net.URI;
import java.util.List;

import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.rabbitmq.RabbitMQContainer;

/**
 * The PostgreSQL and the RabbitMQ the exercises are judged on: by default the images the services'
 * Dev Services start, in Docker, started once for the whole run; with -Plocal or -Pfull, as for the
 * services' tests, the machine's own on 127.0.0.1 (quarkus.test.profile then holds "local").
 * -Dexercises.servers=local or =docker says it outright.
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
        return List.of(System.getProperty("quarkus.test.profile", "local").split(",")).contains("local");
    }

    /** The JDBC URL of a database the tests may create schemas in, its user and password. */
    static synchronized String[] postgres() {
        if (local()) {
            return new String[] { "jdbc:postgresql://127.0.0.1:5432/postgres", "postgres", "" };
        }
        if (postgres == null) {
            requireDocker();
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
            requireDocker();
            rabbitmq = new RabbitMQContainer("rabbitmq:4.1-management");
            rabbitmq.start();
        }
        return URI.create(rabbitmq.getAmqpUrl().replace("amqp://", "amqp://guest:guest@"));
    }

    private static void requireDocker() {
        if (!DockerClientFactory.instance().isDockerAvailable()) {
            throw new IllegalStateException("No Docker engine answers, and the exercises start their PostgreSQL and RabbitMQ"
                    + " in Docker: start Docker, or run them on the servers on localhost with -Plocal"
                    + " (exercises/check.sh <exercise> -Plocal)");
        }
    }
}
