package dev.shootingrange.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.Yaml;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;

/**
 * {@code ./mvnw quarkus:dev} cannot start on this machine, so its configuration is checked here: each
 * service's profiles resolved as Quarkus resolves them, against compose-devservices.yml.
 */
class DevModeConfigTest {

    private static final Path ROOT = Path.of("..");

    @ParameterizedTest
    @ValueSource(strings = { "shooting-range", "leader-board", "game-scenario" })
    void devModeWithDockerUsesThePortsTheComposeLabelsHandOver(String service) throws IOException {
        Map<String, String> labels = labels("rabbitmq");
        labels.putAll(labels("postgres"));
        String rabbitmqPortKey = labels.get("io.quarkus.devservices.compose.config_map.port.5672");
        String postgresPortKey = labels.get("io.quarkus.devservices.compose.config_map.port.5432");

        SmallRyeConfig config = config(service, List.of("dev"),
                Map.of(rabbitmqPortKey, "49153", postgresPortKey, "49154"));

        String database = database(service);
        assertThat(config.getValue("rabbitmq-port", Integer.class)).isEqualTo(49153);
        assertThat(config.getValue("quarkus.datasource.jdbc.url", String.class))
                .isEqualTo("jdbc:postgresql://localhost:49154/" + database);
        assertThat(config.getValue("quarkus.datasource.password", String.class))
                .isEqualTo(environment("postgres").get("POSTGRES_PASSWORD"));
        assertThat(createDatabasesScript()).as("the database is created in the shared PostgreSQL")
                .contains("create database " + database + ";");
    }

    /** broker-duplicates works in dev mode: the console reaches the management API where compose published it. */
    @Test
    void devModeReachesTheBrokersManagementApiOnThePortTheLabelHandsOver() throws IOException {
        String managementPortKey = labels("rabbitmq").get("io.quarkus.devservices.compose.config_map.port.15672");

        SmallRyeConfig config = config("game-scenario", List.of("dev"), Map.of(managementPortKey, "49155"));

        assertThat(config.getValue("lab.broker.management-url", String.class)).isEqualTo("http://localhost:49155");
        assertThat(config("game-scenario", List.of("dev"), Map.of()).getValue("lab.broker.management-url", String.class))
                .as("without Docker: the local broker's").isEqualTo("http://localhost:15672");
    }

    /** A workshop's network is shared and the passwords are the defaults: published on 127.0.0.1 only. */
    @ParameterizedTest
    @ValueSource(strings = { "rabbitmq", "postgres" })
    void devServicesArePublishedOnThisMachineOnly(String server) throws IOException {
        assertThat((List<?>) service("compose-devservices.yml", server).get("ports"))
                .isNotEmpty().allSatisfy(port -> assertThat(port.toString()).startsWith("127.0.0.1::"));
    }

    @ParameterizedTest
    @ValueSource(strings = { "shooting-range", "leader-board", "game-scenario" })
    void theThreeServicesShareOneComposeProjectThatOutlivesEachOfThem(String service) throws IOException {
        SmallRyeConfig config = config(service, List.of("dev"), Map.of());

        assertThat(config.getValue("quarkus.compose.devservices.project-name", String.class))
                .isEqualTo(config("shooting-range", List.of("dev"), Map.of())
                        .getValue("quarkus.compose.devservices.project-name", String.class));
        assertThat(config.getValue("quarkus.compose.devservices.stop-services", Boolean.class)).isFalse();
        Path composeFile = ROOT.resolve(service)
                .resolve(config.getValue("quarkus.compose.devservices.files", String.class));
        assertThat(composeFile).as("compose file as seen from the service's folder").exists()
                .isEqualTo(ROOT.resolve(service).resolve("../compose-devservices.yml"));
    }

    @ParameterizedTest
    @ValueSource(strings = { "shooting-range", "leader-board", "game-scenario" })
    void devModeWithoutDockerFallsBackToTheLocalServers(String service) throws IOException {
        SmallRyeConfig config = config(service, List.of("dev"), Map.of());

        assertThat(config.getValue("rabbitmq-port", Integer.class)).isEqualTo(5672);
        assertThat(config.getValue("quarkus.datasource.jdbc.url", String.class))
                .isEqualTo("jdbc:postgresql://localhost:5432/" + database(service));
    }

    @ParameterizedTest
    @ValueSource(strings = { "shooting-range", "leader-board", "game-scenario" })
    void testsOnTheLocalServersStartNoDevServices(String service) throws Exception {
        SmallRyeConfig withDocker = config(service, List.of("test"), Map.of());
        SmallRyeConfig withoutDocker = config(service, List.of("test", "local"), Map.of());

        assertThat(withDocker.getOptionalValue("quarkus.datasource.jdbc.url", String.class))
                .as("empty: the PostgreSQL Dev Service provides it").isEmpty();
        assertThat(withoutDocker.getValue("quarkus.devservices.enabled", Boolean.class)).isFalse();
        assertThat(withoutDocker.getValue("quarkus.datasource.jdbc.url", String.class))
                .isEqualTo("jdbc:postgresql://localhost:5432/" + database(service));
    }

    /**
     * Where Docker runs, the tests' database is the Dev Service's: its URL and credentials reach the
     * service whatever the ordinal of the source Quarkus hands them over in (here below the application's
     * own file), so the file names none for the tests, not even an empty one.
     */
    @ParameterizedTest
    @ValueSource(strings = { "shooting-range", "leader-board", "game-scenario" })
    void testsWithDockerGetTheDatabaseTheDevServiceStarted(String service) throws IOException {
        Map<String, String> devService = Map.of("quarkus.datasource.jdbc.url", "jdbc:postgresql://localhost:49155/quarkus",
                "quarkus.datasource.username", "quarkus", "quarkus.datasource.password", "quarkus");

        SmallRyeConfig withDocker = config(service, List.of("test"), devService, 200);

        devService.forEach((key, value) -> assertThat(withDocker.getOptionalValue(key, String.class)).as(key).hasValue(value));
    }

    /**
     * Dev Services unless the local servers are asked for: -Plocal, or -Pfull, whose ITs run on them.
     * Nothing guesses from the machine: no Maven profile is activated by a file or a variable.
     */
    @Test
    void theLocalServersAreAnExplicitChoice() throws Exception {
        assertThat(testProfiles("/project/properties")).as("by default: Dev Services").isEqualTo("test");
        assertThat(testProfiles("/project/profiles/profile[id='local']/properties")).isEqualTo("test,local");
        assertThat(testProfiles("/project/profiles/profile[id='full']/properties")).isEqualTo("test,local");
        assertThat(xpath().evaluate("count(/project/profiles/profile/activation)", pom())).as("profiles activated by guessing")
                .isEqualTo("0");
    }

    private static String testProfiles(String properties) throws Exception {
        return xpath().evaluate(properties + "/test.quarkus.profile", pom());
    }

    private static org.w3c.dom.Document pom() throws Exception {
        return javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(ROOT.resolve("pom.xml").toFile());
    }

    private static javax.xml.xpath.XPath xpath() {
        return javax.xml.xpath.XPathFactory.newInstance().newXPath();
    }

    @ParameterizedTest
    @ValueSource(strings = { "rabbitmq", "postgres" })
    void devModeRunsTheSameServerImagesAsTheWorkshopLab(String server) throws IOException {
        assertThat(service("compose-devservices.yml", server).get("image"))
                .isEqualTo(service("docker-compose.yml", server).get("image"));
    }

    /** The packaged service's database: the one its production URL names. */
    private static String database(String service) throws IOException {
        return config(service, List.of("prod"), Map.of()).getValue("quarkus.datasource.jdbc.url", String.class)
                .replaceAll(".*/", "");
    }

    private static SmallRyeConfig config(String service, List<String> profiles, Map<String, String> handedOver)
            throws IOException {
        return config(service, profiles, handedOver, 300);
    }

    /** The service's application.properties, and what Dev Services hand over in a source of the given ordinal. */
    private static SmallRyeConfig config(String service, List<String> profiles, Map<String, String> handedOver, int ordinal)
            throws IOException {
        Properties application = new Properties();
        try (Reader reader = Files.newBufferedReader(ROOT.resolve(service).resolve("src/main/resources/application.properties"))) {
            application.load(reader);
        }
        return new SmallRyeConfigBuilder().withProfiles(profiles).withSources(new PropertiesConfigSource(application, "application.properties", 250))
                .withSources(new PropertiesConfigSource(handedOver, "devservices", ordinal)).build();
    }

    private static String createDatabasesScript() throws IOException {
        String mount = ((List<?>) service("compose-devservices.yml", "postgres").get("volumes")).get(0).toString();
        return Files.readString(ROOT.resolve(mount.substring(0, mount.indexOf(':'))));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> labels(String server) throws IOException {
        return new java.util.HashMap<>((Map<String, String>) service("compose-devservices.yml", server).get("labels"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> environment(String server) throws IOException {
        return (Map<String, String>) service("compose-devservices.yml", server).get("environment");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> service(String composeFile, String name) throws IOException {
        try (Reader reader = Files.newBufferedReader(ROOT.resolve(composeFile))) {
            Map<String, Object> file = new Yaml().load(reader);
            return (Map<String, Object>) ((Map<String, Object>) file.get("services")).get(name);
        }
    }
}
