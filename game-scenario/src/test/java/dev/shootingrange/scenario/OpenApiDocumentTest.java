package dev.shootingrange.scenario;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;

import org.junit.jupiter.api.Test;

import dev.shootingrange.testing.OpenApiDocument;
import io.quarkus.test.junit.QuarkusTest;

/** The HTTP contract: the document the service serves is the one in the repository, and Swagger UI shows it. */
@QuarkusTest
class OpenApiDocumentTest {

    @Test
    void theServedDocumentIsTheCheckedInOne() {
        OpenApiDocument.assertCheckedIn("game-scenario", given().get("/q/openapi?format=yaml").then().statusCode(200)
                .extract().asString());
    }

    @Test
    void swaggerUiIsServed() {
        given().get("/q/swagger-ui/").then().statusCode(200).body(containsString("swagger"));
    }
}
