package dev.shootingrange.scenario.console.judge;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.exactlyonce.observe.Printable;
import io.smallrye.common.annotation.Blocking;

/** The instructor's side of the judge: under /api/lab/, so that a shared room asks for the key. */
@Path("/api/lab/judge")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.WILDCARD)
public class JudgeLabResource {

    private final Judge judge;
    private final Consumers consumers;
    private final ParticipantUser participant;

    JudgeLabResource(Judge judge, Consumers consumers, ParticipantUser participant) {
        this.judge = judge;
        this.consumers = consumers;
        this.participant = participant;
    }

    @POST
    @Path("/participant")
    @Blocking
    @Operation(summary = "Make the room's participant user on the broker", description = "Again, with the configured"
            + " password: the console makes it as it starts in a room, where GET /api/judge/connection only reads. Needs"
            + " RabbitMQ's management API (503 without).")
    public Response makeParticipant() {
        participant.make();
        return Response.noContent().build();
    }

    @POST
    @Path("/round")
    @Blocking
    @Operation(summary = "Start a round for every registered consumer", description = "One game with its faults (copies,"
            + " a copy under a new messageId, old copies after newer shots), in the background: 202 with the round so"
            + " far; GET /api/judge/round follows it. 409 while one runs, during the strategies' matrix, or with no consumer.")
    public Response start() {
        return Response.accepted(judge.start()).build();
    }

    @DELETE
    @Path("/consumers/{name}")
    @Operation(summary = "Remove a consumer from the judge")
    public Response remove(@PathParam("name") String name) {
        if (!consumers.remove(name)) {
            throw Problem.notFound("no consumer named '" + Printable.line(name) + "' is registered");
        }
        return Response.noContent().build();
    }

    @DELETE
    @Path("/consumers")
    @Operation(summary = "Remove every consumer from the judge", description = "Between two groups, beside the room's"
            + " reset (which deletes their queues).")
    public Response removeAll() {
        consumers.clear();
        return Response.noContent().build();
    }
}
