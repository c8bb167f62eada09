package dev.shootingrange.exactlyonce.runtime;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;
import org.eclipse.microprofile.health.Readiness;

import dev.shootingrange.exactlyonce.ExactlyOnceConfig;
import dev.shootingrange.exactlyonce.runtime.ExactlyOnceRuntime;

/** Readiness says the broker side is up; the database's own check comes with the datasource. */
@ApplicationScoped
public class ExactlyOnceHealth {

    @Produces
    @Readiness
    HealthCheck broker(ExactlyOnceRuntime runtime, ExactlyOnceConfig config) {
        return () -> HealthCheckResponse.named("RabbitMQ inbox consumer and outbox relay")
                .status(runtime.isReady())
                .withData("queue", config.queue())
                .build();
    }

    @Produces
    @Liveness
    HealthCheck relay(ExactlyOnceRuntime runtime) {
        return () -> HealthCheckResponse.named("outbox relay").status(runtime.isAlive()).build();
    }
}
