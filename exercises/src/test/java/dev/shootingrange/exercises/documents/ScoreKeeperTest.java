package dev.shootingrange.exercises.documents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.shootingrange.exercises.judge.Database;
import dev.shootingrange.exercises.judge.RedAtTheStart;
import dev.shootingrange.exercises.outbox.Broker;

/**
 * Exercise 12: a Hit delivered to a board whose stores share no transaction, the board's process dying
 * after any one of its writes, the Hit delivered again to the process started after it, and once more
 * much later: counted once, its ScoreChanged sent at least once and always the same, nothing left behind.
 */
@ExtendWith(RedAtTheStart.class)
class ScoreKeeperTest {

    @RegisterExtension
    static final Database database = new Database("documents", Stores.TABLES);

    @RegisterExtension
    static final Broker broker = new Broker("documents");

    private final AtomicInteger published = new AtomicInteger();

    @Test
    void twoHitsOfOnePlayerCountTwiceEachWithAScoreChangedOfItsOwn() throws Exception {
        board(Integer.MAX_VALUE).handle(UUID.randomUUID(), "alice");
        board(Integer.MAX_VALUE).handle(UUID.randomUUID(), "alice");

        assertThat(stored().hits()).as("alice's hits").isEqualTo(2);
        assertThat(sent()).extracting(Broker.Received::messageId).as("the ScoreChanged messages sent").doesNotHaveDuplicates()
                .hasSize(2);
    }

    @Test
    void aHitWhoseWriteAnotherInstanceBeatLeavesNoScoreFromTheDocumentItRead() throws Exception {
        UUID first = UUID.randomUUID();
        UUID second = UUID.randomUUID();
        // While this board handles alice's second Hit, another instance counts her first: this one's write is refused.
        ScoreKeeper board = board(Integer.MAX_VALUE, () -> board(Integer.MAX_VALUE).handle(first, "alice"));

        catchThrowable(() -> board.handle(second, "alice"));
        // Not acked where it failed: the broker delivers the second Hit again.
        board(Integer.MAX_VALUE).handle(second, "alice");

        assertThat(stored().hits()).as("alice's hits after both Hits").isEqualTo(2);
        assertThat(sent()).extracting(message -> new String(message.body(), StandardCharsets.UTF_8))
                .as("the scores the game was told").containsExactlyInAnyOrder("alice 1", "alice 2");
    }

    @ParameterizedTest(name = "dies after its write {0}")
    @ValueSource(ints = { 1, 2, 3, 4 })
    void aBoardThatDiesAfterAnyWriteCountsTheHitOnceAndAlwaysSendsTheSameScoreChanged(int write) throws Exception {
        UUID hit = UUID.randomUUID();

        Throwable death = catchThrowable(() -> board(write).handle(hit, "alice"));
        assertThat(death).as("what ended the first handling (nothing, where it wrote less)").satisfiesAnyOf(
                ended -> assertThat(ended).isNull(), ended -> assertThat(ended).isInstanceOf(Died.class));
        // Not acked: the broker delivers the Hit again, to the process started after the crash; and a copy comes much later.
        board(Integer.MAX_VALUE).handle(hit, "alice");
        board(Integer.MAX_VALUE).handle(hit, "alice");

        assertThat(stored().hits()).as("alice's hits").isEqualTo(1);
        List<Broker.Received> sent = sent();
        assertThat(sent).as("ScoreChanged messages sent for the Hit").isNotEmpty();
        assertThat(sent.stream().map(message -> message.messageId() + " " + new String(message.body(), StandardCharsets.UTF_8))
                .distinct()).as("different ScoreChanged messages among them (id and bytes)").hasSize(1);
        assertThat(new String(sent.get(0).body(), StandardCharsets.UTF_8)).as("the score it tells").isEqualTo("alice 1");
        assertThat(stored().outbox()).as("what alice's document still keeps for sending, once the Hit is done with").isEmpty();
    }

    /** A process of the board, which dies after its {@code dyingAfter}-th write to any store or the broker. */
    private ScoreKeeper board(int dyingAfter) {
        return board(dyingAfter, () -> {
        });
    }

    /** The same, where {@code meanwhile} happens just before its first write of a score document. */
    private ScoreKeeper board(int dyingAfter, Runnable meanwhile) {
        Stores stores = new Stores(database.dataSource());
        AtomicInteger writes = new AtomicInteger();
        AtomicInteger documentWrites = new AtomicInteger();
        Runnable wrote = () -> {
            if (writes.incrementAndGet() == dyingAfter) {
                throw new Died(dyingAfter);
            }
        };
        ScoreDocuments documents = new ScoreDocuments() {
            @Override
            public Score read(String player) {
                return stores.read(player);
            }

            @Override
            public boolean write(Score score) {
                if (documentWrites.incrementAndGet() == 1) {
                    meanwhile.run();
                }
                boolean written = stores.write(score);
                wrote.run();
                return written;
            }
        };
        ProcessedMessages processed = new ProcessedMessages() {
            @Override
            public boolean contains(UUID messageId) {
                return stores.contains(messageId);
            }

            @Override
            public void add(UUID messageId) {
                stores.add(messageId);
                wrote.run();
            }
        };
        Publisher publisher = message -> {
            try {
                broker.publish("ScoreChanged", message.messageId(), (message.player() + " " + message.hits()).getBytes(StandardCharsets.UTF_8));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            published.incrementAndGet();
            wrote.run();
        };
        return new ScoreKeeper(documents, processed, publisher);
    }

    private static Score stored() {
        return new Stores(database.dataSource()).read("alice");
    }

    /** Every ScoreChanged published, once each has reached the game's queue. */
    private List<Broker.Received> sent() throws Exception {
        return await().atMost(Duration.ofSeconds(10)).until(broker::received, received -> received.size() == published.get());
    }

    /** The board's process, dead after a write: an Error its code does not catch as an Exception. */
    static final class Died extends Error {
        Died(int write) {
            super("the board's process died after its write " + write);
        }
    }
}
