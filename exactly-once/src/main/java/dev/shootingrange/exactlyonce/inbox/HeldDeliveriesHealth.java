package dev.shootingrange.exactlyonce.inbox;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Not ready while a delivery is held for a database that does not take writes: the datasource's own
 * check asks for a valid connection, which a read-only database (after a failover) or a full disk
 * still gives, while the service handles nothing.
 */
@ApplicationScoped
class HeldDeliveriesHealth {

    @Produces
    @Readiness
    HealthCheck databaseTakesWrites(Retries retries) {
        return () -> {
            int held = retries.held();
            return HealthCheckResponse.named("database takes the inbox's writes").status(held == 0)
                    .withData("heldDeliveries", held).build();
        };
    }
}
