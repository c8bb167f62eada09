package dev.shootingrange.reliability;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The machine's RabbitMQ and PostgreSQL, driven with their own command-line tools, as an operator
 * (or an outage) would. Every fault here has its undo, and {@link #ensureUp()} runs the undos whatever
 * happened, so that a failed test never leaves the machine without its servers.
 */
final class Servers {

    private Servers() {
    }

    /** The suite's virtual host and databases (reliability_*), created by the project's script if missing. */
    static void prepare() {
        ensureUp();
        run("../scripts/create-databases.sh", Cluster.VHOST);
    }

    /** Closes every client connection to the suite's virtual host, as a broker under pressure or a network cut does. */
    static void closeAllConnections() {
        run("rabbitmqctl", "-q", "close_all_connections", "-p", Cluster.VHOST, "fault");
    }

    /** Stops the broker application (the Erlang node stays): every client loses its connection. */
    static void stopBroker() {
        run("rabbitmqctl", "-q", "stop_app");
    }

    static void startBroker() {
        run("rabbitmqctl", "-q", "start_app");
        run("rabbitmqctl", "-q", "await_startup");
    }

    /** Ends the services' database sessions from the server side; returns how many were ended. */
    static int terminateBackends() {
        String ended = run("psql", "-h", "127.0.0.1", "-U", "postgres", "-tAc", """
                select count(*) from (select pg_terminate_backend(pid) from pg_stat_activity
                where datname in ('%s', '%s', '%s') and pid <> pg_backend_pid()) ended"""
                .formatted(Cluster.SCENARIO_DB, Cluster.RANGE_DB, Cluster.BOARD_DB));
        return Integer.parseInt(ended.trim());
    }

    /** Restarts the PostgreSQL cluster: every session of every database ends, the server is away for a while. */
    static void restartDatabase() {
        run("pg_ctlcluster", "--skip-systemctl-redirect", postgresVersion(), "main", "restart");
    }

    /** Stops the PostgreSQL cluster: every service's database is away until {@link #ensureUp()}. */
    static void stopDatabase() {
        run("pg_ctlcluster", "--skip-systemctl-redirect", postgresVersion(), "main", "stop");
    }

    /** Whatever a test did or failed to undo: the broker and the database run again afterwards. */
    static void ensureUp() {
        if (!succeeds("pg_isready", "-h", "127.0.0.1", "-q")) {
            succeeds("pg_ctlcluster", "--skip-systemctl-redirect", postgresVersion(), "main", "start");
        }
        if (!succeeds("rabbitmqctl", "-q", "ping")) {
            succeeds("rabbitmq-server", "-detached");
        }
        // The node may be up with its application stopped (stop_app): start it, a no-op otherwise.
        succeeds("rabbitmqctl", "-q", "start_app");
        run("rabbitmqctl", "-q", "await_startup");
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500))
                .until(() -> succeeds("pg_isready", "-h", "127.0.0.1", "-q"));
    }

    /** The version of the cluster "main", as the tools on the PATH see it (the machine's, or CI's, .ci/servers.sh). */
    private static String postgresVersion() {
        return run("pg_lsclusters", "-h").lines().map(line -> line.split("\\s+"))
                .filter(columns -> columns.length > 1 && columns[1].equals("main")).map(columns -> columns[0])
                .findFirst().orElseThrow(() -> new IllegalStateException("no PostgreSQL cluster \"main\""));
    }

    private static boolean succeeds(String... command) {
        try {
            run(command);
            return true;
        } catch (IllegalStateException e) {
            return false;
        }
    }

    static String run(String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " did not finish");
            }
            String text = new String(output, StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed: " + text);
            }
            return text;
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + command[0], e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
