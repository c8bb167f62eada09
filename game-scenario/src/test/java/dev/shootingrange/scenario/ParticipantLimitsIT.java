package dev.shootingrange.scenario;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;

import dev.shootingrange.contract.Topology;
import dev.shootingrange.testing.BrokerConnections;
import io.restassured.specification.RequestSpecification;

/**
 * The participant user cannot fill the broker: it declares 1,000 queues bound to every event and reads
 * none, while a game is played. The services keep answering; each queue carries the operator policy
 * (length, message TTL, expiry once unused); the user's connections and channels are limited; and the
 * console deletes the unread queues beyond the 200 it keeps.
 */
class ParticipantLimitsIT {

    private static final String FLOOD = "participant.flood-";
    private static final int QUEUES = 1_000;

    @AfterEach
    void deleteTheFlood() throws Exception {
        try (Connection guest = BrokerConnections.factory().newConnection("participant-limits-cleanup")) {
            Channel channel = guest.createChannel();
            for (int i = 0; i < QUEUES; i++) {
                channel.queueDelete(FLOOD + i);
            }
        }
    }

    @Test
    void aThousandUnreadQueuesNeitherStopTheServicesNorStay() throws Exception {
        BrokerManagementApi.enable();
        String amqpUrl = given().baseUri(LabProcesses.SCENARIO.baseUrl()).get("/api/judge/connection").then().statusCode(200)
                .extract().path("amqpUrl");
        management().get("/api/user-limits/participant").then().statusCode(200)
                .body("[0].value.'max-connections'", equalTo(100)).body("[0].value.'max-channels'", equalTo(300));

        ConnectionFactory factory = new ConnectionFactory();
        factory.setUri(amqpUrl);
        try (Connection participant = factory.newConnection("participant-flood")) {
            Channel channel = participant.createChannel();
            for (int i = 0; i < QUEUES; i++) {
                channel.queueDeclare(FLOOD + i, true, false, false, Map.of());
                channel.queueBind(FLOOD + i, Topology.EVENTS, "#");
            }
            String gameId = LabProcesses.newGame(42);
            for (int shot = 0; shot < 5; shot++) {
                LabProcesses.fire(gameId, "alice", 42);
            }
            await("the shots, answered through the flood").atMost(Duration.ofSeconds(60)).untilAsserted(() -> given()
                    .baseUri(LabProcesses.BOARD.baseUrl()).get("/api/leaderboard/{gameId}", gameId).then()
                    .body("players[0].hits", equalTo(5)));
        }
        management().get("/api/queues/%2F/" + FLOOD + "1").then().statusCode(200)
                .body("operator_policy", equalTo("participant.limits"))
                .body("effective_policy_definition.'max-length'", equalTo(10_000));
        await("the unread queues beyond the 200 kept, deleted").atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            List<String> names = management().get("/api/queues/%2F?columns=name").then().statusCode(200)
                    .extract().jsonPath().getList("name", String.class);
            assertThat(names.stream().filter(name -> name.startsWith("participant.")).count()).isLessThanOrEqualTo(200);
        });
        management().get("/api/operator-policies/%2F").then().statusCode(200).body("name", hasItem("participant.limits"));
    }

    private static RequestSpecification management() {
        return given().baseUri(BrokerManagementApi.URL).auth().preemptive().basic("guest", "guest").urlEncodingEnabled(false);
    }
}
