package dev.shootingrange.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * docker-compose.yml, the Dockerfile and each service's configuration must agree: no Docker engine runs
 * here, so this is what keeps the one-command workshop launch from drifting away from the code.
 */
class DeploymentConfigTest {

    private static final Path ROOT = Path.of("..");

    /**
     * Keys every service reads that its configuration leaves unset on purpose: the RabbitMQ connector's
     * broker, so that where Docker runs the tests' Dev Service can set it (guest@localhost otherwise).
     */
    private static final Set<String> READ_BUT_UNSET = Set.of("rabbitmq-host", "rabbitmq-port", "rabbitmq-username",
            "rabbitmq-password", "rabbitmq-addresses");

    @ParameterizedTest
    @ValueSource(strings = { "shooting-range", "leader-board", "game-scenario" })
    @SuppressWarnings("unchecked")
    void composeDockerfileAndConfigurationAgree(String service) throws IOException {
        Properties config = configuration(service);
        Map<String, Object> compose = compose(service);
        String port = config.getProperty("quarkus.http.port");
        String database = config.getProperty("quarkus.datasource.jdbc.url").replaceAll(".*/", "");
        Map<String, String> environment = (Map<String, String>) compose.get("environment");

        assertThat((List<Object>) compose.get("ports")).as("host port").contains(port + ":" + port);
        assertThat(environment.get("QUARKUS_DATASOURCE_JDBC_URL")).endsWith("/" + database);
        Set<String> read = new HashSet<>(config.stringPropertyNames());
        read.addAll(READ_BUT_UNSET);
        for (String variable : environment.keySet()) {
            assertThat(read).as(variable + " sets a property the service reads")
                    .anyMatch(property -> property.replaceAll("[^A-Za-z0-9]", "_").toUpperCase().equals(variable));
        }
        assertThat(Files.readString(ROOT.resolve("docker/create-databases.sql"))).contains("create database " + database + ";");
        String stage = dockerStage(service);
        assertThat(stage).contains("EXPOSE " + port)
                .contains("http://localhost:" + port + "/q/health/ready")
                .contains("/src/" + service + "/target/quarkus-app/");
    }

    /** jvm.options asks the JVM to ignore options it does not know (for older 17s): this one must know them all. */
    @Test
    void everyJvmOptionIsOneThisJvmKnows() throws IOException, InterruptedException {
        Process java = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "@" + ROOT.resolve("jvm.options"), "-XX:-IgnoreUnrecognizedVMOptions", "-version").redirectErrorStream(true).start();
        String said = new String(java.getInputStream().readAllBytes());
        assertThat(java.waitFor()).as(said).isZero();
    }

    @Test
    void theConsoleFindsTheOtherServicesByTheirComposeNamesAndPorts() throws IOException {
        @SuppressWarnings("unchecked")
        Map<String, String> environment = (Map<String, String>) compose("game-scenario").get("environment");
        for (String service : List.of("shooting-range", "leader-board")) {
            String variable = "LAB_SERVICES_" + service.replace('-', '_').toUpperCase() + "_URL";
            assertThat(environment.get(variable))
                    .isEqualTo("http://" + service + ":" + configuration(service).getProperty("quarkus.http.port"));
        }
    }

    @Test
    void theImageIsBuiltByTheWrapperAsCiBuildsIt() throws IOException {
        String dockerfile = Files.readString(ROOT.resolve("Dockerfile"));
        assertThat(dockerfile).contains("./mvnw -B package -DskipTests -pl shooting-range,leader-board,game-scenario -am");
        // Maven reads every module of the reactor, even those it does not build: each pom must be there.
        java.util.regex.Matcher module = java.util.regex.Pattern.compile("<module>([^<]+)</module>")
                .matcher(Files.readString(ROOT.resolve("pom.xml")));
        while (module.find()) {
            assertThat(dockerfile).as("the build stage copies " + module.group(1) + "'s pom")
                    .contains("COPY " + module.group(1) + "/pom.xml " + module.group(1) + "/");
        }
        assertThat(Files.readString(ROOT.resolve(".ci/run"))).contains("./mvnw -B verify");
        // One set of JVM options, wherever a service runs.
        assertThat(dockerfile).contains("COPY jvm.options /app/jvm.options").contains("java @/app/jvm.options");
        assertThat(Files.readString(ROOT.resolve("run-local.sh"))).contains("java @jvm.options -jar");
        assertThat(Files.readAllLines(ROOT.resolve("jvm.options"))).filteredOn(line -> line.startsWith("-"))
                .contains("-XX:+UseSerialGC").anyMatch(line -> line.startsWith("-Xmx"));
        assertThat(Files.readString(ROOT.resolve("README.md"))).contains("./mvnw verify").contains("docker compose up --build");
    }

    /** What a workshop's shared network and a developer's own servers need of the compose file. */
    @Test
    @SuppressWarnings("unchecked")
    void composeKeepsTheBrokerAndTheDatabaseToThisMachineAndBuildsWhatItRuns() throws IOException {
        for (String server : List.of("rabbitmq", "postgres")) {
            List<Object> ports = (List<Object>) compose(server).getOrDefault("ports", List.of());
            assertThat(ports).as(server + "'s published ports").allSatisfy(port -> assertThat(port.toString()).startsWith("127.0.0.1:"));
        }
        assertThat(compose("postgres")).as("no clash with a local PostgreSQL").doesNotContainKey("ports");
        assertThat(compose("rabbitmq").get("image").toString()).as("a supported RabbitMQ").matches("rabbitmq:4\\.\\d+-management");
        for (String file : List.of("docker-compose.yml", "compose-devservices.yml")) {
            assertThat(Files.readString(ROOT.resolve(file))).as(file + ": PostgreSQL ready over TCP, after its init script")
                    .contains("\"pg_isready\", \"-h\", \"127.0.0.1\"");
        }
        for (String service : List.of("shooting-range", "leader-board", "game-scenario")) {
            // Built when missing or asked (up --build), not at every up: a room's second start needs no network.
            assertThat(compose(service)).as(service + " is built here").containsKey("build").doesNotContainKey("pull_policy");
        }
        for (String service : List.of("shooting-range-2", "leader-board-2")) {
            assertThat(compose(service)).as(service + " runs the image built here").containsEntry("pull_policy", "never");
        }
        assertThat(Files.readString(ROOT.resolve("Dockerfile"))).as("no frontend image to fetch").doesNotContain("# syntax");
        assertThat(Files.readAllLines(ROOT.resolve(".gitattributes")))
                .as("scripts keep LF endings on any checkout").contains("mvnw text eol=lf", "*.sh text eol=lf");
    }

    /** The service's application.properties over the defaults every service gets from the exactly-once core. */
    private static Properties configuration(String service) throws IOException {
        Properties core = new Properties();
        try (Reader reader = Files.newBufferedReader(ROOT.resolve("exactly-once/src/main/resources/META-INF/microprofile-config.properties"))) {
            core.load(reader);
        }
        Properties properties = new Properties(core);
        try (Reader reader = Files.newBufferedReader(ROOT.resolve(service).resolve("src/main/resources/application.properties"))) {
            properties.load(reader);
        }
        return properties;
    }

    /** Jaeger, Prometheus and Grafana: on this machine only, fed by every service, in a profile of their own. */
    @Test
    @SuppressWarnings("unchecked")
    void theObservabilityProfileSeesEveryServiceAndStaysOnThisMachine() throws IOException {
        for (String tool : List.of("jaeger", "prometheus", "grafana")) {
            assertThat((List<Object>) compose(tool).get("profiles")).as(tool + "'s profile").containsExactly("observability");
            assertThat((List<Object>) compose(tool).get("ports")).as(tool + "'s published ports")
                    .allSatisfy(port -> assertThat(port.toString()).startsWith("127.0.0.1:"));
        }
        String scraped = Files.readString(ROOT.resolve("docker/observability/prometheus.yml"));
        assertThat(scraped).contains("metrics_path: /q/metrics");
        for (String service : List.of("shooting-range", "leader-board", "game-scenario")) {
            Map<String, String> environment = (Map<String, String>) compose(service).get("environment");
            assertThat(environment.get("QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT")).isEqualTo("http://jaeger:4317");
            assertThat(environment.get("QUARKUS_OTEL_SDK_DISABLED")).as("traces off unless asked for").isEqualTo("${OTEL_SDK_DISABLED:-true}");
            String port = configuration(service).getProperty("quarkus.http.port");
            assertThat(scraped).contains(service + ":" + port);
            if (compose(service + "-2") != null) {
                assertThat(scraped).as("the scaled profile's instance").contains(service + "-2:" + port);
            }
        }
        for (String broker : List.of("rabbitmq", "rabbitmq-1", "rabbitmq-2", "rabbitmq-3")) {
            assertThat(compose(broker)).as(broker).isNotNull();
            assertThat(scraped).as("RabbitMQ's own metrics").contains(broker + ":15692");
        }
        assertThat(((Map<String, String>) compose("game-scenario").get("environment")).get("CONSOLE_TRACE_URL"))
                .isEqualTo("http://localhost:16686/trace/{traceId}");
        assertThat(Files.readString(ROOT.resolve(".ci/run"))).contains("--profile observability");
    }

    /** Three RabbitMQ nodes that form one cluster, on this machine only, and the services told to use them. */
    @Test
    @SuppressWarnings("unchecked")
    void theClusterProfileIsThreeNodesOfOneClusterThatTheServicesCanBeGiven() throws IOException {
        String clusterConf = Files.readString(ROOT.resolve("docker/rabbitmq-cluster/cluster.conf"));
        List<String> addresses = new java.util.ArrayList<>();
        Object cookie = null;
        for (int n = 1; n <= 3; n++) {
            String node = "rabbitmq-" + n;
            Map<String, Object> service = compose(node);
            assertThat((List<Object>) service.get("profiles")).as(node + "'s profile").containsExactly("cluster");
            assertThat(service.get("image")).as("the single broker's image").isEqualTo(compose("rabbitmq").get("image"));
            assertThat(service.get("hostname")).isEqualTo(node);
            assertThat(clusterConf).contains("rabbit@" + node);
            assertThat((List<Object>) service.get("volumes")).anySatisfy(volume -> assertThat(volume.toString())
                    .startsWith("./docker/rabbitmq-cluster/cluster.conf:/etc/rabbitmq/conf.d/"));
            assertThat((List<Object>) service.getOrDefault("ports", List.of())).as(node + "'s published ports")
                    .allSatisfy(port -> assertThat(port.toString()).startsWith("127.0.0.1:"));
            Map<String, Object> environment = (Map<String, Object>) service.get("environment");
            assertThat(environment.get("RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS")).as("one cookie for the three nodes")
                    .isEqualTo(cookie == null ? environment.get("RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS") : cookie)
                    .isEqualTo(environment.get("RABBITMQ_CTL_ERL_ARGS"));
            cookie = environment.get("RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS");
            addresses.add(node + ":5672");
        }
        assertThat(Files.readString(ROOT.resolve("docker-compose.yml"))).as("how to start it, in the file's header")
                .contains("RABBITMQ_ADDRESSES=" + String.join(",", addresses) + " docker compose --profile cluster up");
        for (String service : List.of("shooting-range", "leader-board", "game-scenario")) {
            Map<String, String> environment = (Map<String, String>) compose(service).get("environment");
            assertThat(environment.get("RABBITMQ_ADDRESSES")).as("the connector's and the relay's rabbitmq-addresses")
                    .isEqualTo("${RABBITMQ_ADDRESSES:-}");
            assertThat(environment.get("TOPOLOGY_QUEUE_TYPE")).isEqualTo("${TOPOLOGY_QUEUE_TYPE:-quorum}");
        }
        assertThat(Files.readString(ROOT.resolve(".ci/run"))).contains("--profile cluster");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> compose(String service) throws IOException {
        try (Reader reader = Files.newBufferedReader(ROOT.resolve("docker-compose.yml"))) {
            Map<String, Object> file = new Yaml().load(reader);
            return (Map<String, Object>) ((Map<String, Object>) file.get("services")).get(service);
        }
    }

    private static String dockerStage(String service) throws IOException {
        String dockerfile = Files.readString(ROOT.resolve("Dockerfile"));
        int start = dockerfile.indexOf("AS " + service + "\n");
        assertThat(start).as("a Dockerfile stage named " + service).isPositive();
        int end = dockerfile.indexOf("\nFROM ", start);
        return dockerfile.substring(start, end < 0 ? dockerfile.length() : end);
    }
}
