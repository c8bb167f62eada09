package dev.shootingrange.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import dev.shootingrange.exactlyonce.spi.Step;
import dev.shootingrange.exactlyonce.spi.Steps;

/**
 * Drives two concurrent deliveries of one message, A and B, through a chosen interleaving of the
 * storage steps: each reported {@link Step} is a barrier where the delivery waits for its turn. A
 * schedule such as "ABBAAB" says whose turn it is at each barrier. A delivery whose turn has come but
 * who is waiting for a database lock (the other holds the same inbox key) counts as having taken it.
 */
public final class Interleavings {

    private static final long SETTLE_TIMEOUT_MS = 10_000;

    private final Steps steps;
    private final BooleanSupplier someoneWaitsForALock;

    public Interleavings(Steps steps, BooleanSupplier someoneWaitsForALock) {
        this.steps = steps;
        this.someoneWaitsForALock = someoneWaitsForALock;
    }

    /** Every way to interleave {@code each} turns of A with {@code each} turns of B. */
    public static List<String> schedules(int each) {
        List<String> all = new ArrayList<>();
        collect("", each, each, all);
        return all;
    }

    private static void collect(String prefix, int a, int b, List<String> all) {
        if (a == 0 && b == 0) {
            all.add(prefix);
        }
        if (a > 0) {
            collect(prefix + "A", a - 1, b, all);
        }
        if (b > 0) {
            collect(prefix + "B", a, b - 1, all);
        }
    }

    /** Runs both deliveries of {@code messageId} along the schedule and returns their two results. */
    public <T> List<T> run(String schedule, UUID messageId, Supplier<T> deliveryA, Supplier<T> deliveryB) {
        Map<Thread, Delivery> byThread = new ConcurrentHashMap<>();
        steps.listen((step, id, type) -> {
            Delivery delivery = byThread.get(Thread.currentThread());
            if (delivery != null && messageId.equals(id)) {
                delivery.park();
            }
        });
        try {
            Delivery a = new Delivery();
            Delivery b = new Delivery();
            CompletableFuture<T> resultA = start(deliveryA, a, byThread);
            CompletableFuture<T> resultB = start(deliveryB, b, byThread);
            for (char turn : schedule.toCharArray()) {
                Delivery next = turn == 'A' ? a : b;
                Delivery other = next == a ? b : a;
                settle(next, other);
                if (next.parked) {
                    next.proceed();
                    settle(next, other);
                }
            }
            while (!(resultA.isDone() && resultB.isDone())) {
                for (Delivery delivery : List.of(a, b)) {
                    if (delivery.parked) {
                        delivery.proceed();
                    }
                }
                Thread.onSpinWait();
            }
            return List.of(resultA.get(SETTLE_TIMEOUT_MS, TimeUnit.MILLISECONDS),
                    resultB.get(SETTLE_TIMEOUT_MS, TimeUnit.MILLISECONDS));
        } catch (InterruptedException | ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("schedule " + schedule + " did not complete", e);
        } finally {
            steps.listen(null);
        }
    }

    private <T> CompletableFuture<T> start(Supplier<T> work, Delivery delivery, Map<Thread, Delivery> byThread) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                result.complete(work.get());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            } finally {
                delivery.blocked = false;
                delivery.done = true;
            }
        });
        byThread.put(thread, delivery);
        thread.start();
        return result;
    }

    /**
     * Waits until the delivery stands at a barrier, has finished, or waits for a database lock. Only
     * one of two can wait for the other, so a lock wait while the other is not blocked is this one's.
     */
    private void settle(Delivery delivery, Delivery other) throws InterruptedException {
        long deadline = System.currentTimeMillis() + SETTLE_TIMEOUT_MS;
        while (!delivery.parked && !delivery.done) {
            if (!other.blocked && someoneWaitsForALock.getAsBoolean()) {
                delivery.blocked = true;
                return;
            }
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("a delivery neither reached a step nor finished");
            }
            Thread.sleep(2);
        }
    }

    private static final class Delivery {
        private final Semaphore turn = new Semaphore(0);
        private volatile boolean parked;
        private volatile boolean done;
        /** Waiting for a database lock the other delivery holds. */
        private volatile boolean blocked;

        void park() {
            blocked = false;
            parked = true;
            turn.acquireUninterruptibly();
        }

        void proceed() {
            parked = false;
            turn.release();
        }
    }
}
