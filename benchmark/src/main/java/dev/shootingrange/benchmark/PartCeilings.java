package dev.shootingrange.benchmark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ceilings of the parts on this machine, measured in the same run by their own load tools: what
 * the services' rates compare with.
 */
final class PartCeilings {

    private PartCeilings() {
    }

    /** PostgreSQL single-row insert commits per second, 16 clients, 10 s (pgbench). */
    static double pgbenchInserts() throws Exception {
        run("psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", "create table if not exists bench_insert (id bigint, payload text)");
        Path script = Files.createTempFile("insert", ".sql");
        Files.writeString(script, "\\set id random(1, 1000000000)\ninsert into bench_insert (id, payload) values (:id, 'shot');\n");
        String out = run("pgbench", "-h", "127.0.0.1", "-U", "postgres", "-n", "-c", "16", "-j", "2", "-T", "10", "-f",
                script.toString(), "postgres");
        run("psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", "drop table bench_insert");
        return number(out, "tps = ([0-9.]+)");
    }

    /** RabbitMQ persistent publish with confirms to acknowledged consume, msgs/s, 10 s (PerfTest). */
    static double perfTest() throws Exception {
        // PerfTest configures logback itself: keep the services' JBoss logging bridge off its class path.
        String classPath = java.util.Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .filter(jar -> !jar.contains("slf4j-jboss-logmanager"))
                .collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
        String out = run(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classPath,
                "com.rabbitmq.perf.PerfTest", "--uri", "amqp://guest:guest@localhost:5672/" + Benchmark.VIRTUAL_HOST,
                "-x", "1", "-y", "1", "-f", "persistent", "-c", "200", "-s", "200", "-z", "10", "-u", "benchmark-perf-test",
                "--auto-delete", "true");
        return number(out, "receiving rate avg: ([0-9.]+)");
    }

    private static String run(String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes());
        if (process.waitFor() != 0) {
            throw new IllegalStateException(command[command.length > 3 ? 3 : 0] + " failed:\n" + out);
        }
        return out;
    }

    private static double number(String text, String pattern) {
        Matcher matcher = Pattern.compile(pattern).matcher(text);
        double last = Double.NaN;
        while (matcher.find()) {
            last = Double.parseDouble(matcher.group(1));
        }
        return last;
    }
}
