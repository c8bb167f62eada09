package dev.shootingrange.scenario.lab;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.shootingrange.contract.Rules;

/** The game's messages across the three services, in the order they happened: the console's sequence diagram. */
@Path("/api/games/{gameId}/timeline")
@Produces(MediaType.APPLICATION_JSON)
public class TimelineResource {

    private final LabServices services;

    TimelineResource(LabServices services) {
        this.services = services;
    }

    /** Every history entry of every service, each marked with its service, oldest first. */
    @GET
    public List<JsonNode> timeline(@PathParam("gameId") String gameId) {
        Rules.checkGameId(gameId);
        List<JsonNode> entries = new ArrayList<>();
        for (String service : LabServices.ALL) {
            for (JsonNode entry : services.history(service, gameId).path("entries")) {
                ObjectNode marked = ((ObjectNode) entry).put("service", service);
                marked.remove("body");
                entries.add(marked);
            }
        }
        entries.sort(Comparator.comparing((JsonNode entry) -> entry.path("at").asText()));
        return entries;
    }
}
