package dev.shootingrange.scenario.console.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.lab.LabApi;
import dev.shootingrange.scenario.console.HttpStub;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The console's clients of the other labs send the instructor key with changes only, never with reads,
 * and whatever goes wrong comes back as a {@link Problem} that names the service.
 */
@QuarkusTest
@WithTestResource(OtherLab.class)
class ServiceClientsTest {

    /** Each request the other lab received: its method and the key it carried, or "none". */
    @HttpStub.Received
    List<String> received;

    @Inject
    Services services;

    @ConfigProperty(name = "lab.services.leader-board.url")
    String nowhere;

    @BeforeEach
    void forgetEarlierRequests() {
        received.clear();
    }

    @Test
    void theKeyGoesWithChangesAndNotWithReads() {
        LabApi lab = services.lab(Services.SHOOTING_RANGE);

        lab.lab();
        lab.protections(Map.of("inbox", false));

        assertThat(received).containsExactly("GET none", "PUT " + OtherLab.KEY);
    }

    @Test
    void anErrorAnswerIsTheServicesOwnProblemDetailUnderItsName() {
        LabApi lab = services.lab(Services.SHOOTING_RANGE);

        Problem refused = catchThrowableOfType(Problem.class, () -> lab.arm(new LabApi.FaultRequest("nowhere", "Hit")));
        Problem failed = catchThrowableOfType(Problem.class, () -> lab.hold(new LabApi.HoldRequest("Hit")));

        assertThat(refused.toResponse().getStatus()).isEqualTo(400);
        assertThat(refused).hasMessage("shooting-range: no fault point 'nowhere'");
        assertThat(failed.toResponse().getStatus()).as("no problem document: the status says it").isEqualTo(500);
        assertThat(failed).hasMessage("shooting-range: 500 from shooting-range");
    }

    @Test
    void aServiceNotReachedIsABadGatewayThatNamesItAndTheAddressTried() {
        Problem unreachable = catchThrowableOfType(Problem.class, () -> services.leaderBoard().boards(List.of("g1")));

        assertThat(unreachable.toResponse().getStatus()).isEqualTo(502);
        assertThat(unreachable).hasMessageStartingWith("leader-board is not reachable at " + nowhere + " (");
        assertThat(catchThrowableOfType(Problem.class, () -> services.lab(Services.LEADER_BOARD).lab()))
                .hasMessageStartingWith("leader-board is not reachable at " + nowhere + " (");
    }
}
