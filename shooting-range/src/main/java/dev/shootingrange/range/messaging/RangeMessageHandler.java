package dev.shootingrange.range.messaging;

import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.contract.RangeMessage;
import dev.shootingrange.exactlyonce.MessageHandler;
import dev.shootingrange.range.domain.ShootingRange;

/** The commands the range consumes from its queue, handed to the domain once each. */
@ApplicationScoped
public class RangeMessageHandler implements MessageHandler<RangeMessage> {

    private final ShootingRange range;

    RangeMessageHandler(ShootingRange range) {
        this.range = range;
    }

    @Override
    public Set<String> types() {
        return Set.of("FireAt", "MoveTarget");
    }

    @Override
    public void handle(RangeMessage message) {
        if (message instanceof FireAt shot) {
            range.handle(shot);
        } else if (message instanceof MoveTarget move) {
            range.handle(move);
        }
    }
}
