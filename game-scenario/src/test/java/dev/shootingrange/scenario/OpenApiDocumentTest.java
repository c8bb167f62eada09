package dev.shootingrange.scenario;

import org.junit.jupiter.api.Test;

import dev.shootingrange.testing.OpenApiDocument;
import io.quarkus.test.junit.QuarkusTest;

/** The HTTP contract: the document the service serves is the one in the repository, and Swagger UI shows it. */
@QuarkusTest
class OpenApiDocumentTest {

    @Test
    void theServedDocumentIsTheCheckedInOne() {
        OpenApiDocument.assertServedAsCheckedIn("game-scenario");
    }

    @Test
    void swaggerUiIsServed() {
        OpenApiDocument.assertSwaggerUiServed();
    }
}
