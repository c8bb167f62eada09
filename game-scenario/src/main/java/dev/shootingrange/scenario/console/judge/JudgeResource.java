package dev.shootingrange.scenario.console.judge;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.contract.Topology;
import dev.shootingrange.scenario.console.live.LiveStreams;
import dev.shootingrange.scenario.console.services.ConsoleConfig;
import io.smallrye.common.annotation.Blocking;
import io.vertx.core.http.HttpServerRequest;

/**
 * The judge of the room's own consumers (docs/judge.md): anyone connects, registers a consumer and follows
 * the round; the instructor starts it and removes consumers ({@link JudgeLabResource}).
 */
@Path("/api/judge")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class JudgeResource {

    /** What the HTTP contract says of a registration refused at a cap. */
    static final String TOO_MANY = "As many consumers as one client address may register (lab.judge.consumers-per-client),"
            + " or as the judge keeps (lab.judge.consumers): a problem detail, with Retry-After";

    /** Queues of the room's consumers are named so; their broker user may touch no other. */
    static final String QUEUE_PREFIX = "participant.";

    public record Registration(String name, String board) {
    }

    public record Registered(String name, URI board) {
    }

    /** How a consumer of the room reaches the broker, and what to set for the Node example. */
    public record Connection(String amqpUrl, String username, String password, String exchange, List<String> routingKeys,
            String queuePrefix, Map<String, String> nodeExample) {
    }

    private final Judge judge;
    private final Consumers consumers;
    private final LabAddresses lab;
    private final ParticipantUser participant;
    private final ConsoleConfig.Judge config;
    private final String virtualHost;

    JudgeResource(Judge judge, Consumers consumers, LabAddresses lab, ParticipantUser participant, ConsoleConfig config,
            @ConfigProperty(name = "rabbitmq-virtual-host", defaultValue = "/") String virtualHost) {
        this.judge = judge;
        this.consumers = consumers;
        this.lab = lab;
        this.participant = participant;
        this.config = config.judge();
        this.virtualHost = virtualHost;
    }

    @GET
    @Path("/connection")
    @Blocking
    @Operation(summary = "How a consumer of the room connects", description = "Answers how to log in as the room's"
            + " participant user (it may declare, bind and read queues named participant.* and nothing else). Without an"
            + " instructor key, makes sure the broker has that user first (needs RabbitMQ's management API); in a room,"
            + " only reads: the console made it as it started, and 503 says the instructor makes it where it did not.")
    @APIResponse(responseCode = "200", description = "OK")
    @APIResponse(responseCode = "503", description = "The participant user is not on the broker (yet): a problem detail",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.Body.class)))
    public Connection connection(@Context UriInfo uri) {
        participant.beforeConnecting();
        String address = config.amqpUrl().orElse("amqp://" + uri.getBaseUri().getHost() + ":5672"
                + ("/".equals(virtualHost) ? "" : "/" + URLEncoder.encode(virtualHost, StandardCharsets.UTF_8)));
        int scheme = address.indexOf("://") + 3;
        String withLogin = address.substring(0, scheme) + config.participantUsername() + ":" + config.participantPassword()
                + "@" + address.substring(scheme);
        return new Connection(withLogin, config.participantUsername(), config.participantPassword(), Topology.EVENTS,
                List.of("Hit", "Missed"), QUEUE_PREFIX, Map.of("AMQP_URL", withLogin, "QUEUE", QUEUE_PREFIX + "<your name>",
                        "DEAD_LETTERS", QUEUE_PREFIX + "dead-letters"));
    }

    @GET
    @Path("/consumers")
    public List<Registered> consumers() {
        return consumers.list().stream().map(consumer -> new Registered(consumer.name(), consumer.board())).toList();
    }

    @POST
    @Path("/consumers")
    @RegistrationSize.Bounded
    @Operation(summary = "Register a consumer to be judged", description = "{\"name\", \"board\"}: the judge reads"
            + " <board>/<gameId>, which answers as the leader board does ({\"players\": [{\"player\", \"shots\", \"hits\"}]})."
            + " 201 when new, 200 when registered so already; 409 for a name another board holds; 400 for a name or a board"
            + " it cannot use (a board of more than 400 characters, not http(s), or one of the lab's own services: the"
            + " range, the leader board, the console); 413 for a body over 4 KiB, 411 for one without its length.")
    @APIResponse(responseCode = "200", description = "OK")
    @APIResponse(responseCode = "400", description = "Bad Request")
    @APIResponse(responseCode = "411", description = "A body without its length (chunked): a problem detail",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.Body.class)))
    @APIResponse(responseCode = "413", description = "A body over 4 KiB, refused before it is read: a problem detail",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.Body.class)))
    @APIResponse(responseCode = "429", description = TOO_MANY, content = @Content(mediaType = Problem.MEDIA_TYPE,
            schema = @Schema(implementation = Problem.Body.class)))
    public Response register(Registration registration, @Context HttpServerRequest request) {
        if (registration == null) {
            throw Problem.badRequest("a body {\"name\": ..., \"board\": \"http://<host>:<port>/<path>\"} is needed");
        }
        Consumer consumer = Consumer.of(registration.name(), registration.board());
        lab.requireNotTheLab(consumer.board());
        boolean added = consumers.register(consumer, LiveStreams.client(request));
        return Response.status(added ? Response.Status.CREATED : Response.Status.OK)
                .entity(new Registered(consumer.name(), consumer.board())).build();
    }

    @GET
    @Path("/round")
    public Judge.View round() {
        return judge.view();
    }
}
