package dev.shootingrange.scenario.console.judge;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.startsWith;

import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.shootingrange.lab.InstructorKey;
import dev.shootingrange.scenario.console.HttpStub;
import dev.shootingrange.scenario.console.lab.ManagementApiStub;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * In a room, asking how to connect is open to everyone and changes nothing on the broker: the console made
 * the participant user as it started, and only the instructor's key makes it again.
 */
@QuarkusTest
@WithTestResource(ManagementApiStub.class)
class ParticipantUserInARoomTest {

    /** Each request the management API received: "METHOD path authorization". */
    @HttpStub.Received
    List<String> received;

    @BeforeEach
    void forgetTheStart() {
        received.clear();
    }

    @Test
    void anyoneReadsHowToConnectAndTheBrokerIsNotAsked() {
        for (int i = 0; i < 5; i++) {
            given().get("/api/judge/connection").then().statusCode(200)
                    .body("amqpUrl", startsWith("amqp://participant:participant@"));
        }

        assertThat(received).as("nothing asked of the broker's management API").isEmpty();
    }

    @Test
    void onlyTheInstructorsKeyMakesTheUserAgain() {
        given().post("/api/lab/judge/participant").then().statusCode(401);
        given().header(InstructorKey.HEADER, "a guess").post("/api/lab/judge/participant").then().statusCode(403);
        assertThat(received).isEmpty();

        given().header(InstructorKey.HEADER, ManagementApiStub.KEY).post("/api/lab/judge/participant").then().statusCode(204);

        assertThat(received).extracting(request -> String.join(" ", List.of(request.split(" ")).subList(0, 2)))
                .containsExactly("PUT /api/users/participant", "PUT /api/permissions/%2F/participant",
                        "PUT /api/user-limits/participant/max-connections", "PUT /api/user-limits/participant/max-channels",
                        "PUT /api/operator-policies/%2F/participant.limits");
    }
}
