package dev.shootingrange.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.stream.Collectors;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.shootingrange.contract.Rules;
import dev.shootingrange.processes.ServiceProcess;
import io.restassured.path.json.JsonPath;

/**
 * Browsers that stop reading their live streams (a sleeping laptop's open tab) cost the service a
 * bounded heap: as many streams as the caps allow, each on a socket that sent its GET and never reads,
 * while thousands of shots are played, leave the packaged service (its real 64 MB heap, jvm.options)
 * ready and its live heap small; a stream beyond the caps is refused with a problem detail.
 */
class StalledWatchersIT {

    private static final int PER_CLIENT = 20;
    private static final int TOTAL = 200;
    private static final int CLIENTS = TOTAL / PER_CLIENT;
    private static final int SHOTS = 3_000;
    /**
     * The live heap after a full collection: a service keeps about 20 MB (jvm.options), and a game of
     * 3,000 shots watched adds its view and its timeline; at most three quarters of the 64 MB heap.
     */
    private static final long LIVE_HEAP_BOUND = 48L << 20;

    private static ServiceProcess range;
    private static ServiceProcess board;
    private static ServiceProcess scenario;
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final List<Socket> STALLED = new ArrayList<>();

    @BeforeAll
    static void startTheServices() {
        Path modules = Path.of("..");
        range = ServiceProcess.start(modules, "shooting-range", freePort(), database("shooting_range"));
        board = ServiceProcess.start(modules, "leader-board", freePort(), database("leader_board"));
        scenario = ServiceProcess.start(modules, "game-scenario", freePort(), database("game_scenario"),
                "lab.services.shooting-range.url=" + range.baseUrl(), "lab.services.leader-board.url=" + board.baseUrl(),
                "live.streams.per-client=" + PER_CLIENT, "live.streams.total=" + TOTAL,
                // One game of SHOTS: more than a room's cap a game (game.max-shots), which BoundedRoomIT plays.
                "game.max-shots=" + SHOTS);
        range.awaitReady();
        board.awaitReady();
        scenario.awaitReady();
    }

    @AfterAll
    static void stopTheServices() throws Exception {
        for (Socket socket : STALLED) {
            socket.close();
        }
        for (ServiceProcess service : new ServiceProcess[] { scenario, board, range }) {
            if (service != null) {
                service.close();
            }
        }
    }

    @Test
    void streamsThatNeverReadLeaveTheServiceReadyWithItsHeapBounded() throws Exception {
        // A room watching one game: each client a loopback address of its own, holding every kind of
        // stream a console opens, none ever read.
        String game = newGame();
        for (int client = 0; client < CLIENTS; client++) {
            for (int stream = 0; stream < PER_CLIENT; stream++) {
                String path = switch (stream % 3) {
                    case 0 -> "/api/games/" + game + "/live";
                    case 1 -> "/api/games/" + game + "/live/changes";
                    default -> stream % 6 == 2 ? "/api/lab/services/live" : "/api/games/" + game + "/live";
                };
                STALLED.add(stall(client(client), path));
            }
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> metric("live_streams_open") == TOTAL);

        assertRefused(client(0), "/api/games/" + game + "/live", 429, "live.streams.per-client");
        assertRefused(client(CLIENTS), "/api/games/" + game + "/live/changes", 503, "live.streams.total");

        LiveHeap before = liveHeap();
        play(game);

        await().atMost(Duration.ofSeconds(120)).until(() -> pending(game) == 0);
        assertThat(ready()).as("ready after %d shots under %d stalled streams", SHOTS, TOTAL).isTrue();
        LiveHeap after = liveHeap();
        System.out.printf("%d stalled streams (%d of changes dropped); live heap %.1f MiB before %d shots, %.1f MiB after%n",
                TOTAL, (long) metric("live_streams_dropped_total"), before.mebibytes(), SHOTS, after.mebibytes());
        assertThat(after.bytes()).as("live heap after a full collection; the largest holders:%n%s", after.largest())
                .isLessThan(LIVE_HEAP_BOUND);
        assertThat(scenario.logText()).doesNotContain("OutOfMemoryError");
    }

    /** Fires the shots, a few at a time; the service is to stay ready all along. */
    private static void play(String game) throws Exception {
        ExecutorService players = Executors.newFixedThreadPool(4);
        try {
            for (int from = 0; from < SHOTS; from += 100) {
                List<Future<Integer>> fired = new ArrayList<>();
                for (int shot = from; shot < from + 100; shot++) {
                    int position = shot % (Rules.MAX_POSITION + 1);
                    fired.add(players.submit(() -> post("/api/games/" + game + "/shots",
                            "{\"player\": \"p" + position % 7 + "\", \"position\": " + position + "}")));
                }
                for (Future<Integer> status : fired) {
                    assertThat(status.get()).isEqualTo(202);
                }
                assertThat(ready()).as("ready after %d shots", from + 100).isTrue();
            }
        } finally {
            players.shutdownNow();
        }
    }

    /** A socket that asks for a stream and then never reads: what it is sent fills the TCP buffers. */
    private static Socket stall(String client, String path) throws IOException {
        Socket socket = new Socket();
        socket.setReceiveBufferSize(4096);
        socket.bind(new InetSocketAddress(client, 0));
        socket.connect(new InetSocketAddress("127.0.0.1", port()));
        OutputStream out = socket.getOutputStream();
        out.write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return socket;
    }

    private static void assertRefused(String client, String path, int status, String cap) throws IOException {
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(client, 0));
            socket.connect(new InetSocketAddress("127.0.0.1", port()));
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n"
                    + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            String response = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertThat(response).startsWith("HTTP/1.1 " + status).containsIgnoringCase("content-type: application/problem+json");
            JsonPath problem = JsonPath.from(response.substring(response.indexOf("\r\n\r\n") + 4));
            assertThat(problem.getInt("status")).isEqualTo(status);
            assertThat(problem.getString("detail")).contains(cap);
        }
    }

    private static String client(int client) {
        return "127.0.0." + (10 + client);
    }

    private static String newGame() throws IOException, InterruptedException {
        HttpResponse<String> created = HTTP.send(request("/api/games").POST(HttpRequest.BodyPublishers.ofString(
                "{\"targetPosition\": 42}")).header("Content-Type", "application/json").build(), HttpResponse.BodyHandlers.ofString());
        assertThat(created.statusCode()).isEqualTo(201);
        return JsonPath.from(created.body()).getString("gameId");
    }

    private static int post(String path, String body) throws IOException, InterruptedException {
        return HTTP.send(request(path).POST(HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json")
                .build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    /** Shots of the game still waiting for their outcomes. */
    private static long pending(String game) throws IOException, InterruptedException {
        String view = HTTP.send(request("/api/games/" + game).build(), HttpResponse.BodyHandlers.ofString()).body();
        return JsonPath.from(view).getList("shots.outcome").stream().filter("PENDING"::equals).count();
    }

    private static boolean ready() throws IOException, InterruptedException {
        return HTTP.send(request("/q/health/ready").build(), HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
    }

    /**
     * The objects the service holds, as the JVM counts them after a full collection (a class histogram
     * collects first). Read from the collector itself rather than from the heap's used bytes a request
     * later, which also count whatever the service allocated in between.
     */
    private static LiveHeap liveHeap() throws Exception {
        Process histogram = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                String.valueOf(scenario.pid()), "GC.class_histogram").redirectErrorStream(true).start();
        String text = new String(histogram.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(histogram.waitFor()).as(text).isZero();
        Matcher total = Pattern.compile("(?m)^Total\\s+\\d+\\s+(\\d+)\\s*$").matcher(text);
        assertThat(total.find()).as(text).isTrue();
        return new LiveHeap(Long.parseLong(total.group(1)), text.lines().limit(18).collect(Collectors.joining("\n")));
    }

    /** Live bytes after a full collection, and the classes holding the most of them. */
    private record LiveHeap(long bytes, String largest) {
        double mebibytes() {
            return bytes / 1048576.0;
        }
    }

    /** The sum of a metric's series at /q/metrics (a regular expression for its name and labels). */
    private static double metric(String series) throws IOException, InterruptedException {
        String metrics = HTTP.send(request("/q/metrics").build(), HttpResponse.BodyHandlers.ofString()).body();
        Matcher sample = Pattern.compile("(?m)^" + series + "(?:\\{[^}]*\\})? ([0-9.E+-]+)$").matcher(metrics);
        double sum = 0;
        while (sample.find()) {
            sum += Double.parseDouble(sample.group(1));
        }
        return sum;
    }

    private static HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(scenario.baseUrl() + path)).timeout(Duration.ofSeconds(30));
    }

    private static int port() {
        return URI.create(scenario.baseUrl()).getPort();
    }

    /** The service's database, on the PostgreSQL server the tests use (PGPORT, as for psql; 5432 by default). */
    private static String database(String name) {
        return "quarkus.datasource.jdbc.url=jdbc:postgresql://localhost:" + System.getenv().getOrDefault("PGPORT", "5432") + "/" + name;
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
