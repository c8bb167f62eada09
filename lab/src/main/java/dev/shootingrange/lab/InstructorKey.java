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
import io.vertx.core.http.HttpServerRequest;

/**
 * A shared room: where {@code lab.instructor-key} is set (LAB_INSTRUCTOR_KEY), whatever changes the
 * lab (protections, strategies, chaos, faults, holds, re-sends, resets, experiments, replays) needs
 * the key in the {@value #HEADER} header; firing and watching stay open to everyone. Without the key
 * set, the lab is open, as on a laptop. A client address that sent {@value KeyGuesses#ALLOWED} wrong keys in
 * a minute (to change the lab, or to {@code GET /api/lab/access}) has one key a second tried until the
 * minute is over, and is answered 429 for the others. A filter rather than Quarkus Security's mechanism,
 * identity provider and permissions: docs/decisions/0027-the-instructor-key-stays-a-request-filter.md.
 */
@ApplicationScoped
public class InstructorKey {

    public static final String HEADER = "X-Instructor-Key";
    private static final Set<String> READING = Set.of("GET", "HEAD", "OPTIONS");

    private final Optional<byte[]> key;
    private final KeyGuesses guesses = new KeyGuesses(System::nanoTime);

    InstructorKey(LabConfig config) {
        this.key = config.instructorKey().map(value -> value.getBytes(StandardCharsets.UTF_8));
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
        String client = connection.remoteAddress() == null ? "" : connection.remoteAddress().hostAddress();
        Duration wait = guesses.tryNow(client);
        if (!wait.isZero()) {
            long seconds = Math.max(1, wait.plusMillis(999).toSeconds());
            return Optional.of(Response.fromResponse(Problem.tooManyRequests(KeyGuesses.ALLOWED
                    + " wrong instructor keys in a minute from this address: one key a second is tried until the minute"
                    + " is over; try again in " + seconds + " s").toResponse())
                    .header(HttpHeaders.RETRY_AFTER, seconds).build());
        }
        if (!opens(given)) {
            guesses.missed(client);
            if (changes) {
                return Optional.of(refuse(Response.Status.FORBIDDEN, "the " + HEADER + " header does not hold this lab's"
                        + " instructor key"));
            }
        }
        return Optional.empty();
    }

    private static Response refuse(Response.Status status, String detail) {
        return Response.fromResponse(new Problem(status, detail).toResponse())
                .header(HttpHeaders.WWW_AUTHENTICATE, "InstructorKey realm=\"lab\"")
                .build();
    }
}
