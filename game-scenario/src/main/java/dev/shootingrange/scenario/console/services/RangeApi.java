package dev.shootingrange.scenario.console.services;

import java.util.List;
import java.util.UUID;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import dev.shootingrange.contract.Problem;
import io.quarkus.rest.client.reactive.ClientExceptionMapper;

/** The shooting range's public API, as the console reads it. */
@RegisterRestClient(configKey = Services.SHOOTING_RANGE)
@OtherService(Services.SHOOTING_RANGE)
@Path("/api/ranges")
@Produces(MediaType.APPLICATION_JSON)
public interface RangeApi {

    /** What the range decided about one attempt, and the messageId of the outcome it published. */
    record DecidedOutcome(UUID attemptId, String outcome, UUID messageId) {
    }

    record RangeView(String gameId, Integer targetPosition, List<DecidedOutcome> outcomes) {
    }

    @GET
    @Path("/{gameId}")
    RangeView range(@PathParam("gameId") String gameId);

    /** Several games at once, in the order asked. */
    @GET
    List<RangeView> ranges(@QueryParam("gameId") List<String> gameIds);

    @ClientExceptionMapper
    static Problem answered(Response response) {
        return ServiceProblems.answered(Services.SHOOTING_RANGE, response);
    }
}
