package dev.shootingrange.testing;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

import java.time.Duration;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.restassured.RestAssured;

/** What every service test needs of the service under test. */
public final class Service {

    private Service() {
    }

    /** Waits until the service consumes its queue: publishing earlier would test nothing. */
    public static void awaitReady() {
        RestAssured.enableLoggingOfRequestAndResponseIfValidationFails();
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> given().get("/q/health/ready").then().statusCode(200));
    }

    /** The current value of one of the inbox counters ("inbox.duplicates", "inbox.handled"...). */
    public static double count(MeterRegistry registry, String name) {
        Counter counter = registry.find(name).counter();
        return counter == null ? 0 : counter.count();
    }
}
