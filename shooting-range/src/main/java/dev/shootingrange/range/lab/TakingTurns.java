package dev.shootingrange.range.lab;

import dev.shootingrange.range.domain.Target;

/** Handlings of one key take turns: a PostgreSQL advisory lock, held until the transaction ends. */
final class TakingTurns {

    private TakingTurns() {
    }

    static void lock(String key) {
        Target.getEntityManager().createNativeQuery("select 1 from pg_advisory_xact_lock(hashtextextended(?1, 0))")
                .setParameter(1, key)
                .getSingleResult();
    }
}
