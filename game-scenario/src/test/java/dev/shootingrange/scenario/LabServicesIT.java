package dev.shootingrange.scenario;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;

/** The labs every console's panel asks for are shared for a moment, never past a change made through them. */
class LabServicesIT {

    @AfterEach
    void reset() {
        given().baseUri(LabProcesses.SCENARIO.baseUrl()).post("/api/lab/services/all/reset").then().statusCode(200);
    }

    @Test
    void aChangeThroughTheConsolesServiceIsSeenByTheNextAsking() {
        String scenario = LabProcesses.SCENARIO.baseUrl();
        given().baseUri(scenario).get("/api/lab/services").then().statusCode(200)
                .body("services.find { it.service == 'shooting-range' }.protections.inbox", equalTo(true));

        given().baseUri(scenario).contentType(ContentType.JSON).body("{\"inbox\": false}")
                .put("/api/lab/services/shooting-range/protections").then().statusCode(200);

        given().baseUri(scenario).get("/api/lab/services").then().statusCode(200)
                .body("services.find { it.service == 'shooting-range' }.protections.inbox", equalTo(false));
    }
}
