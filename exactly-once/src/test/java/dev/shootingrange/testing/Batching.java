package dev.shootingrange.testing;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/** A service with batching on: up to eight deliveries handled at once, in one transaction (docs/decisions/0021). */
public class Batching implements QuarkusTestProfile {

    public static final int SIZE = 8;

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("exactly-once.consumer.batch-size", String.valueOf(SIZE),
                "exactly-once.consumer.concurrency", String.valueOf(SIZE));
    }
}
