package dev.shootingrange.lab;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;

import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import dev.shootingrange.contract.Problem;
import io.quarkus.runtime.Startup;
import io.vertx.core.http.HttpServerRequest;

/**
 * A shared room: where {@code lab.instructor-key} is set (LAB_INSTRUCTOR_KEY), whatever changes the
 * lab (protections, strategies, chaos, faults, holds, re-sends, resets, experiments, replays) needs
 * the key in the {@value #HEADER} header; firing and watching stay open to everyone. Without the key
 * set, the lab is open, as on a laptop. The right key always opens, whoever else sends keys from the
 * same address; a client address that sent {@value KeyGuesses#ALLOWED} wrong keys in a minute (to change
 * the lab, or to {@code GET /api/lab/access}) is answered 429 for its wrong keys beyond one a second
 * until the minute is over. What keeps a room from guessing is the key's length: one shorter than
 * {@value #SHORTEST} characters, or the example the guides show, stops the service at start-up
 * (docs/decisions/0033-the-right-instructor-key-always-opens.md). A filter rather than Quarkus Security's
 * mechanism, identity provider and permissions: docs/decisions/0027-the-instructor-key-stays-a-request-filter.md.
 */
@Startup
@ApplicationScoped
public class InstructorKey {

    public static final String HEADER = "X-Instructor-Key";
    static final int SHORTEST = 12;
    /** The keys the guides and compose files show as examples: known to every room. */
    private static final Set<String> EXAMPLES = Set.of("choose-a-long-one", "pick-one");
    private static final Set<String> READING = Set.of("GET", "HEAD", "OPTIONS");

    private final Optional<byte[]> key;
    private final KeyGuesses guesses = new KeyGuesses(System::nanoTime);

    InstructorKey(LabConfig config) {
        config.instructorKey().ifPresent(InstructorKey::requireStrong);
        this.key = config.instructorKey().map(value -> value.getBytes(StandardCharsets.UTF_8));
    }

    /** @throws IllegalStateException for a key a room could guess: too short, or an example from the guides */
    static void requireStrong(String key) {
        if (key.length() < SHORTEST || EXAMPLES.contains(key)) {
            throw new IllegalStateException("LAB_INSTRUCTOR_KEY: " + (EXAMPLES.contains(key) ? "the guides' example key"
                    : "a key of " + key.length() + " characters") + " is one a room can guess; give one of at least "
                    + SHORTEST + " characters of your own, e.g. export LAB_INSTRUCTOR_KEY=$(openssl rand -hex 12)");
        }
    }

    public Optional<String> value() {
        return key.map(bytes -> new String(bytes, StandardCharsets.UTF_8));
    }

    public boolean locked() {
        return key.isPresent();
    }

    /** Whether this header value opens the lab: any value where no key is set. */
    public boolean opens(String given) {
        // Compared in constant time: how long a wrong guess takes says nothing about the key.
        return key.isEmpty() || given != null && MessageDigest.isEqual(key.get(), given.getBytes(StandardCharsets.UTF_8));
    }

    /** Reading needs no key: a client sends it with the methods that change something, and only then. */
    public static boolean reads(String method) {
        return READING.contains(method);
    }

    /** Changes to the lab, and replays (which reset it), need the key; everything else is open. */
    static boolean changesTheLab(String method, String path) {
        return !reads(method) && (path.startsWith("/api/lab/") || path.equals("/api/lab")
                || path.equals("/api/games/replay"));
    }

    @ServerRequestFilter
    Optional<Response> requireKey(ContainerRequestContext request, HttpServerRequest connection) {
        String path = request.getUriInfo().getPath();
        path = path.startsWith("/") ? path : "/" + path;
        String given = request.getHeaderString(HEADER);
        boolean changes = changesTheLab(request.getMethod(), path);
        boolean asks = path.equals("/api/lab/access") && given != null && !given.isEmpty();
        if (!locked() || !changes && !asks) {
            return Optional.empty();
        }
        if (given == null || given.isEmpty()) {
            return Optional.of(refuse(Response.Status.UNAUTHORIZED, "this lab is shared: changing it needs the"
                    + " instructor's key in the " + HEADER + " header (firing and watching need none)"));
        }
        if (opens(given)) {
            // Before any pacing: others sending wrong keys from the same address never keep the instructor out.
            return Optional.empty();
        }
        String client = connection.remoteAddress() == null ? "" : connection.remoteAddress().hostAddress();
        Duration wait = guesses.tryNow(client);
        if (!wait.isZero()) {
            long seconds = Math.max(1, wait.plusMillis(999).toSeconds());
            return Optional.of(Response.fromResponse(Problem.tooManyRequests(KeyGuesses.ALLOWED
                    + " wrong instructor keys in a minute from this address: one key a second is tried until the minute"
                    + " is over; try again in " + seconds + " s").toResponse())
                    .header(HttpHeaders.RETRY_AFTER, seconds).build());
        }
        guesses.missed(client);
        if (changes) {
            return Optional.of(refuse(Response.Status.FORBIDDEN, "the " + HEADER + " header does not hold this lab's"
                    + " instructor key"));
        }
        return Optional.empty();
    }

    private static Response refuse(Response.Status status, String detail) {
        return Response.fromResponse(new Problem(status, detail).toResponse())
                .header(HttpHeaders.WWW_AUTHENTICATE, "InstructorKey realm=\"lab\"")
                .build();
    }
}
