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
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.AbstractConstruct;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

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
        String database = config.getProperty("%prod.quarkus.datasource.jdbc.url").replaceAll(".*/", "");
        Map<String, String> environment = (Map<String, String>) compose.get("environment");

        assertThat((List<Object>) compose.get("ports")).as("host port, this machine only").containsExactly("127.0.0.1:" + port + ":" + port);
        assertThat(config.getProperty("%prod.quarkus.http.host")).as("packaged, it answers this machine only").isEqualTo("127.0.0.1");
        assertThat(environment.get("QUARKUS_DATASOURCE_JDBC_URL")).endsWith("/" + database);
        Set<String> read = new HashSet<>(config.stringPropertyNames());
        read.addAll(READ_BUT_UNSET);
        for (String variable : environment.keySet()) {
            assertThat(read).as(variable + " sets a property the service reads")
                    .anyMatch(property -> property.replaceFirst("^%[^.]+\\.", "").replaceAll("[^A-Za-z0-9]", "_").toUpperCase()
                            .equals(variable));
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

    /**
     * Closed by default: out of the box nothing is published beyond this machine (each service's own
     * test above); a room is a file of its own that publishes the console and the broker's AMQP port
     * (the room's consumers, for the judge) with no guest on that broker, and that refuses to start
     * without an instructor key for every service that has a lab, which is also the services' broker
     * password (decision 29).
     */
    @Test
    @SuppressWarnings("unchecked")
    void aRoomIsAnExplicitFileThatPublishesTheConsoleAndABrokerWithoutGuestAndRequiresTheKey() throws IOException {
        assertThat(Files.readString(ROOT.resolve("Dockerfile"))).as("in its container, the container's interfaces")
                .contains("ENV QUARKUS_HTTP_HOST=0.0.0.0");
        assertThat((List<Object>) compose("docker-compose.room.yml", "game-scenario").get("ports")).containsExactly("8080:8080");
        Map<String, Object> broker = compose("docker-compose.room.yml", "rabbitmq");
        assertThat((List<Object>) broker.get("ports")).as("AMQP for the room, the management UI for this machine")
                .containsExactly("5672:5672", "127.0.0.1:15672:15672");
        assertThat((Map<String, String>) broker.get("environment")).as("a first start makes lab, not guest")
                .containsEntry("RABBITMQ_DEFAULT_USER", "lab")
                .hasEntrySatisfying("RABBITMQ_DEFAULT_PASS", password -> assertThat(password).startsWith("${LAB_INSTRUCTOR_KEY:?"));
        assertThat((List<Object>) broker.get("volumes")).as("a broker volume where guest was never made")
                .anySatisfy(volume -> assertThat(volume.toString()).startsWith("rabbitmq-room-data:"))
                .noneSatisfy(volume -> assertThat(volume.toString()).startsWith("rabbitmq-data:"));
        for (String service : List.of("game-scenario", "shooting-range", "leader-board", "shooting-range-2", "leader-board-2")) {
            Map<String, Object> room = compose("docker-compose.room.yml", service);
            Map<String, String> environment = (Map<String, String>) room.get("environment");
            assertThat(environment.get("LAB_INSTRUCTOR_KEY")).as(service + "'s key").startsWith("${LAB_INSTRUCTOR_KEY:?");
            assertThat(environment).as(service + " logs in as lab").containsEntry("RABBITMQ_USERNAME", "lab")
                    .hasEntrySatisfying("RABBITMQ_PASSWORD", password -> assertThat(password).startsWith("${LAB_INSTRUCTOR_KEY:?"));
            if (!service.equals("game-scenario")) {
                assertThat(room).as(service + " stays on this machine").doesNotContainKey("ports");
            }
        }
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
        Properties core = configuration("shooting-range");
        assertThat(core.getProperty("%test.quarkus.rabbitmq.devservices.image-name")).as("the tests' Dev Service broker")
                .isEqualTo(compose("rabbitmq").get("image"));
        assertThat(core.getProperty("%test.quarkus.datasource.devservices.image-name")).as("the tests' Dev Service database")
                .isEqualTo(compose("postgres").get("image"));
        assertThat(compose("rabbitmq").get("image").toString()).as("a supported RabbitMQ").matches("rabbitmq:4\\.\\d+-management");
        assertThat(Files.readString(ROOT.resolve("compose-devservices.yml"))).as("PostgreSQL ready over TCP, after its init script")
                .contains("\"pg_isready\", \"-h\", \"127.0.0.1\"");
        for (String service : List.of("shooting-range", "leader-board", "game-scenario")) {
            // Built when missing or asked (up --build), not at every up: a room's second start needs no network.
            assertThat(compose(service)).as(service + " is built here").containsKey("build").doesNotContainKey("pull_policy");
        }
        for (String service : List.of("shooting-range-2", "leader-board-2")) {
            assertThat(compose(service)).as(service + " runs the image built here").containsEntry("pull_policy", "never");
        }
        assertThat(Files.readString(ROOT.resolve("Dockerfile"))).as("no frontend image to fetch").doesNotContain("# syntax");
        // Maven refuses a reactor whose modules are missing, so the image's build copies every module's pom.
        java.util.regex.Matcher module = java.util.regex.Pattern.compile("<module>([^<]+)</module>")
                .matcher(Files.readString(ROOT.resolve("pom.xml")));
        while (module.find()) {
            assertThat(Files.readString(ROOT.resolve("Dockerfile"))).as("the Dockerfile copies " + module.group(1) + "'s pom")
                    .contains("COPY " + module.group(1) + "/pom.xml " + module.group(1) + "/");
        }
        assertThat(Files.readAllLines(ROOT.resolve(".gitattributes")))
                .as("scripts keep LF endings on any checkout").contains("mvnw text eol=lf", "*.sh text eol=lf");
    }

    /**
     * What a room meets: a broker or database that stopped comes back by itself, a plain {@code down}
     * keeps their data for the next {@code up} (the broker under the same node name, or it would not
     * find its queues), and healthy means ready for the lab, not merely a process that answers.
     */
    @Test
    void theBrokerAndTheDatabaseComeBackWithTheirDataAndAreHealthyWhenReadyForTheLab() throws IOException {
        Map<String, Object> file = composeFile("docker-compose.yml");
        Map<String, Object> cluster = composeFile("docker-compose.cluster.yml");
        for (String node : List.of("rabbitmq", "rabbitmq-1", "rabbitmq-2", "rabbitmq-3")) {
            Map<String, Object> defining = node.equals("rabbitmq") ? file : cluster;
            Map<String, Object> broker = service(defining, node);
            assertThat(broker).as(node).containsEntry("restart", "unless-stopped").containsEntry("hostname", node);
            assertThat(namedVolume(defining, broker, "/var/lib/rabbitmq")).as(node + "'s data in a named volume").isNotNull();
            assertThat(healthcheck(broker)).as(node + "'s healthcheck").contains("rabbitmq-diagnostics -q check_running")
                    .containsAnyOf("check_local_alarms", "check_port_connectivity").doesNotContain("ping");
        }
        Map<String, Object> postgres = service(file, "postgres");
        assertThat(postgres).containsEntry("restart", "unless-stopped");
        assertThat(namedVolume(file, postgres, "/var/lib/postgresql/data")).as("the databases in a named volume").isNotNull();
        List<String> created = Files.readAllLines(ROOT.resolve("docker/create-databases.sql")).stream()
                .filter(line -> line.startsWith("create database ")).map(line -> line.replaceAll("create database (\\w+);", "$1")).toList();
        assertThat(healthcheck(postgres)).as("PostgreSQL ready over TCP with the lab's databases made")
                .contains("pg_isready -h 127.0.0.1 -U postgres")
                .contains("psql -h 127.0.0.1 -U postgres -d " + created.get(created.size() - 1) + " ");
    }

    /** The healthcheck's command as one line. */
    @SuppressWarnings("unchecked")
    private static String healthcheck(Map<String, Object> service) {
        List<Object> test = (List<Object>) ((Map<String, Object>) service.get("healthcheck")).get("test");
        return String.join(" ", test.stream().map(Object::toString).toList());
    }

    /** The volume declared at the file's top level that the service mounts at that path, or null. */
    @SuppressWarnings("unchecked")
    private static String namedVolume(Map<String, Object> file, Map<String, Object> service, String path) {
        Map<String, Object> declared = (Map<String, Object>) file.getOrDefault("volumes", Map.of());
        return ((List<Object>) service.get("volumes")).stream().map(Object::toString)
                .filter(volume -> volume.endsWith(":" + path)).map(volume -> volume.substring(0, volume.indexOf(':')))
                .filter(declared::containsKey).findFirst().orElse(null);
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

    /**
     * Jaeger, Prometheus and Grafana: on this machine only, fed by every service, added by a file of their
     * own that also turns the services' traces on: nothing to type but the file's name.
     */
    @Test
    @SuppressWarnings("unchecked")
    void theObservabilityFileSeesEveryServiceAndStaysOnThisMachine() throws IOException {
        String file = "docker-compose.observability.yml";
        for (String tool : List.of("jaeger", "prometheus", "grafana")) {
            assertThat(compose(tool)).as(tool + " is not part of the lab itself").isNull();
            assertThat((List<Object>) compose(file, tool).get("ports")).as(tool + "'s published ports")
                    .allSatisfy(port -> assertThat(port.toString()).startsWith("127.0.0.1:"));
        }
        String scraped = Files.readString(ROOT.resolve("docker/observability/prometheus.yml"));
        assertThat(scraped).contains("metrics_path: /q/metrics");
        for (String service : List.of("shooting-range", "leader-board", "game-scenario")) {
            Map<String, String> environment = (Map<String, String>) compose(service).get("environment");
            assertThat(environment.get("QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT")).isEqualTo("http://jaeger:4317");
            assertThat(environment.get("QUARKUS_OTEL_SDK_DISABLED")).as("traces off in the lab itself").isEqualTo("true");
            String port = configuration(service).getProperty("quarkus.http.port");
            assertThat(scraped).contains(service + ":" + port);
            for (String instance : compose(service + "-2") == null ? List.of(service) : List.of(service, service + "-2")) {
                assertThat(scraped).contains(instance + ":" + port);
                assertThat((Map<String, String>) compose(file, instance).get("environment"))
                        .as(instance + "'s traces, on with the file").containsEntry("QUARKUS_OTEL_SDK_DISABLED", "false");
            }
        }
        assertThat(scraped).as("RabbitMQ's own metrics").contains("rabbitmq:15692");
        for (String node : List.of("rabbitmq-1", "rabbitmq-2", "rabbitmq-3")) {
            assertThat(compose("docker-compose.cluster.yml", node)).as(node).isNotNull();
            assertThat(scraped).as("the cluster's nodes' own metrics").contains(node + ":15692");
        }
        assertThat(((Map<String, String>) compose("game-scenario").get("environment")).get("CONSOLE_TRACE_URL"))
                .isEqualTo("http://localhost:16686/trace/{traceId}");
        assertThat(Files.readString(ROOT.resolve(".ci/run"))).contains("-f " + file);
    }

    /**
     * Three RabbitMQ nodes that form one cluster, on this machine only, in place of the single broker: a
     * file of their own tells the services to use them and to wait for them, nothing to type but its name.
     */
    @Test
    @SuppressWarnings("unchecked")
    void theClusterFileIsThreeNodesOfOneClusterInPlaceOfTheSingleBroker() throws IOException {
        String file = "docker-compose.cluster.yml";
        String clusterConf = Files.readString(ROOT.resolve("docker/rabbitmq-cluster/cluster.conf"));
        List<String> addresses = new java.util.ArrayList<>();
        Object cookie = null;
        for (int n = 1; n <= 3; n++) {
            String node = "rabbitmq-" + n;
            Map<String, Object> service = compose(file, node);
            assertThat(compose(node)).as(node + " is not part of the single-broker lab").isNull();
            assertThat(service).as(node + " starts with the file").doesNotContainKey("profiles");
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
        assertThat((List<Object>) compose(file, "rabbitmq").get("profiles")).as("the single broker, not started beside them")
                .isNotEmpty();
        assertThat(Files.readString(ROOT.resolve(file))).as("how to start it, in the file's header")
                .contains("docker compose -f docker-compose.yml -f " + file + " up --build");
        for (String service : List.of("shooting-range", "leader-board", "game-scenario", "shooting-range-2", "leader-board-2")) {
            Map<String, Object> onTheCluster = compose(file, service);
            assertThat((Map<String, String>) onTheCluster.get("environment")).as(service + "'s rabbitmq-addresses")
                    .containsEntry("RABBITMQ_ADDRESSES", String.join(",", addresses));
            assertThat(((Map<String, Object>) onTheCluster.get("depends_on")).keySet()).as(service + " waits for the nodes")
                    .contains("rabbitmq-1", "rabbitmq-2", "rabbitmq-3", "postgres").doesNotContain("rabbitmq");
            assertThat(((Map<String, String>) compose(service).get("environment")).get("TOPOLOGY_QUEUE_TYPE"))
                    .isEqualTo("${TOPOLOGY_QUEUE_TYPE:-quorum}");
        }
        assertThat((Map<String, String>) compose(file, "game-scenario").get("environment"))
                .containsEntry("LAB_BROKER_MANAGEMENT_URL", "http://rabbitmq-1:15672");
        assertThat(Files.readString(ROOT.resolve(".ci/run"))).contains("LAB_SETUP=cluster");
    }

    private static Map<String, Object> compose(String service) throws IOException {
        return compose("docker-compose.yml", service);
    }

    /** A service as one compose file defines it (an override file: what it adds), or null. */
    private static Map<String, Object> compose(String file, String service) throws IOException {
        return service(composeFile(file), service);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> service(Map<String, Object> file, String service) {
        return (Map<String, Object>) ((Map<String, Object>) file.get("services")).get(service);
    }

    /** One compose file, as it is written. */
    private static Map<String, Object> composeFile(String file) throws IOException {
        try (Reader reader = Files.newBufferedReader(ROOT.resolve(file))) {
            return new Yaml(new ComposeTags()).load(reader);
        }
    }

    /** Compose's own tags ({@code !override}, {@code !reset}) read as the value they carry. */
    private static final class ComposeTags extends SafeConstructor {

        ComposeTags() {
            super(new LoaderOptions());
            for (String tag : List.of("!override", "!reset")) {
                yamlConstructors.put(new Tag(tag), new AbstractConstruct() {
                    @Override
                    public Object construct(Node node) {
                        if (node instanceof MappingNode mapping) {
                            return constructMapping(mapping);
                        }
                        return node instanceof SequenceNode sequence ? constructSequence(sequence) : constructScalar((ScalarNode) node);
                    }
                });
            }
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
