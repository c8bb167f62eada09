package dev.shootingrange.scenario.console.judge;

import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.scenario.console.services.ConsoleConfig;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;

/**
 * The consumers registered to be judged, in the order they came, with a client for each one's board.
 * Kept in memory, at most {@code lab.judge.consumers} of them, and {@code lab.judge.consumers-per-client}
 * from one client address, so that one participant can neither fill the console's heap nor the list:
 * a restarted console starts an empty list.
 */
@ApplicationScoped
class Consumers {

    /** A full list frees a place when the instructor removes a consumer: worth asking again after this. */
    static final Duration ASK_AGAIN = Duration.ofMinutes(1);

    private final int most;
    private final int perClient;
    private final Map<String, Consumer> registered = new LinkedHashMap<>();
    /** The client address each consumer was registered from, by name. */
    private final Map<String, String> registeredFrom = new HashMap<>();
    private final Map<String, JudgedBoard> boards = new LinkedHashMap<>();

    @Inject
    Consumers(ConsoleConfig config) {
        this(config.judge().consumers(), config.judge().consumersPerClient());
    }

    Consumers(int most, int perClient) {
        this.most = most;
        this.perClient = perClient;
    }

    /**
     * Registers a consumer from a client address; the same name and board again changes nothing.
     *
     * @return whether it is new
     * @throws Problem 409 for a name taken by another board, 429 (with Retry-After) when the client's share or
     *         the list is full
     */
    synchronized boolean register(Consumer consumer, String client) {
        Consumer known = registered.get(consumer.name());
        if (known != null) {
            if (known.board().equals(consumer.board())) {
                return false;
            }
            throw new Problem(Response.Status.CONFLICT, "'" + consumer.name() + "' is registered with the board "
                    + known.board() + "; pick another name, or ask the instructor to remove it");
        }
        if (Collections.frequency(registeredFrom.values(), client) >= perClient) {
            throw Problem.tooManyRequests("the judge holds " + perClient + " consumers registered from " + client
                    + " already (lab.judge.consumers-per-client); the instructor removes those gone", ASK_AGAIN);
        }
        if (registered.size() >= most) {
            throw Problem.tooManyRequests("the judge holds " + most + " consumers already (lab.judge.consumers); the"
                    + " instructor removes those gone", ASK_AGAIN);
        }
        registered.put(consumer.name(), consumer);
        registeredFrom.put(consumer.name(), client);
        return true;
    }

    /** @return whether it was registered */
    synchronized boolean remove(String name) {
        close(boards.remove(name));
        registeredFrom.remove(name);
        return registered.remove(name) != null;
    }

    synchronized void clear() {
        boards.values().forEach(Consumers::close);
        registered.clear();
        registeredFrom.clear();
        boards.clear();
    }

    private static void close(JudgedBoard board) {
        if (board instanceof AutoCloseable client) {
            try {
                client.close();
            } catch (Exception e) {
                // Its connections go with it either way.
            }
        }
    }

    synchronized List<Consumer> list() {
        return List.copyOf(registered.values());
    }

    /** A client for its board, made at its first reading; null for a consumer not registered. */
    synchronized JudgedBoard board(String name) {
        Consumer consumer = registered.get(name);
        return consumer == null ? null : boards.computeIfAbsent(name, first -> QuarkusRestClientBuilder.newBuilder()
                .baseUri(consumer.board()).connectTimeout(2, TimeUnit.SECONDS).readTimeout(2, TimeUnit.SECONDS)
                .build(JudgedBoard.class));
    }
}
