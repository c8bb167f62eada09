package dev.shootingrange.scenario.console.lab;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import jakarta.inject.Singleton;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.rest.client.inject.RestClient;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.scenario.console.services.ConsoleConfig;

/**
 * The broker's side of the lab: RabbitMQ's management API, which can close another client's connection,
 * as a failing node does: every delivery not yet acknowledged then comes back, redelivered. It also makes
 * the room's participant user, and bounds what it may hold.
 */
@Singleton
public class BrokerManagement {

    private final ManagementApi api;
    private final URI url;
    private final String virtualHost;

    BrokerManagement(@RestClient ManagementApi api, ConsoleConfig config,
            @ConfigProperty(name = "rabbitmq-virtual-host", defaultValue = "/") String virtualHost) {
        this.api = api;
        String url = config.broker().managementUrl();
        this.url = URI.create(url.endsWith("/") ? url : url + "/");
        this.virtualHost = virtualHost;
    }

    /**
     * Has the broker close every client connection on the services' virtual host at once, as a failing
     * node does; returns the names of those it closed. The clients recover within seconds.
     * @throws Problem 503 when the management API does not answer, saying how to get one
     */
    public Set<String> closeEveryConnection(String reason) {
        return close(connection -> true, reason);
    }

    /** Has the broker close the connections {@code user} logged in with, as {@link #closeEveryConnection} does. */
    public Set<String> closeConnectionsOf(String user, String reason) {
        return close(connection -> user.equals(connection.user()), reason);
    }

    private Set<String> close(Predicate<ManagementApi.ClientConnection> which, String reason) {
        // One already gone by itself is not there any more: the listing lags a little.
        return connections(which).stream().filter(name -> changed(() -> api.close(name, reason))).collect(Collectors.toSet());
    }

    /** The client connections on the services' virtual host, by name, as listed: each at its statistics round (5 s). */
    public Set<String> connections() {
        return connections(connection -> true);
    }

    /** The connections {@code user} logged in with, as {@link #connections()} lists them. */
    public Set<String> connectionsOf(String user) {
        return connections(connection -> user.equals(connection.user()));
    }

    private Set<String> connections(Predicate<ManagementApi.ClientConnection> which) {
        return list(() -> api.connections(virtualHost)).stream().filter(which).map(ManagementApi.ClientConnection::name)
                .collect(Collectors.toSet());
    }

    /**
     * Makes (or makes again, with this password) a broker user for the room's own consumers, who may
     * declare, bind and read queues named {@code prefix...} and bind them to {@code exchange}, and nothing
     * else: no other queue, no publishing anywhere but to their own queues, no management API. Its
     * {@code limits} bound its connections and channels (user limits), and on each of its queues the length,
     * each message's time to live and the expiry once unused (an operator policy, which no policy of theirs
     * lifts): queues nobody reads cannot fill the broker and block every publisher, the services' relays too.
     */
    public void admit(String user, String password, String prefix, String exchange, ConsoleConfig.ParticipantLimits limits) {
        // Names of letters, digits, dashes and dots (the caller's): a dot is the only character to escape.
        String theirs = prefix.replace(".", "\\.") + ".*";
        ask(() -> {
            api.putUser(user, new ManagementApi.User(password, ""));
            api.permit(virtualHost, user, new ManagementApi.Permissions("^" + theirs + "$", "^" + theirs + "$",
                    "^(" + theirs + "|" + exchange.replace(".", "\\.") + ")$"));
            api.limit(user, "max-connections", new ManagementApi.Limit(limits.connections()));
            api.limit(user, "max-channels", new ManagementApi.Limit(limits.channels()));
            api.operatorPolicy(virtualHost, prefix + "limits", new ManagementApi.Policy("^" + theirs + "$",
                    Map.of("max-length", limits.queueLength(), "message-ttl", limits.messageTtl().toMillis(),
                            "expires", limits.unusedQueueExpiry().toMillis()), 0, "queues"));
            return true;
        }, this::noVirtualHost);
    }

    /** The queues named {@code prefix...} and how many consumers read each now. */
    public Map<String, Integer> queuesNamed(String prefix) {
        return list(() -> api.queueUses(virtualHost)).stream().filter(queue -> queue.name().startsWith(prefix))
                .collect(Collectors.toMap(ManagementApi.QueueUse::name, ManagementApi.QueueUse::consumers));
    }

    /** The queues bound to an exchange of the services' virtual host. */
    Set<String> queuesBoundTo(String exchange) {
        return list(() -> api.bindingsFrom(virtualHost, exchange)).stream()
                .filter(binding -> "queue".equals(binding.destinationType()))
                .map(ManagementApi.Binding::destination).collect(Collectors.toSet());
    }

    /** Empties a queue; false where it is not there. */
    boolean purge(String queue) {
        return changed(() -> api.purge(virtualHost, queue));
    }

    /** Deletes a queue with whatever it holds; false where it is not there. */
    public boolean delete(String queue) {
        return changed(() -> api.delete(virtualHost, queue));
    }

    /** A change of something that may be gone already: false where it is. */
    private boolean changed(Runnable call) {
        return ask(() -> {
            call.run();
            return true;
        }, notThere -> false);
    }

    private <T> List<T> list(Supplier<List<T>> call) {
        return ask(call, this::noVirtualHost);
    }

    private <T> T noVirtualHost(URI notThere) {
        throw unavailable("has no " + url.relativize(notThere) + " (is the virtual host " + virtualHost + " there?)");
    }

    /** What the API answers; where it answers 404, what {@code notThere} makes of the address asked. */
    private <T> T ask(Supplier<T> call, Function<URI, T> notThere) {
        try {
            return call.get();
        } catch (ManagementApi.Answered answer) {
            if (answer.status == 404) {
                return notThere.apply(answer.asked);
            }
            throw unavailable("answered " + answer.status + " " + answer.body);
        } catch (ProcessingException unreachable) {
            throw unavailable(unreachable.getMessage());
        }
    }

    private Problem unavailable(String why) {
        return new Problem(Response.Status.SERVICE_UNAVAILABLE, "RabbitMQ's management API at " + url + " " + why
                + "; it is the broker's plugin rabbitmq_management (in the rabbitmq:*-management images; elsewhere"
                + " rabbitmq-plugins enable rabbitmq_management), and LAB_BROKER_MANAGEMENT_URL says where it is");
    }
}
