package dev.shootingrange.leaderboard.messaging;

import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.shootingrange.contract.RangeMessage;
import dev.shootingrange.contract.ShotOutcome;
import dev.shootingrange.exactlyonce.MessageHandler;
import dev.shootingrange.leaderboard.domain.LeaderBoard;

/** Hit and Missed events from the range, each counted once. */
@ApplicationScoped
public class OutcomeHandler implements MessageHandler<RangeMessage> {

    private final LeaderBoard leaderBoard;

    OutcomeHandler(LeaderBoard leaderBoard) {
        this.leaderBoard = leaderBoard;
    }

    @Override
    public Set<String> types() {
        return Set.of("Hit", "Missed");
    }

    @Override
    public void handle(RangeMessage message) {
        leaderBoard.count((ShotOutcome) message);
    }
}
