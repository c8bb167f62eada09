package dev.shootingrange.range.domain;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.MoveTarget;

/**
 * How the range takes the commands it consumes, inside the inbox's transaction: the write-up's rule
 * ({@link ShootingRange}), unless a service puts another way in its place (the lab's strategies do).
 */
public interface ShotJudging {

    void handle(MoveTarget move);

    void handle(FireAt shot);
}
