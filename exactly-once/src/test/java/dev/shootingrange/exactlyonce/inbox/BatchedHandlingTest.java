package dev.shootingrange.exactlyonce.inbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import javax.sql.DataSource;

import jakarta.inject.Inject;
import jakarta.transaction.TransactionSynchronizationRegistry;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.shootingrange.exactlyonce.AfterCommit;
import dev.shootingrange.exactlyonce.DeadLetter;
import dev.shootingrange.exactlyonce.Delivery;
import dev.shootingrange.exactlyonce.PlainStatement;
import dev.shootingrange.exactlyonce.spi.Step;
import dev.shootingrange.exactlyonce.spi.Steps;
import dev.shootingrange.exactlyonce.tally.Tally;
import dev.shootingrange.exactlyonce.tally.TallyHandler;
import dev.shootingrange.testing.Batching;
import dev.shootingrange.testing.Sql;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.ContextKey;
import io.opentelemetry.context.ContextStorage;
import io.opentelemetry.context.Scope;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/**
 * Deliveries handled together with batching on: one transaction, a member that fails taken out of it
 * and the others handled again together. A first delivery
 * is held in its handling until the others wait behind it, so that they make one batch.
 */
@QuarkusTest
@TestProfile(Batching.class)
class BatchedHandlingTest {

    /** What became of one delivery: its outcome, or what {@code process} threw. */
    private record Result(Delivery delivery, RuntimeException failure) {
    }

    /** What a test's listener does at a step of a member's handling. */
    @FunctionalInterface
    private interface Act {
        void at(Step step, UUID messageId) throws Exception;
    }

    @Inject
    InboxProcessor processor;

    @Inject
    BatchedHandling batches;

    @Inject
    TallyHandler handler;

    @Inject
    Steps steps;

    @Inject
    DataSource dataSource;

    @Inject
    TransactionSynchronizationRegistry transactions;

    @Inject
    MeterRegistry registry;

    /** The trace a member's worker brings, where it is not the worker's own. */
    private final Map<UUID, Context> traceOf = new ConcurrentHashMap<>();

    /** The transaction each message's handling last ran in, read at its BEFORE_COMMIT step. */
    private final Map<UUID, Long> transactionOf = new ConcurrentHashMap<>();

    @AfterEach
    void stopListening() {
        steps.listen(null);
    }

    @Test
    void deliveriesWaitingTogetherCommitInOneTransaction() throws Exception {
        List<Tally> counts = counts("together", 8);
        DistributionSummary batchSizes = registry.find("inbox.batch.size").summary();
        long transactionsBefore = batchSizes.count();
        double deliveriesBefore = batchSizes.totalAmount();

        Map<UUID, Result> results = handledTogether(counts, (step, id) -> {
        });

        assertThat(results.values()).allSatisfy(result -> assertThat(result.delivery()).isInstanceOf(Delivery.Handled.class));
        assertThat(counts).allSatisfy(count -> assertThat(tallyOf(count)).isEqualTo(1));
        assertThat(counts).allSatisfy(count -> assertThat(outboxRowsOf(count)).isEqualTo(1));
        assertThat(transactionsOf(counts)).as("transactions the batch's handlings ran in").hasSize(1);
        assertThat(batchSizes.count() - transactionsBefore).as("transactions counted: the gate's, alone, and the batch's").isEqualTo(2);
        assertThat(batchSizes.totalAmount() - deliveriesBefore).as("deliveries counted in them").isEqualTo(1 + counts.size());
    }

    @Test
    void aMemberThatFailsRollsBackAloneWithWhatItLeftForAfterTheCommit() throws Exception {
        List<Tally> counts = counts("savepoint", 5);
        UUID retried = counts.get(1).messageId();
        UUID poison = counts.get(3).messageId();
        Set<UUID> ranAfterCommit = ConcurrentHashMap.newKeySet();

        Map<UUID, Result> results = handledTogether(counts, (step, id) -> {
            if (step == Step.BEFORE_FLUSH) {
                AfterCommit.run(transactions, () -> ranAfterCommit.add(id));
            }
            if (step == Step.BEFORE_COMMIT && id.equals(retried)) {
                throw new IllegalStateException("the commit of " + id + " refused");
            }
            if (step == Step.BEFORE_COMMIT && id.equals(poison)) {
                throw new DeadLetter("no retry handles " + id);
            }
        });

        List<Tally> others = counts.stream().filter(count -> !Set.of(retried, poison).contains(count.messageId())).toList();
        assertThat(results.get(retried).failure()).as("the failed member's handling").hasMessageContaining("refused");
        assertThat(results.get(poison).delivery()).isInstanceOf(Delivery.Invalid.class);
        assertThat(others).allSatisfy(count -> assertThat(results.get(count.messageId()).delivery()).isInstanceOf(Delivery.Handled.class));
        assertThat(others).allSatisfy(count -> assertThat(tallyOf(count)).isEqualTo(1));
        assertThat(transactionsOf(others)).as("transactions the others committed in").hasSize(1);
        assertThat(ranAfterCommit).as("work run after the commit").containsExactlyInAnyOrderElementsOf(ids(others));
        for (UUID failed : List.of(retried, poison)) {
            Tally count = counts.stream().filter(c -> c.messageId().equals(failed)).findFirst().orElseThrow();
            assertThat(tallyOf(count)).as("the tally of a member rolled back").isZero();
            assertThat(outboxRowsOf(count)).as("the Counted of a member rolled back").isZero();
        }
        steps.listen(null);
        Tally again = counts.get(1);
        assertThat(processor.process(null, again.bytes(), handler)).as("the failed member, delivered again")
                .isInstanceOf(Delivery.Handled.class);
        assertThat(tallyOf(again)).isEqualTo(1);
    }

    @Test
    void aBatchThatCannotCommitHasEachMemberHandledAgainAlone() throws Exception {
        List<Tally> counts = counts("alone", 4);
        UUID spoiler = counts.get(2).messageId();
        Set<UUID> spoiled = ConcurrentHashMap.newKeySet();
        Queue<UUID> ranAfterCommit = new ConcurrentLinkedQueue<>();

        Map<UUID, Result> results = handledTogether(counts, (step, id) -> {
            if (step == Step.BEFORE_FLUSH) {
                AfterCommit.run(transactions, () -> ranAfterCommit.add(id));
            }
            if (step == Step.BEFORE_COMMIT && id.equals(spoiler) && spoiled.add(id)) {
                // No exception: the handling goes on, and its transaction can no longer commit.
                transactions.setRollbackOnly();
            }
        });

        assertThat(spoiled).containsExactly(spoiler);
        assertThat(results.values()).allSatisfy(result -> assertThat(result.delivery()).isInstanceOf(Delivery.Handled.class));
        assertThat(counts).allSatisfy(count -> assertThat(tallyOf(count)).isEqualTo(1));
        assertThat(counts).allSatisfy(count -> assertThat(outboxRowsOf(count)).isEqualTo(1));
        assertThat(transactionsOf(counts)).as("transactions the members committed in, each alone").hasSize(counts.size());
        assertThat(ranAfterCommit).as("work run after a commit, once a member").containsExactlyInAnyOrderElementsOf(ids(counts));
    }

    @Test
    void anErrorPastACommitAloneFailsOnlyTheMembersNotYetCommitted() throws Exception {
        AtomicBoolean armed = new AtomicBoolean();
        List<Tally> counts = counts("error", 4);
        UUID broken = counts.get(0).messageId();
        traceOf.put(broken, new FailingOnClose(Context.root(), armed));
        UUID spoiler = counts.get(2).messageId();
        Set<UUID> spoiled = ConcurrentHashMap.newKeySet();

        Map<UUID, Result> results = handledTogether(counts, (step, id) -> {
            if (step == Step.BEFORE_COMMIT && id.equals(spoiler) && spoiled.add(id)) {
                transactions.setRollbackOnly();
            } else if (step == Step.BEFORE_COMMIT && id.equals(broken) && !spoiled.isEmpty()) {
                // Handled again alone: its trace's scope fails once its transaction has committed.
                armed.set(true);
            }
        });

        assertThat(armed).as("the Error was thrown").isFalse();
        List<Tally> committed = counts.stream().filter(count -> tallyOf(count) == 1).toList();
        assertThat(ids(committed)).as("members committed alone, up to the Error").contains(broken);
        assertThat(committed).allSatisfy(count -> assertThat(results.get(count.messageId()).delivery())
                .as("what the worker of a member committed alone heard").isInstanceOf(Delivery.Handled.class));
        List<Tally> failed = counts.stream().filter(count -> results.get(count.messageId()).failure() != null).toList();
        assertThat(failed).allSatisfy(count -> assertThat(tallyOf(count)).as("the tally of a member failed").isZero());
        steps.listen(null);
        for (Tally again : failed) {
            assertThat(processor.process(null, again.bytes(), handler)).as("a failed member, delivered again")
                    .isInstanceOf(Delivery.Handled.class);
        }
        assertThat(counts).allSatisfy(count -> assertThat(tallyOf(count)).isEqualTo(1));
    }

    /**
     * The review's case as it argued it: a handler's own Error in the one-by-one re-run of a batch that
     * could not commit. The transaction around the member wraps it, so that member alone fails and the
     * others are handled; this held before the fix above too, and stays as the argument's answer.
     */
    @Test
    void aHandlersOwnErrorInTheReRunFailsThatMemberAlone() throws Exception {
        List<Tally> counts = counts("own-error", 4);
        UUID spoiler = counts.get(2).messageId();
        UUID throwing = counts.get(1).messageId();
        Set<UUID> spoiled = ConcurrentHashMap.newKeySet();

        Map<UUID, Result> results = handledTogether(counts, (step, id) -> {
            if (step == Step.BEFORE_COMMIT && id.equals(spoiler) && spoiled.add(id)) {
                transactions.setRollbackOnly();
            } else if (step == Step.BEFORE_FLUSH && id.equals(throwing) && !spoiled.isEmpty()) {
                throw new AssertionError("the handler of " + id + " fails with an Error");
            }
        });

        assertThat(spoiled).containsExactly(spoiler);
        Tally failed = counts.get(1);
        assertThat(results.get(throwing).failure()).as("the member whose handler threw the Error").isNotNull();
        assertThat(tallyOf(failed)).isZero();
        List<Tally> others = counts.stream().filter(count -> !count.messageId().equals(throwing)).toList();
        assertThat(others).allSatisfy(count -> assertThat(results.get(count.messageId()).delivery()).isInstanceOf(Delivery.Handled.class));
        assertThat(others).allSatisfy(count -> assertThat(tallyOf(count)).isEqualTo(1));
    }

    /**
     * Handles a first delivery and holds it until every one of {@code counts} waits behind it on a
     * thread of its own, then lets it go: the next to lead takes them all in one batch.
     */
    private Map<UUID, Result> handledTogether(List<Tally> counts, Act act) throws Exception {
        Tally gate = Tally.count("gate-" + UUID.randomUUID());
        CountDownLatch gateReached = new CountDownLatch(1);
        CountDownLatch gateOpen = new CountDownLatch(1);
        steps.listen((step, id, type) -> {
            try {
                if (step == Step.BEFORE_COMMIT) {
                    transactionOf.put(id, PlainStatement.first("select txid_current()", row -> row.getLong(1)));
                }
                if (id.equals(gate.messageId())) {
                    gateReached.countDown();
                    assertThat(gateOpen.await(30, TimeUnit.SECONDS)).as("the gate opened").isTrue();
                } else {
                    act.at(step, id);
                }
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Map<UUID, Result> results = new ConcurrentHashMap<>();
        Thread first = new Thread(() -> processor.process(null, gate.bytes(), handler));
        first.start();
        assertThat(gateReached.await(30, TimeUnit.SECONDS)).as("the first delivery reached its handling").isTrue();
        List<Thread> members = new ArrayList<>();
        for (Tally count : counts) {
            Thread member = new Thread(() -> results.put(count.messageId(), handle(count)));
            members.add(member);
            member.start();
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> batches.waiting() == counts.size());
        gateOpen.countDown();
        first.join(30_000);
        for (Thread member : members) {
            member.join(30_000);
        }
        assertThat(results).hasSize(counts.size());
        return results;
    }

    private Result handle(Tally count) {
        try (Scope trace = traceOf.getOrDefault(count.messageId(), Context.current()).makeCurrent()) {
            return new Result(processor.process(null, count.bytes(), handler), null);
        } catch (RuntimeException failure) {
            return new Result(null, failure);
        }
    }

    /** A trace whose scope, once armed, throws an Error as it closes, once: an Error past the handling's commit. */
    private record FailingOnClose(Context inner, AtomicBoolean armed) implements Context {

        @Override
        public <V> V get(ContextKey<V> key) {
            return inner.get(key);
        }

        @Override
        public <V> Context with(ContextKey<V> key, V value) {
            return inner.with(key, value);
        }

        @Override
        public Scope makeCurrent() {
            Scope scope = ContextStorage.get().attach(this);
            return () -> {
                scope.close();
                if (armed.getAndSet(false)) {
                    throw new AssertionError("the trace's scope broke");
                }
            };
        }
    }

    private static List<Tally> counts(String name, int how) {
        String run = name + "-" + UUID.randomUUID() + "-";
        return IntStream.range(0, how).mapToObj(i -> Tally.count(run + i)).toList();
    }

    private static List<UUID> ids(List<Tally> counts) {
        return counts.stream().map(Tally::messageId).toList();
    }

    private Set<Long> transactionsOf(List<Tally> counts) {
        return counts.stream().map(count -> transactionOf.get(count.messageId())).collect(Collectors.toSet());
    }

    private long tallyOf(Tally count) {
        return Sql.count(dataSource, "select coalesce(sum(count), 0) from tally where key = ?", count.key());
    }

    private long outboxRowsOf(Tally count) {
        return Sql.count(dataSource, "select count(*) from outbox where message_id = ?", count.counted().messageId());
    }
}
