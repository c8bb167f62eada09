package dev.shootingrange.scenario.console.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;

import org.eclipse.microprofile.openapi.annotations.Operation;

import dev.shootingrange.contract.Topology;
import dev.shootingrange.scenario.console.services.Services;

/**
 * Between two groups of a workshop: every service's lab reset, and the broker cleared of what the last
 * group left in it, the dead-lettered messages and the queues its own consumers declared on the
 * contract's exchanges (with their dead-letter queues). Games and scores stay: every check is per game.
 */
@Path("/api/lab/room")
public class RoomResource {

    /** What the reset cleared on the broker. */
    public record RoomReset(List<String> deadLetterQueuesPurged, List<String> queuesDeleted) {
    }

    private final Services services;
    private final BrokerManagement broker;

    RoomResource(Services services, BrokerManagement broker) {
        this.services = services;
        this.broker = broker;
    }

    @POST
    @Path("/reset")
    @Operation(summary = "Reset for the next group", description = "Resets every service's lab, empties the services'"
            + " dead-letter queues and deletes the queues other consumers bound to the commands and events exchanges."
            + " Needs RabbitMQ's management API.")
    public RoomReset reset() {
        services.resetEverywhere();
        Set<String> queues = broker.queues();
        Set<String> own = new TreeSet<>(Topology.QUEUES);
        Topology.QUEUES.forEach(queue -> own.add(Topology.deadLetterQueue(queue)));
        Set<String> theirs = new TreeSet<>();
        for (String exchange : List.of(Topology.COMMANDS, Topology.EVENTS)) {
            broker.queuesBoundTo(exchange).stream().filter(queue -> !own.contains(queue)).forEach(theirs::add);
        }
        List<String> deleted = new ArrayList<>();
        for (String queue : theirs) {
            for (String each : List.of(queue, Topology.deadLetterQueue(queue))) {
                if (queues.contains(each) && broker.delete(each)) {
                    deleted.add(each);
                }
            }
        }
        List<String> purged = Topology.QUEUES.stream().map(Topology::deadLetterQueue)
                .filter(queue -> queues.contains(queue) && broker.purge(queue)).toList();
        return new RoomReset(purged, deleted);
    }
}
