package dev.shootingrange.contract;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;

import org.hibernate.exception.JDBCConnectionException;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;

/** Every error of the HTTP API, ours or the framework's, as a problem detail that says what is wrong. */
public class ProblemMappers {

    @ServerExceptionMapper
    public Response problem(Problem problem) {
        return problem.toResponse();
    }

    /** Contract violations found in request bodies (a position out of range, a blank player). */
    @ServerExceptionMapper
    public Response invalid(InvalidMessageException invalid) {
        return Problem.badRequest(invalid.getMessage()).toResponse();
    }

    @ServerExceptionMapper
    public Response mismatched(MismatchedInputException e) {
        String field = e.getPath().isEmpty() ? null : e.getPath().get(e.getPath().size() - 1).getFieldName();
        String detail = field == null
                ? "request body has the wrong shape: " + e.getOriginalMessage()
                : field + " has the wrong type: " + e.getOriginalMessage();
        return Problem.badRequest(detail).toResponse();
    }

    @ServerExceptionMapper
    public Response unreadable(JsonProcessingException e) {
        return Problem.badRequest("request body is not valid JSON: " + e.getOriginalMessage()).toResponse();
    }

    /** The database is down or restarting: the same request will work again shortly. */
    @ServerExceptionMapper
    public Response databaseUnavailable(JDBCConnectionException e) {
        return new Problem(Response.Status.SERVICE_UNAVAILABLE, "the database is not reachable; try again shortly")
                .toResponse();
    }

    @ServerExceptionMapper
    public Response framework(WebApplicationException e) {
        // The JSON reader wraps its parse errors; their message is the useful one.
        if (e.getCause() instanceof MismatchedInputException mismatched) {
            return mismatched(mismatched);
        }
        if (e.getCause() instanceof JsonProcessingException unreadable) {
            return unreadable(unreadable);
        }
        Response.Status status = Response.Status.fromStatusCode(e.getResponse().getStatus());
        if (status == null) {
            return e.getResponse();
        }
        if (status == Response.Status.UNSUPPORTED_MEDIA_TYPE) {
            return new Problem(status, "send the request body as application/json").toResponse();
        }
        return new Problem(status, e.getMessage()).toResponse();
    }
}
