package dev.shootingrange.contract;

import java.time.Duration;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;

/**
 * An RFC 9457 problem detail, the contract's one shape for HTTP errors. Throw it from a resource;
 * {@link ProblemMappers} turns it, and the framework's own errors, into application/problem+json.
 */
public class Problem extends RuntimeException {

    public static final String MEDIA_TYPE = "application/problem+json";

    private final int status;
    private final String title;
    /** How long the caller had better wait before asking again (Retry-After), or null. */
    private final Duration retryAfter;

    public Problem(Response.Status status, String detail) {
        this(status, detail, null);
    }

    private Problem(Response.Status status, String detail, Duration retryAfter) {
        super(detail, null, false, false);
        this.status = status.getStatusCode();
        this.title = status.getReasonPhrase();
        this.retryAfter = retryAfter;
    }

    public static Problem badRequest(String detail) {
        return new Problem(Response.Status.BAD_REQUEST, detail);
    }

    public static Problem notFound(String detail) {
        return new Problem(Response.Status.NOT_FOUND, detail);
    }

    /** 429: the caller has had its share (a game's shots, a client's streams); trying later or elsewhere may do. */
    public static Problem tooManyRequests(String detail) {
        return new Problem(Response.Status.TOO_MANY_REQUESTS, detail);
    }

    /** 503 with a Retry-After: the service sheds load it cannot take now, and can in about that long. */
    public static Problem serviceUnavailable(String detail, Duration retryAfter) {
        return new Problem(Response.Status.SERVICE_UNAVAILABLE, detail, retryAfter);
    }

    /** 429 with a Retry-After: a share that frees itself, or that someone frees, in about that long. */
    public static Problem tooManyRequests(String detail, Duration retryAfter) {
        return new Problem(Response.Status.TOO_MANY_REQUESTS, detail, retryAfter);
    }

    public Response toResponse() {
        Response.ResponseBuilder response = Response.status(status)
                .type(MEDIA_TYPE)
                .entity(new Body("about:blank", title, status, getMessage()));
        if (retryAfter != null) {
            response.header(HttpHeaders.RETRY_AFTER, Math.max(1, retryAfter.toSeconds()));
        }
        return response.build();
    }

    public record Body(String type, String title, int status, String detail) {
    }
}
