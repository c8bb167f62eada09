package dev.shootingrange.scenario.messaging;

import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.shootingrange.contract.RangeMessage;
import dev.shootingrange.contract.ShotOutcome;
import dev.shootingrange.exactlyonce.MessageHandler;
import dev.shootingrange.scenario.domain.GameScenario;

/** What the range decided about the players' shots. */
@ApplicationScoped
public class OutcomeHandler implements MessageHandler<RangeMessage> {

    private final GameScenario scenario;

    OutcomeHandler(GameScenario scenario) {
        this.scenario = scenario;
    }

    @Override
    public Set<String> types() {
        return Set.of("Hit", "Missed");
    }

    @Override
    public void handle(RangeMessage message) {
        scenario.record((ShotOutcome) message);
    }
}
