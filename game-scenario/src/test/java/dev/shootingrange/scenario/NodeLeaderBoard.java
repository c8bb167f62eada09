package dev.shootingrange.scenario;

import static org.awaitility.Awaitility.await;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/** examples/node-leader-board, installed with npm ci and started as its README says, its board on a free port. */
final class NodeLeaderBoard implements AutoCloseable {

    private static final Path EXAMPLE = Path.of("..", "examples", "node-leader-board");

    private static final Path LOG = Path.of("target", "node-leader-board.log");

    private final Process node;
    private final int port;

    private NodeLeaderBoard(Process node, int port) {
        this.node = node;
        this.port = port;
    }

    /** What it printed so far, npm ci's output first. */
    String log() throws IOException {
        return Files.readString(LOG);
    }

    static NodeLeaderBoard start(Map<String, String> environment) throws IOException, InterruptedException {
        Path log = LOG;
        Files.createDirectories(log.getParent());
        Process install = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(EXAMPLE.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (install.waitFor() != 0) {
            throw new IllegalStateException("npm ci failed in " + EXAMPLE + ": " + Files.readString(log));
        }
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        ProcessBuilder start = new ProcessBuilder("node", "leader-board.js").directory(EXAMPLE.toFile())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        start.environment().putAll(environment);
        start.environment().put("PORT", String.valueOf(port));
        start.environment().put("STATE_FILE", new File("target", "node-leader-board-" + port + ".json").getAbsolutePath());
        NodeLeaderBoard board = new NodeLeaderBoard(start.start(), port);
        HttpClient http = HttpClient.newHttpClient();
        await("the Node board answering (" + log + ")").atMost(Duration.ofSeconds(30)).until(() -> {
            if (!board.node.isAlive()) {
                throw new IllegalStateException("node-leader-board stopped: " + Files.readString(log));
            }
            try {
                return http.send(HttpRequest.newBuilder(URI.create(board.board() + "/none")).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode() == 200
                        && Files.readString(log).contains("counting Hit and Missed");
            } catch (IOException notYet) {
                return false;
            }
        });
        return board;
    }

    String board() {
        return "http://127.0.0.1:" + port + "/api/leaderboard";
    }

    @Override
    public void close() throws InterruptedException {
        node.destroy();
        node.waitFor();
    }
}
