package dev.shootingrange.scenario;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;

import dev.shootingrange.contract.Topology;
import dev.shootingrange.testing.BrokerConnections;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * The judge of the room's consumers: three consumers outside the lab, logged in as the room's
 * participant user, one counting each attempt once, one counting whatever it is handed, and the Node
 * example; one round tells them apart while it runs, and names the copy that broke the careless one.
 * A fourth "board" only relays the lab's own leader board from an address no check at registration can
 * tell from a participant's (as a second instance or a port published on the host would): the round
 * refuses it on what the board says of itself.
 */
class JudgeIT {

    private static final List<String> NAMES = List.of("careful", "careless", "node", "mirror");
    private static final String NODE_QUEUE = "participant.node-it";

    private final String console = LabProcesses.SCENARIO.baseUrl();
    private final Browsers browsers = new Browsers();

    @AfterEach
    void removeTheConsumers() throws Exception {
        NAMES.forEach(name -> given().baseUri(console).delete("/api/lab/judge/consumers/" + name));
        browsers.close();
        try (Connection guest = BrokerConnections.factory().newConnection("judge-it-cleanup")) {
            Channel channel = guest.createChannel();
            channel.queueDelete(NODE_QUEUE);
            channel.queueDelete(Topology.deadLetterQueue(NODE_QUEUE));
        }
    }

    @Test
    void aRoundTellsTheConsumerThatCountsEachAttemptOnceFromTheOneThatDoesNot() throws Exception {
        Browsers.installed();
        BrokerManagementApi.enable();
        JsonPath connection = given().baseUri(console).get("/api/judge/connection").then().statusCode(200).extract().jsonPath();
        String amqpUrl = connection.getString("amqpUrl");
        assertThat(amqpUrl).startsWith("amqp://participant:participant@localhost:5672");
        theParticipantMayTouchNothingButItsOwnQueues(amqpUrl);

        Map<String, String> nodeEnvironment = connection.getMap("nodeExample");
        try (RoomConsumer careful = new RoomConsumer("careful", amqpUrl, true);
                RoomConsumer careless = new RoomConsumer("careless", amqpUrl, false);
                NodeLeaderBoard node = NodeLeaderBoard.start(Map.of("AMQP_URL", nodeEnvironment.get("AMQP_URL"),
                        "QUEUE", NODE_QUEUE, "DEAD_LETTERS", nodeEnvironment.get("DEAD_LETTERS"),
                        "QUEUE_TYPE", "classic"));
                LabBoardMirror mirror = new LabBoardMirror(LabProcesses.BOARD.baseUrl())) {
            register("careful", careful.board(), 201);
            register("careless", careless.board(), 201);
            register("node", node.board(), 201);
            register("mirror", mirror.board(), 201);
            register("careful", careful.board(), 200);
            given().baseUri(console).contentType(ContentType.JSON).body(Map.of("name", "careful", "board", node.board()))
                    .post("/api/judge/consumers").then().statusCode(409);
            given().baseUri(console).contentType(ContentType.JSON).body(Map.of("name", "someone", "board", "ftp://nowhere"))
                    .post("/api/judge/consumers").then().statusCode(400).body("detail", containsString("board"));

            // The instructor starts it from the console, where the scorecards fill in.
            WebDriver browser = browsers.open(console + "/");
            Browsers.click(browser, By.xpath("//summary[text()='How a consumer of yours connects']"));
            Browsers.waitFor(browser, By.xpath("//details//code[text()='" + amqpUrl + "']"));
            Browsers.click(browser, By.xpath("//button[text()='Start a round for every consumer']"));
            TreeSet<Integer> faultsSeenWhileRunning = new TreeSet<>();
            JsonPath round = await("the round").atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(100))
                    .until(() -> {
                        JsonPath view = given().baseUri(console).get("/api/judge/round").then().statusCode(200).extract().jsonPath();
                        if ("RUNNING".equals(view.getString("state"))) {
                            faultsSeenWhileRunning.add(view.getInt("faultsPlayed"));
                        }
                        return view;
                    }, view -> "DONE".equals(view.getString("state")));

            assertThat(round.getString("error")).isNull();
            assertThat(faultsSeenWhileRunning).as("the round's view, fault by fault, while it ran").hasSizeGreaterThan(2);
            for (String name : List.of("careful", "node")) {
                Map<String, Object> card = card(round, name);
                assertThat(card).as(name).containsEntry("shotsSeen", 7).containsEntry("hitsCounted", 3)
                        .containsEntry("copiesPlayed", 14).containsEntry("copiesAbsorbed", 14);
                assertThat(rule(card, "countedOnce")).as(name).containsEntry("held", true);
                assertThat(rule(card, "nothingLost")).as(name).containsEntry("held", true);
            }
            Map<String, Object> mirrorCard = card(round, "mirror");
            assertThat((String) mirrorCard.get("refused")).startsWith(mirror.board() + " answers as the lab's own leader-board");
            assertThat(rule(mirrorCard, "countedOnce")).containsEntry("held", false);
            assertThat(rule(mirrorCard, "nothingLost")).containsEntry("held", false);
            Map<String, Object> carelessCard = card(round, "careless");
            assertThat(rule(carelessCard, "countedOnce")).containsEntry("held", false);
            assertThat((String) rule(carelessCard, "countedOnce").get("brokenBy"))
                    .startsWith("after alice's Hit again, the same messageId: alice at 2 hits in 2 shots where the range decided 1 in 1");
            assertThat(rule(carelessCard, "nothingLost")).containsEntry("held", true);
            // Each copy counted, and whatever the cut had it handed again.
            assertThat((Integer) carelessCard.get("shotsSeen")).isGreaterThanOrEqualTo(7 + 14);
            assertThat(carelessCard).containsEntry("copiesAbsorbed", 0);
            assertThat(careful.recoveries()).as("the careful consumer's connection cut, and opened again").isPositive();
            assertThat(node.log()).contains("connection lost: connecting again in 1 s");

            // The judge's own status: the matrix's says "done at" too, once a matrix ran in this lab.
            Browsers.waitFor(browser, By.xpath("//div[@id='judge']//*[@role='status' and starts-with(normalize-space(), 'done at')]"));
            assertThat(row(browser, "careless")).contains("of 7", "0 of 14",
                    "✘ counted once: after alice's Hit again, the same messageId", "✔ nothing lost");
            assertThat(row(browser, "careful")).contains("7 of 7", "3 of 3", "14 of 14", "✔ counted once", "✔ nothing lost");
        }
    }

    /** It declares, binds and reads queues named participant.*; the services' queues and names it may not touch. */
    private static void theParticipantMayTouchNothingButItsOwnQueues(String amqpUrl) throws Exception {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setUri(amqpUrl);
        try (Connection participant = factory.newConnection("judge-it-participant")) {
            assertThatThrownBy(() -> participant.createChannel().basicConsume(Topology.LEADER_BOARD_QUEUE, true, (tag, m) -> {
            }, tag -> {
            })).isInstanceOf(IOException.class).hasStackTraceContaining("ACCESS_REFUSED");
            assertThatThrownBy(() -> participant.createChannel().queueDeclare("not-a-participant-queue", false, false, true, Map.of()))
                    .isInstanceOf(IOException.class).hasStackTraceContaining("ACCESS_REFUSED");
            assertThatThrownBy(() -> participant.createChannel().queuePurge(Topology.SHOOTING_RANGE_QUEUE))
                    .isInstanceOf(IOException.class).hasStackTraceContaining("ACCESS_REFUSED");
        }
    }

    private static String row(WebDriver browser, String consumer) {
        return Browsers.waitFor(browser, By.xpath("//div[@id='judge']//tr[th[text()='" + consumer + "']]"))
                .getText();
    }

    private void register(String name, String board, int status) {
        given().baseUri(console).contentType(ContentType.JSON).body(Map.of("name", name, "board", board))
                .post("/api/judge/consumers").then().statusCode(status);
    }

    private static Map<String, Object> card(JsonPath round, String name) {
        return round.getMap("consumers.find { it.name == '" + name + "' }");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> rule(Map<String, Object> card, String rule) {
        return (Map<String, Object>) card.get(rule);
    }
}
