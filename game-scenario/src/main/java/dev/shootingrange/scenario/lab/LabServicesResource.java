package dev.shootingrange.scenario.lab;

import java.util.Map;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import com.fasterxml.jackson.databind.JsonNode;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.lab.LabResource;

/**
 * The lab of all three services behind one endpoint, for the console and workshop scripts. A service
 * name of {@code all} applies a change to every service.
 */
@Path("/api/lab/services")
@Produces(MediaType.APPLICATION_JSON)
public class LabServicesResource {

    private static final String ALL = "all";

    private final LabServices services;

    LabServicesResource(LabServices services) {
        this.services = services;
    }

    @GET
    public Map<String, JsonNode> labs() {
        return Map.of("services", services.json().valueToTree(LabServices.ALL.stream().map(services::lab).toList()));
    }

    @GET
    @Path("/{service}")
    public JsonNode lab(@PathParam("service") String service) {
        return services.lab(service);
    }

    @Consumes(MediaType.APPLICATION_JSON)
    @PUT
    @Path("/{service}/protections")
    public Object protect(@PathParam("service") String service, Map<String, Object> changes) {
        requireBody(changes);
        if (ALL.equals(service)) {
            services.protectEverywhere(changes);
            return labs();
        }
        return services.protect(service, changes);
    }

    @Consumes(MediaType.APPLICATION_JSON)
    @PUT
    @Path("/{service}/chaos")
    public Object chaos(@PathParam("service") String service, Map<String, Object> changes) {
        requireBody(changes);
        if (ALL.equals(service)) {
            LabServices.ALL.forEach(each -> services.chaos(each, changes));
            return labs();
        }
        return services.chaos(service, changes);
    }

    @Consumes(MediaType.APPLICATION_JSON)
    @POST
    @Path("/{service}/faults")
    public JsonNode arm(@PathParam("service") String service, LabResource.FaultRequest request) {
        requireBody(request);
        return services.arm(service, request.point(), request.type());
    }

    @Consumes(MediaType.APPLICATION_JSON)
    @POST
    @Path("/{service}/holds")
    public JsonNode hold(@PathParam("service") String service, LabResource.HoldRequest request) {
        requireBody(request);
        return services.hold(service, request.type());
    }

    @POST
    @Path("/{service}/holds/release")
    public JsonNode release(@PathParam("service") String service) {
        return services.release(service);
    }

    @POST
    @Path("/{service}/reset")
    public Object reset(@PathParam("service") String service) {
        if (ALL.equals(service)) {
            services.resetEverywhere();
            return labs();
        }
        return services.reset(service);
    }

    @GET
    @Path("/{service}/history/{gameId}")
    public JsonNode history(@PathParam("service") String service, @PathParam("gameId") String gameId) {
        return services.history(service, gameId);
    }

    private static void requireBody(Object body) {
        if (body == null) {
            throw Problem.badRequest("request body is required");
        }
    }
}
