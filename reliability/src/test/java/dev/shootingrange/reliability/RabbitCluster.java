package dev.shootingrange.reliability;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Three RabbitMQ nodes clustered on this machine, beside its own broker: each a process of Debian's
 * rabbitmq-server with a node name, ports and a data directory of its own (rr1@localhost on 5681,
 * rr2 on 5682, rr3 on 5683), sharing the machine's Erlang cookie, so that the machine's rabbitmqctl
 * drives them with {@code -n}. Started fresh for the suite's cluster faults and stopped after them.
 */
final class RabbitCluster {

    record Node(String name, int port) {
        String nodeName() {
            return name + "@localhost";
        }

        int distributionPort() {
            return port + 20_000;
        }
    }

    static final List<Node> NODES = List.of(new Node("rr1", 5681), new Node("rr2", 5682), new Node("rr3", 5683));
    private static final Duration START = Duration.ofSeconds(90);

    private final Path home;

    private RabbitCluster(Path home) {
        this.home = home;
    }

    /** Starts the three nodes from empty data directories and joins rr2 and rr3 to rr1. */
    static RabbitCluster start() {
        try {
            Path home = Files.createTempDirectory("rabbit-cluster");
            RabbitCluster cluster = new RabbitCluster(home);
            Runtime.getRuntime().addShutdownHook(new Thread(cluster::stop));
            // A run killed before its shutdown hook left its nodes running: they go first.
            for (Node node : NODES) {
                try {
                    ctl(node, "stop");
                } catch (IllegalStateException notRunning) {
                    // the usual case
                }
            }
            NODES.forEach(cluster::launch);
            NODES.forEach(cluster::awaitRunning);
            for (Node node : NODES.subList(1, NODES.size())) {
                ctl(node, "stop_app");
                ctl(node, "join_cluster", NODES.get(0).nodeName());
                ctl(node, "start_app");
            }
            cluster.awaitAllRunning();
            ctl(NODES.get(0), "add_vhost", Cluster.VHOST);
            ctl(NODES.get(0), "set_permissions", "-p", Cluster.VHOST, "guest", ".*", ".*", ".*");
            return cluster;
        } catch (IOException e) {
            throw new IllegalStateException("cannot prepare the cluster's directories", e);
        }
    }

    /** What the services are given as {@code rabbitmq-addresses}: every node, so that they fail over. */
    static String addresses() {
        return NODES.stream().map(node -> "localhost:" + node.port()).collect(Collectors.joining(","));
    }

    /** Starts the node's Erlang VM (again, after a kill), with its existing data: it rejoins the cluster. */
    void launch(Node node) {
        Path dir = home.resolve(node.name());
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("rabbitmq.conf"), "listeners.tcp.local = 127.0.0.1:" + node.port() + "\n");
            Files.writeString(dir.resolve("enabled_plugins"), "[].\n");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        Servers.run("chown", "-R", "rabbitmq:rabbitmq", home.toString());
        // The packaged script switches to the rabbitmq user (it is run as root) and keeps the environment.
        ProcessBuilder launcher = new ProcessBuilder("rabbitmq-server", "-detached").redirectErrorStream(true)
                .redirectOutput(dir.resolve("launch.log").toFile());
        Map<String, String> env = launcher.environment();
        env.put("RABBITMQ_NODENAME", node.nodeName());
        env.put("RABBITMQ_NODE_PORT", String.valueOf(node.port()));
        env.put("RABBITMQ_DIST_PORT", String.valueOf(node.distributionPort()));
        env.put("RABBITMQ_CONFIG_FILE", dir.resolve("rabbitmq.conf").toString());
        env.put("RABBITMQ_ENABLED_PLUGINS_FILE", dir.resolve("enabled_plugins").toString());
        env.put("RABBITMQ_MNESIA_BASE", dir.resolve("data").toString());
        env.put("RABBITMQ_LOG_BASE", dir.resolve("log").toString());
        env.put("RABBITMQ_PID_FILE", pidFile(node).toString());
        try {
            if (launcher.start().waitFor() != 0) {
                throw new IllegalStateException("rabbitmq-server " + node.nodeName() + " did not start: see " + dir.resolve("launch.log"));
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot start " + node.nodeName(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** kill -9 of the node's Erlang VM: its connections and its share of every queue vanish at once. */
    void kill(Node node) {
        Servers.run("kill", "-9", String.valueOf(pid(node)));
        await().atMost(Duration.ofSeconds(30)).until(() -> !isRunning(node));
    }

    /** Stops the broker application on the node (the VM stays), as an operator's rolling restart does. */
    void stopApp(Node node) {
        ctl(node, "stop_app");
    }

    void startApp(Node node) {
        ctl(node, "start_app");
        awaitRunning(node);
    }

    void awaitRunning(Node node) {
        await().atMost(START).pollInterval(Duration.ofMillis(500)).until(() -> isRunning(node));
    }

    void awaitAllRunning() {
        NODES.forEach(this::awaitRunning);
        await().atMost(START).pollInterval(Duration.ofMillis(500))
                .until(() -> runningNodes().size() == NODES.size());
    }

    /** Every node up again, whatever a test did to them: killed ones launched, stopped ones started. */
    void ensureAllRunning() {
        for (Node node : NODES) {
            if (!isRunning(node)) {
                if (Files.exists(pidFile(node)) && isVmAlive(node)) {
                    ctl(node, "start_app");
                } else {
                    launch(node);
                }
            }
        }
        awaitAllRunning();
    }

    static boolean isRunning(Node node) {
        try {
            ctl(node, "await_startup", "--timeout", "1");
            return true;
        } catch (IllegalStateException notRunning) {
            return false;
        }
    }

    private boolean isVmAlive(Node node) {
        try {
            return ProcessHandle.of(pid(node)).map(ProcessHandle::isAlive).orElse(false);
        } catch (IllegalStateException noPid) {
            return false;
        }
    }

    /** The nodes the cluster sees running, as rr1 sees it (or the first node that answers). */
    static List<String> runningNodes() {
        for (Node node : NODES) {
            try {
                String status = ctl(node, "cluster_status", "--formatter", "json");
                int at = status.indexOf("\"running_nodes\":[");
                String list = status.substring(at + 17, status.indexOf(']', at));
                return List.of(list.replace("\"", "").split(","));
            } catch (IllegalStateException notAnswering) {
                // ask the next one
            }
        }
        return List.of();
    }

    /** The node that leads the quorum queue now, as the first node that answers sees it. */
    static Node leaderOf(String queue) {
        for (Node node : NODES) {
            try {
                for (String line : ctl(node, "list_queues", "-p", Cluster.VHOST, "name", "leader", "--no-table-headers").split("\n")) {
                    String[] columns = line.trim().split("\\s+");
                    if (columns.length == 2 && columns[0].equals(queue)) {
                        return NODES.stream().filter(candidate -> candidate.nodeName().equals(columns[1])).findFirst()
                                .orElseThrow(() -> new IllegalStateException("leader " + columns[1] + " is not a node of the cluster"));
                    }
                }
            } catch (IllegalStateException notAnswering) {
                // ask the next one
            }
        }
        throw new IllegalStateException("no node knows the leader of " + queue);
    }

    /**
     * Closes every connection that consumes from the suite's virtual host (the services' consuming
     * connections; their publishing ones and the suite's own go on), all at once; returns how many.
     */
    int closeConsumerConnections() {
        Node asked = NODES.stream().filter(RabbitCluster::isRunning).findFirst().orElseThrow();
        Set<String> connections = consumingConnections();
        // Listings and closings reach the whole cluster from any node.
        connections.parallelStream().forEach(connection -> ctl(asked, "close_connection", connection, "fault"));
        return connections.size();
    }

    /** The connections that have a consumer on the suite's virtual host, as the cluster lists them now. */
    static Set<String> consumingConnections() {
        Node asked = NODES.stream().filter(RabbitCluster::isRunning).findFirst().orElseThrow();
        Set<String> consumingChannels = new HashSet<>();
        for (String line : lines(ctl(asked, "list_consumers", "-p", Cluster.VHOST, "channel_pid", "--no-table-headers"))) {
            consumingChannels.add(line.trim());
        }
        Set<String> connections = new HashSet<>();
        for (String line : lines(ctl(asked, "list_channels", "pid", "connection", "--no-table-headers"))) {
            String[] columns = line.trim().split("\\s+");
            if (columns.length == 2 && consumingChannels.contains(columns[0])) {
                connections.add(columns[1]);
            }
        }
        return connections;
    }

    private static List<String> lines(String output) {
        return output.lines().filter(line -> !line.isBlank()).toList();
    }

    private long pid(Node node) {
        try {
            return Long.parseLong(Files.readString(pidFile(node)).trim());
        } catch (IOException | NumberFormatException e) {
            throw new IllegalStateException("no pid for " + node.nodeName(), e);
        }
    }

    private Path pidFile(Node node) {
        return home.resolve(node.name()).resolve("pid");
    }

    /** Stops the three nodes and removes their data. */
    void stop() {
        for (Node node : NODES) {
            try {
                ctl(node, "stop");
            } catch (IllegalStateException alreadyGone) {
                // killed, or never started
            }
        }
        Servers.run("rm", "-rf", home.toString());
    }

    static String ctl(Node node, String... arguments) {
        List<String> command = new ArrayList<>(List.of("rabbitmqctl", "-q", "-n", node.nodeName()));
        command.addAll(List.of(arguments));
        return Servers.run(command.toArray(String[]::new));
    }
}
