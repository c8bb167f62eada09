package dev.shootingrange.scenario.console.web;

import java.util.function.Supplier;

import io.quarkus.arc.Arc;
import io.quarkus.arc.ManagedContext;

/** Off any request (the ticker's refreshes), work runs in a request context of its own: the checker reads outside a transaction. */
final class InRequest {

    private InRequest() {
    }

    static <T> T call(Supplier<T> work) {
        ManagedContext request = Arc.container().requestContext();
        if (request.isActive()) {
            return work.get();
        }
        request.activate();
        try {
            return work.get();
        } finally {
            request.terminate();
        }
    }
}
