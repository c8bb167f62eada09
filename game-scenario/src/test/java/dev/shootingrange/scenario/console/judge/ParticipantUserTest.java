package dev.shootingrange.scenario.console.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.concurrent.atomic.AtomicInteger;

import jakarta.ws.rs.core.Response;

import org.junit.jupiter.api.Test;

import dev.shootingrange.contract.Problem;

/** When the participant user is made on the broker: on a laptop at each ask, in a room only with the key. */
class ParticipantUserTest {

    private final AtomicInteger made = new AtomicInteger();
    private boolean brokerAnswers = true;

    private void admit() {
        if (!brokerAnswers) {
            throw new Problem(Response.Status.SERVICE_UNAVAILABLE, "RabbitMQ's management API does not answer");
        }
        made.incrementAndGet();
    }

    @Test
    void onALaptopEachAskMakesItAsTheDocsSay() {
        ParticipantUser laptop = new ParticipantUser(this::admit, false);

        laptop.onStart(null);
        laptop.beforeConnecting();
        laptop.beforeConnecting();

        assertThat(made).hasValue(2);
    }

    @Test
    void inARoomItIsMadeAtTheStartAndAskingOnlyReads() {
        ParticipantUser room = new ParticipantUser(this::admit, true);

        room.onStart(null);
        room.beforeConnecting();
        room.beforeConnecting();

        assertThat(made).hasValue(1);
        room.make();
        assertThat(made).as("the instructor's").hasValue(2);
    }

    @Test
    void aRoomWhoseBrokerDidNotAnswerAtTheStartSaysTheInstructorMakesIt() {
        brokerAnswers = false;
        ParticipantUser room = new ParticipantUser(this::admit, true);
        room.onStart(null);

        Problem notYet = catchThrowableOfType(Problem.class, room::beforeConnecting);
        assertThat(notYet.toResponse().getStatus()).isEqualTo(503);
        assertThat(notYet).hasMessageContaining("the instructor makes it (POST /api/lab/judge/participant");
        assertThat(made).hasValue(0);

        brokerAnswers = true;
        room.make();
        room.beforeConnecting();
        assertThat(made).hasValue(1);
    }
}
