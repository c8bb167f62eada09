package dev.shootingrange.scenario;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;

import java.io.IOException;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;

import dev.shootingrange.contract.Topology;
import dev.shootingrange.testing.Broker;
import dev.shootingrange.testing.BrokerConnections;
import io.restassured.http.ContentType;

/**
 * Between two groups: the labs back to their defaults, the services' dead-letter queues empty, and the
 * queues a participant's own consumer declared on the contract's exchanges gone; the services' own stay.
 */
class RoomResetIT {

    private static final String THEIRS = "room-reset-participant";

    @Test
    void theNextGroupFindsNeitherTheSwitchesNorTheQueuesTheLastOneLeft() throws Exception {
        BrokerManagementApi.enable();
        String scenario = LabProcesses.SCENARIO.baseUrl();
        String leaderBoardDlq = Topology.deadLetterQueue(Topology.LEADER_BOARD_QUEUE);
        try (Connection connection = BrokerConnections.factory().newConnection("room-reset-it")) {
            Channel channel = connection.createChannel();
            channel.queueDeclare(THEIRS, true, false, false, Map.of());
            channel.queueBind(THEIRS, Topology.EVENTS, "Hit");
            channel.queueDeclare(Topology.deadLetterQueue(THEIRS), true, false, false, Map.of());
            Broker.shared().publishRaw("", leaderBoardDlq, "{\"left\": \"by the last group\"}");
            given().baseUri(scenario).contentType(ContentType.JSON).body("{\"inbox\": false}")
                    .put("/api/lab/services/leader-board/protections").then().statusCode(200);

            given().baseUri(scenario).post("/api/lab/room/reset").then()
                    .statusCode(200)
                    .body("queuesDeleted", hasItems(THEIRS, Topology.deadLetterQueue(THEIRS)))
                    .body("deadLetterQueuesPurged", hasItem(leaderBoardDlq));

            assertThat(channel.queueDeclarePassive(leaderBoardDlq).getMessageCount()).isZero();
            assertThat(channel.queueDeclarePassive(Topology.LEADER_BOARD_QUEUE).getConsumerCount()).isPositive();
            assertThatThrownBy(() -> channel.queueDeclarePassive(THEIRS)).isInstanceOf(IOException.class);
        }
        given().baseUri(scenario).get("/api/lab/services/leader-board").then().body("protections.inbox", equalTo(true));
    }
}
