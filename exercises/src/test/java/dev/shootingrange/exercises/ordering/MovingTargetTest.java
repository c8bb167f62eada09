package dev.shootingrange.exercises.ordering;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.shootingrange.exercises.judge.Database;
import dev.shootingrange.exercises.judge.RedAtTheStart;

/** Exercise 10: MoveTargets and FireAts delivered out of order, and more than once, give what the game meant. */
@ExtendWith(RedAtTheStart.class)
class MovingTargetTest {

    @RegisterExtension
    static final Database database = new Database("ordering", MovingTarget.TABLES);

    private final MovingTarget range = new MovingTarget(database::connection);

    @Test
    void aMoveThatArrivesLateDoesNotMoveTheTargetBack() throws Exception {
        moveTarget(1, 42);
        moveTarget(3, 7);
        // Move 2 was held by a back-off and arrives after move 3.
        moveTarget(2, 13);

        assertThat(position()).as("the target after moves 1, 3, then 2 arrived").contains(7);
    }

    @Test
    void aShotIsJudgedWhereTheTargetStoodWhenThePlayerAimed() throws Exception {
        moveTarget(1, 42);
        moveTarget(2, 7);

        assertThat(fireAt(UUID.randomUUID(), 42, 1)).as("a shot at 42, aimed at move 1 (42), arriving after move 2 (7)")
                .contains("Hit");
        assertThat(fireAt(UUID.randomUUID(), 7, 1)).as("a shot at 7, aimed at move 1 (42)").contains("Missed");
    }

    @Test
    void aShotThatOvertookItsMoveWaitsForIt() throws Exception {
        UUID attemptId = UUID.randomUUID();
        moveTarget(1, 42);

        assertThat(fireAt(attemptId, 7, 2)).as("a shot at 7, aimed at move 2, which has not arrived").isEmpty();
        moveTarget(2, 7);
        assertThat(fireAt(attemptId, 7, 2)).as("the same shot, delivered again once move 2 arrived").contains("Hit");
    }

    @Test
    void copiesInAnyOrderChangeNothing() throws Exception {
        UUID attemptId = UUID.randomUUID();
        moveTarget(1, 42);
        assertThat(fireAt(attemptId, 42, 1)).as("alice's shot at 42, aimed at move 1").contains("Hit");
        moveTarget(2, 7);

        moveTarget(1, 42);
        assertThat(fireAt(attemptId, 42, 1)).as("a copy of alice's shot, after move 2 and a copy of move 1").contains("Hit");
        assertThat(position()).as("the target after move 2 and a copy of move 1").contains(7);
    }

    private void moveTarget(long move, int position) throws Exception {
        database.inTransaction(() -> {
            range.moveTarget(move, position);
            return null;
        });
    }

    private Optional<String> fireAt(UUID attemptId, int position, long aimedAtMove) throws Exception {
        return database.inTransaction(() -> range.judge(attemptId, position, aimedAtMove));
    }

    private Optional<Integer> position() throws Exception {
        return database.inTransaction(range::position);
    }
}
