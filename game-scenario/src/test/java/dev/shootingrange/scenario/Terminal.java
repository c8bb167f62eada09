package dev.shootingrange.scenario;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One bash, as a participant's terminal: what a command sets (GAME, SHOT) is there for the next. Each
 * curl also notes its HTTP status, so that a refused request shows although the guide's curls are
 * silent about it.
 */
final class Terminal implements AutoCloseable {

    /** What a command printed (stdout and stderr), its exit status, and the HTTP status of each curl in it. */
    record Answer(String output, int exitStatus, List<Integer> httpStatuses) {
    }

    private static final Duration PATIENCE = Duration.ofMinutes(5);

    private final Process bash;
    private final Writer input;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final Path statuses;

    Terminal() throws IOException, InterruptedException {
        statuses = Files.createTempFile("workshop", ".http-statuses");
        bash = new ProcessBuilder("bash", "--noprofile", "--norc").redirectErrorStream(true).start();
        input = new OutputStreamWriter(bash.getOutputStream(), UTF_8);
        Thread reader = new Thread(() -> {
            try (BufferedReader output = new BufferedReader(new InputStreamReader(bash.getInputStream(), UTF_8))) {
                for (String line = output.readLine(); line != null; line = output.readLine()) {
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("terminal: " + e);
            }
        }, "workshop-terminal");
        reader.setDaemon(true);
        reader.start();
        run("curl() { command curl -w '%{stderr}%{http_code}\\n' \"$@\" 2>>'" + statuses + "'; }");
    }

    Answer run(String command) throws IOException, InterruptedException {
        Files.writeString(statuses, "");
        String done = "terminal-done-" + UUID.randomUUID();
        input.write(command + "\nterminal_status=$?; echo; echo " + done + " $terminal_status\n");
        input.flush();
        StringBuilder output = new StringBuilder();
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (true) {
            String line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null) {
                throw new AssertionError("no answer within " + PATIENCE.toMinutes() + " min to: " + command + "\n" + output);
            }
            if (line.startsWith(done)) {
                List<Integer> codes = Files.readAllLines(statuses).stream().map(String::strip).filter(code -> code.matches("\\d+"))
                        .map(Integer::valueOf).toList();
                return new Answer(output.toString().strip(), Integer.parseInt(line.substring(done.length()).strip()), codes);
            }
            output.append(line).append('\n');
        }
    }

    @Override
    public void close() throws IOException {
        bash.destroy();
        Files.deleteIfExists(statuses);
    }
}
