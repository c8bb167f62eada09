package dev.shootingrange.scenario.console.lab;

import java.net.URI;
import java.util.List;
import java.util.Map;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import com.fasterxml.jackson.annotation.JsonProperty;

import io.quarkus.rest.client.reactive.ClientBasicAuth;
import io.quarkus.rest.client.reactive.ClientExceptionMapper;
import io.quarkus.rest.client.reactive.ClientQueryParam;

/**
 * The calls the lab makes to RabbitMQ's management HTTP API (quarkus.rest-client.broker-management.*),
 * logged in as the services are. Each names the virtual host: the default one, "/", goes escaped. Only
 * the reads ask for JSON: RabbitMQ answers a DELETE that asks for it 406, as it returns no body.
 */
@RegisterRestClient(configKey = "broker-management")
@ClientBasicAuth(username = "${lab.broker.username}", password = "${lab.broker.password}")
@Path("/api")
interface ManagementApi {

    /** A client's connection, and the broker user it logged in as. */
    record ClientConnection(String name, String user) {
    }

    record Binding(String destination, @JsonProperty("destination_type") String destinationType) {
    }

    /** A broker user: no tags, so no management API of its own; it logs in over AMQP only. */
    record User(String password, String tags) {
    }

    /** What a user may do on a virtual host: each a regular expression over resource names. */
    record Permissions(String configure, String write, String read) {
    }

    /** One of a user's limits (max-connections, max-channels). */
    record Limit(int value) {
    }

    /** An operator policy: what it sets on the queues its pattern names, whatever their own policies say. */
    record Policy(String pattern, Map<String, Object> definition, int priority, @JsonProperty("apply-to") String applyTo) {
    }

    /** A queue and how many consumers read it now. */
    record QueueUse(String name, int consumers) {
    }

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @Path("/users/{user}")
    void putUser(@PathParam("user") String user, User body);

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @Path("/permissions/{vhost}/{user}")
    void permit(@PathParam("vhost") String virtualHost, @PathParam("user") String user, Permissions permissions);

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @Path("/user-limits/{user}/{limit}")
    void limit(@PathParam("user") String user, @PathParam("limit") String limit, Limit value);

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @Path("/operator-policies/{vhost}/{name}")
    void operatorPolicy(@PathParam("vhost") String virtualHost, @PathParam("name") String name, Policy policy);

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Path("/queues/{vhost}")
    @ClientQueryParam(name = "columns", value = "name,consumers")
    List<QueueUse> queueUses(@PathParam("vhost") String virtualHost);

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Path("/vhosts/{vhost}/connections")
    List<ClientConnection> connections(@PathParam("vhost") String virtualHost);

    /** Closes a client's connection, as a failing node does; the client is told the reason. */
    @DELETE
    @Path("/connections/{name}")
    void close(@PathParam("name") String connection, @HeaderParam("X-Reason") String reason);

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Path("/exchanges/{vhost}/{exchange}/bindings/source")
    List<Binding> bindingsFrom(@PathParam("vhost") String virtualHost, @PathParam("exchange") String exchange);

    @DELETE
    @Path("/queues/{vhost}/{queue}/contents")
    void purge(@PathParam("vhost") String virtualHost, @PathParam("queue") String queue);

    @DELETE
    @Path("/queues/{vhost}/{queue}")
    void delete(@PathParam("vhost") String virtualHost, @PathParam("queue") String queue);

    @ClientExceptionMapper
    static Answered answered(Response response, URI asked) {
        return new Answered(response.getStatus(), response.hasEntity() ? response.readEntity(String.class) : "", asked);
    }

    /** An error answer, for {@link BrokerManagement} to word: 404 is nothing there. */
    final class Answered extends RuntimeException {

        final int status;
        final String body;
        final URI asked;

        Answered(int status, String body, URI asked) {
            super(status + " " + body, null, false, false);
            this.status = status;
            this.body = body;
            this.asked = asked;
        }
    }
}
