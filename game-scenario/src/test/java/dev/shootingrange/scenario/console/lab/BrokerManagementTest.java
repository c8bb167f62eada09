package dev.shootingrange.scenario.console.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.scenario.console.HttpStub;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The lab's calls to RabbitMQ's management API: logged in as the services are, on their virtual host
 * (the default one, "/", escaped in the path as RabbitMQ wants it), and a 503 that says how to get the
 * API wherever it does not answer as it should.
 */
@QuarkusTest
@WithTestResource(ManagementApiStub.class)
class BrokerManagementTest {

    private static final String HOW_TO_GET_IT = "; it is the broker's plugin rabbitmq_management (in the"
            + " rabbitmq:*-management images; elsewhere rabbitmq-plugins enable rabbitmq_management), and"
            + " LAB_BROKER_MANAGEMENT_URL says where it is";

    @HttpStub.Received
    List<String> received;

    @Inject
    BrokerManagement broker;

    @ConfigProperty(name = "lab.broker.management-url")
    String url;

    @ConfigProperty(name = "rabbitmq-username", defaultValue = "guest")
    String username;

    @ConfigProperty(name = "rabbitmq-password", defaultValue = "guest")
    String password;

    private String login;

    @BeforeEach
    void forgetEarlierRequests() {
        received.clear();
        login = "Basic " + Base64.getEncoder().encodeToString((username + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void closingEveryConnectionClosesThoseListedWithTheReasonAndLeavesOutThoseAlreadyGone() {
        assertThat(broker.closeEveryConnection("a node fails")).containsExactly(ManagementApiStub.OPEN);

        assertThat(received).containsExactlyInAnyOrder("GET /api/vhosts/%2F/connections " + login,
                "DELETE /api/connections/127.0.0.1:40001%20-%3E%20127.0.0.1:5672 " + login + " a node fails",
                "DELETE /api/connections/127.0.0.1:40002%20-%3E%20127.0.0.1:5672 " + login + " a node fails");
    }

    @Test
    void closingOneUsersConnectionsLeavesEveryOtherAlone() {
        assertThat(broker.closeConnectionsOf("guest", "a consumer killed")).containsExactly(ManagementApiStub.OPEN);
        assertThat(broker.closeConnectionsOf("participant", "a consumer killed")).isEmpty();

        assertThat(received).containsExactly("GET /api/vhosts/%2F/connections " + login,
                "DELETE /api/connections/127.0.0.1:40001%20-%3E%20127.0.0.1:5672 " + login + " a consumer killed",
                "GET /api/vhosts/%2F/connections " + login);
    }

    @Test
    void queuesAndTheQueuesBoundToAnExchange() {
        assertThat(broker.queuesNamed("")).containsOnly(Map.entry("game-scenario", 1), Map.entry("leader-board", 0));
        assertThat(broker.queuesNamed("leader")).containsOnlyKeys("leader-board");
        assertThat(broker.queuesBoundTo("game-events")).as("queues only, not exchanges").containsExactly("leader-board");

        assertThat(received).containsExactly("GET /api/queues/%2F?columns=name%2Cconsumers " + login,
                "GET /api/queues/%2F?columns=name%2Cconsumers " + login,
                "GET /api/exchanges/%2F/game-events/bindings/source " + login);
    }

    @Test
    void aQueuePurgedOrDeletedIsFoundOrNot() {
        assertThat(broker.purge("game-scenario")).isTrue();
        assertThat(broker.delete("game-scenario")).isTrue();
        assertThat(broker.purge("missing")).isFalse();
        assertThat(broker.delete("missing")).isFalse();

        assertThat(received).containsExactly("DELETE /api/queues/%2F/game-scenario/contents " + login,
                "DELETE /api/queues/%2F/game-scenario " + login, "DELETE /api/queues/%2F/missing/contents " + login,
                "DELETE /api/queues/%2F/missing " + login);
    }

    @Test
    void whatTheApiDoesNotHaveOrFailsToAnswerIsA503ThatSaysHowToGetIt() {
        Problem missing = catchThrowableOfType(Problem.class, () -> broker.queuesBoundTo("nowhere"));
        Problem failed = catchThrowableOfType(Problem.class, () -> broker.queuesBoundTo("broken"));
        Problem dropped = catchThrowableOfType(Problem.class, () -> broker.queuesBoundTo("dropped"));

        String api = "RabbitMQ's management API at " + url + "/ ";
        assertThat(missing).hasMessage(api + "has no api/exchanges/%2F/nowhere/bindings/source (is the virtual host / there?)"
                + HOW_TO_GET_IT);
        assertThat(failed).hasMessage(api + "answered 500 {\"error\":\"boom\"}" + HOW_TO_GET_IT);
        assertThat(dropped).hasMessageStartingWith(api).hasMessageEndingWith(HOW_TO_GET_IT);
        for (Problem problem : List.of(missing, failed, dropped)) {
            assertThat(problem.toResponse().getStatus()).isEqualTo(503);
        }
    }
}
