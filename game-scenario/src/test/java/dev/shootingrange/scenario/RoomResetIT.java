package dev.shootingrange.scenario;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.Topology;
import dev.shootingrange.exactlyonce.rabbit.QueueMigration;
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
            // A rebuild of the range's queue cut short: its holding queue, bound as the queue was, holds a message.
            String holding = QueueMigration.holdingQueue(Topology.SHOOTING_RANGE_QUEUE);
            channel.queueDeclare(holding, true, false, false, Map.of("x-queue-type", "quorum"));
            channel.queueBind(holding, Topology.COMMANDS, "MoveTarget");
            Broker.shared().publishRaw("", holding, "{\"kept\": \"until the rebuild ends\"}");
            Broker.shared().publishRaw("", leaderBoardDlq, "{\"left\": \"by the last group\"}");
            given().baseUri(scenario).contentType(ContentType.JSON).body("{\"inbox\": false}")
                    .put("/api/lab/services/leader-board/protections").then().statusCode(200);

            given().baseUri(scenario).post("/api/lab/room/reset").then()
                    .statusCode(200)
                    .body("queuesDeleted", hasItems(THEIRS, Topology.deadLetterQueue(THEIRS)))
                    .body("deadLetterQueuesPurged", hasItem(leaderBoardDlq));

            assertThat(channel.queueDeclarePassive(leaderBoardDlq).getMessageCount()).isZero();
            assertThat(channel.queueDeclarePassive(Topology.LEADER_BOARD_QUEUE).getConsumerCount()).isPositive();
            assertThat(channel.queueDeclarePassive(holding).getMessageCount()).as("the rebuild's holding queue").isEqualTo(1);
            channel.queueDelete(holding);
            assertThatThrownBy(() -> channel.queueDeclarePassive(THEIRS)).isInstanceOf(IOException.class);
        }
        given().baseUri(scenario).get("/api/lab/services/leader-board").then().body("protections.inbox", equalTo(true));
    }

    /**
     * What reached a dead-letter queue can be put back: a valid shot there is answered once re-driven,
     * an invalid body comes straight back to wait, and a second re-drive in a row moves only that one.
     */
    @Test
    void aValidShotInTheDeadLetterQueueIsAnsweredOnceReDriven() throws Exception {
        String scenario = LabProcesses.SCENARIO.baseUrl();
        String dlq = Topology.deadLetterQueue(Topology.SHOOTING_RANGE_QUEUE);
        String gameId = LabProcesses.newGame(42);
        LabProcesses.awaitTarget(gameId, 42);
        Broker.shared().purge(dlq);
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "ann", 42);
        Broker.shared().publishRaw("", dlq, "application/json", MessageCodec.encode(shot));
        Broker.shared().publishRaw("", dlq, "{\"not\": \"a message\"}");

        given().baseUri(scenario).post("/api/lab/room/dead-letters/redrive").then()
                .statusCode(200)
                .body("redriven.'" + dlq + "'", equalTo(2));

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> given().baseUri(LabProcesses.RANGE.baseUrl())
                .get("/api/ranges/{gameId}", gameId).then().body("outcomes.attemptId", hasItem(shot.attemptId().toString())));
        try (Connection connection = BrokerConnections.factory().newConnection("room-redrive-it")) {
            Channel channel = connection.createChannel();
            await().atMost(Duration.ofSeconds(30)).until(() -> channel.queueDeclarePassive(dlq).getMessageCount() == 1);
        }
        given().baseUri(scenario).post("/api/lab/room/dead-letters/redrive").then()
                .statusCode(200)
                .body("redriven.'" + dlq + "'", equalTo(1));
        given().baseUri(LabProcesses.RANGE.baseUrl()).get("/api/ranges/{gameId}", gameId).then()
                .body("outcomes.size()", equalTo(1));
        Broker.shared().purge(dlq);
    }
}
