package dev.shootingrange.testing;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A service's HTTP contract: the OpenAPI document it serves must be the one checked in under
 * docs/openapi, so that a change to an endpoint shows up in review as a change to the document.
 * {@code -Dopenapi.update=true} writes the served document there instead, to be reviewed and committed.
 */
public final class OpenApiDocument {

    private OpenApiDocument() {
    }

    /** Asks the service under test (RestAssured's base URI and port) for its document and compares. */
    public static void assertServedAsCheckedIn(String service) {
        assertCheckedIn(service, given().get("/q/openapi?format=yaml").then().statusCode(200).extract().asString());
    }

    /** The service under test shows its document in Swagger UI. */
    public static void assertSwaggerUiServed() {
        given().get("/q/swagger-ui/").then().statusCode(200).body(containsString("swagger"));
    }

    /** @param served what the service answers at /q/openapi?format=yaml */
    public static void assertCheckedIn(String service, String served) {
        Path checkedIn = Path.of("..", "docs", "openapi", service + ".yaml");
        try {
            if (Boolean.getBoolean("openapi.update")) {
                Files.createDirectories(checkedIn.getParent());
                Files.writeString(checkedIn, served);
            }
            assertThat(checkedIn).as("docs/openapi/%s.yaml is missing: ./mvnw verify -Dopenapi.update=true writes it", service)
                    .exists();
            assertThat(served).as("the HTTP API of %s differs from docs/openapi/%s.yaml; if the change is meant, "
                    + "./mvnw verify -Dopenapi.update=true rewrites it (outside clients depend on it: only add)", service, service)
                    .isEqualTo(Files.readString(checkedIn));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
