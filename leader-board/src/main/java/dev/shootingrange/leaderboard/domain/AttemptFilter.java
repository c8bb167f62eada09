package dev.shootingrange.leaderboard.domain;

import dev.shootingrange.contract.ShotOutcome;

/**
 * Whether an outcome counts on the board. The inbox in front has dropped copies of a message already;
 * a copy of an attempt under a new messageId gets past it, and only the attempt's identity stops it
 * ({@link FirstOfEachAttempt}, the board's own), unless a service puts another filter in its place (the
 * lab's switch does).
 */
public interface AttemptFilter {

    boolean counts(ShotOutcome outcome);
}
