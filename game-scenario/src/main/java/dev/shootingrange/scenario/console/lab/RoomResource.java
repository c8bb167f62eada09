package dev.shootingrange.scenario.console.lab;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.contract.Topology;
import dev.shootingrange.exactlyonce.rabbit.DeadLetterRedrive;
import dev.shootingrange.exactlyonce.rabbit.QueueMigration;
import dev.shootingrange.exactlyonce.rabbit.RabbitConnections;
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

    /** How many messages each service's dead-letter queue gave back to its queue. */
    public record Redriven(Map<String, Long> redriven) {
    }

    private final Services services;
    private final BrokerManagement broker;
    private final RabbitConnections connections;

    RoomResource(Services services, BrokerManagement broker, RabbitConnections connections) {
        this.services = services;
        this.broker = broker;
        this.connections = connections;
    }

    /**
     * What reached a dead-letter queue put back: a valid message there (a delivery limit spent, a fault
     * since fixed) is handled again, once, by the inbox; invalid input comes straight back, to wait for
     * the next call. Over AMQP, on this service's own connection: no management API needed.
     */
    @POST
    @Path("/dead-letters/redrive")
    @Operation(summary = "Re-drive the dead letters", description = "Moves what each service's dead-letter queue holds"
            + " now back into the service's queue, each message acked there only once the broker confirmed its copy.")
    public Redriven redrive() {
        Map<String, Long> redriven = new TreeMap<>();
        for (String queue : Topology.QUEUES) {
            try {
                redriven.put(Topology.deadLetterQueue(queue),
                        DeadLetterRedrive.back(connections.publishing(), Topology.deadLetterQueue(queue), queue));
            } catch (IOException e) {
                throw new Problem(Response.Status.SERVICE_UNAVAILABLE, "the dead letters of " + queue
                        + " could not be moved back (those moved so far are back): " + e.getMessage());
            }
        }
        return new Redriven(redriven);
    }

    @POST
    @Path("/reset")
    @Operation(summary = "Reset for the next group", description = "Resets every service's lab, empties the services'"
            + " dead-letter queues and deletes the queues other consumers bound to the commands and events exchanges."
            + " Needs RabbitMQ's management API.")
    public RoomReset reset() {
        services.resetEverywhere();
        Set<String> queues = broker.queuesNamed("").keySet();
        Set<String> own = new TreeSet<>(Topology.QUEUES);
        Topology.QUEUES.forEach(queue -> own.add(Topology.deadLetterQueue(queue)));
        // A rebuild's holding queue is bound as its queue was, and holds that queue's messages until the
        // rebuild (or the next start, after one cut short) moves them back: the services' own too.
        Topology.QUEUES.forEach(queue -> own.add(QueueMigration.holdingQueue(queue)));
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
