package dev.shootingrange.lab;

import dev.shootingrange.exactlyonce.spi.Step;

/** Random faults: each rate is the chance that one message meets it. */
public record Chaos(double duplicateRate, double delayRate, long maxDelayMs, double crashAfterPublishRate,
        double crashBeforeAckRate, double crashBeforePublishRate, double rollbackAfterSendRate,
        Long seed, Long inboxRetentionSeconds) {

    public static final Chaos NONE = new Chaos(0, 0, 1000, 0, 0, 0, 0, null, null);

    double rateAt(Step step) {
        return switch (step) {
            case AFTER_CONFIRM_BEFORE_MARK -> crashAfterPublishRate;
            case AFTER_COMMIT_BEFORE_ACK -> crashBeforeAckRate;
            case AFTER_COMMIT_BEFORE_PUBLISH -> crashBeforePublishRate;
            case ROLLBACK_AFTER_SEND -> rollbackAfterSendRate;
            default -> 0;
        };
    }
}
