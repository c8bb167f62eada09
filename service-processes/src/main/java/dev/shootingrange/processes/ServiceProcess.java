package dev.shootingrange.processes;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** A packaged service started as its own process, the way an instructor or a container runs it. */
public final class ServiceProcess implements AutoCloseable {

    private final String name;
    private final int port;
    private final List<String> command;
    private final Path log;
    private volatile Process process;

    private ServiceProcess(String name, int port, List<String> command, Path log, Process process) {
        this.name = name;
        this.port = port;
        this.command = command;
        this.log = log;
        this.process = process;
    }

    /**
     * Starts {@code <module>/target/quarkus-app/quarkus-run.jar} on the given port, its output going to
     * {@code target/<module>.log}, with extra system properties ("key=value").
     */
    public static ServiceProcess start(Path modulesRoot, String module, int port, String... properties) {
        return start(modulesRoot, module, port, List.of(), properties);
    }

    /** The same, with options for the JVM itself (e.g. {@code -XX:TieredStopAtLevel=1} to start faster). */
    public static ServiceProcess start(Path modulesRoot, String module, int port, List<String> jvmOptions,
            String... properties) {
        Path jar = modulesRoot.resolve(module).resolve("target/quarkus-app/quarkus-run.jar");
        if (!Files.exists(jar)) {
            throw new IllegalStateException(jar + " is missing: package " + module + " first");
        }
        List<String> command = new ArrayList<>(List.of(javaBinary()));
        // A build from before jvm.options (an old commit the benchmark compares with) ran on the JVM's defaults.
        if (Files.exists(modulesRoot.resolve("jvm.options"))) {
            command.add("@" + modulesRoot.resolve("jvm.options"));
        }
        command.add("-Dquarkus.http.port=" + port);
        command.addAll(jvmOptions);
        for (String property : properties) {
            command.add("-D" + property);
        }
        command.addAll(List.of("-jar", jar.toString()));
        Path log = Path.of("target", module + "-" + port + ".log");
        try {
            Files.createDirectories(log.getParent());
            Process process = processBuilder(command).redirectOutput(log.toFile()).start();
            return new ServiceProcess(module, port, List.copyOf(command), log, process);
        } catch (IOException e) {
            throw new IllegalStateException("cannot start " + module, e);
        }
    }

    /**
     * Starts the service again, on the same port with the same properties, after it ended; its output
     * is added to the same log, so a test reads the whole life of the service in one place.
     */
    public ServiceProcess restart() {
        if (process.isAlive()) {
            throw new IllegalStateException(name + " is still running");
        }
        try {
            process = processBuilder(command).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
            return this;
        } catch (IOException e) {
            throw new IllegalStateException("cannot restart " + name, e);
        }
    }

    public String name() {
        return name;
    }

    /** The process's exit status once it ended: 137 after {@link #kill()} (SIGKILL). */
    public int exitValue() {
        return process.exitValue();
    }

    /** Everything the service has logged so far, restarts included. */
    public String logText() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public long pid() {
        return process.pid();
    }

    public String baseUrl() {
        return "http://localhost:" + port;
    }

    /** Waits for readiness: migrated, connected, consuming. */
    public ServiceProcess awaitReady() {
        HttpClient http = HttpClient.newHttpClient();
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250)).until(() -> {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited; see " + log.toAbsolutePath());
            }
            try {
                HttpRequest ready = HttpRequest.newBuilder(URI.create(baseUrl() + "/q/health/ready")).build();
                return http.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
            } catch (IOException e) {
                return false;
            }
        });
        return this;
    }

    /** Ends the process at once, as a crash or {@code kill -9} would. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
            kill();
        }
    }

    /** As run-local.sh and the image run a service: with jvm.options and few malloc arenas. */
    private static ProcessBuilder processBuilder(List<String> command) {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("MALLOC_ARENA_MAX", "2");
        return builder;
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
