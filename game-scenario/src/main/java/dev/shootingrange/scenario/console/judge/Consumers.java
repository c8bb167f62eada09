package dev.shootingrange.scenario.console.judge;

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
 * Kept in memory, at most {@code lab.judge.consumers} of them: a restarted console starts an empty list.
 */
@ApplicationScoped
class Consumers {

    private final int most;
    private final Map<String, Consumer> registered = new LinkedHashMap<>();
    private final Map<String, JudgedBoard> boards = new LinkedHashMap<>();

    @Inject
    Consumers(ConsoleConfig config) {
        this(config.judge().consumers());
    }

    Consumers(int most) {
        this.most = most;
    }

    /**
     * Registers a consumer; the same name and board again changes nothing.
     *
     * @return whether it is new
     * @throws Problem 409 for a name taken by another board, 429 when the list is full
     */
    synchronized boolean register(Consumer consumer) {
        Consumer known = registered.get(consumer.name());
        if (known != null) {
            if (known.board().equals(consumer.board())) {
                return false;
            }
            throw new Problem(Response.Status.CONFLICT, "'" + consumer.name() + "' is registered with the board "
                    + known.board() + "; pick another name, or ask the instructor to remove it");
        }
        if (registered.size() >= most) {
            throw Problem.tooManyRequests("the judge holds " + most + " consumers already (lab.judge.consumers); the"
                    + " instructor removes those gone");
        }
        registered.put(consumer.name(), consumer);
        return true;
    }

    /** @return whether it was registered */
    synchronized boolean remove(String name) {
        close(boards.remove(name));
        return registered.remove(name) != null;
    }

    synchronized void clear() {
        boards.values().forEach(Consumers::close);
        registered.clear();
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
