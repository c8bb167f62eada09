package dev.shootingrange.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Copies of one call released at the same moment, each on a thread of its own, as competing consumers would. */
public final class AtOnce {

    private AtOnce() {
    }

    /** Runs {@code copies} calls together and returns their results, in no particular order. */
    public static <T> List<T> run(int copies, Callable<T> call) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(copies);
        try {
            List<Future<T>> results = new ArrayList<>();
            for (int i = 0; i < copies; i++) {
                results.add(threads.submit(() -> {
                    start.await();
                    return call.call();
                }));
            }
            start.countDown();
            List<T> all = new ArrayList<>();
            for (Future<T> result : results) {
                all.add(result.get());
            }
            return all;
        } finally {
            threads.shutdown();
        }
    }
}
