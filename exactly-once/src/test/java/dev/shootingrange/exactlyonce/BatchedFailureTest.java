package dev.shootingrange.exactlyonce;

import dev.shootingrange.testing.Batching;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The same copies and crashes, with batching on: each message still takes effect once. */
@QuarkusTest
@TestProfile(Batching.class)
class BatchedFailureTest extends FailureTest {
}
