package dev.shootingrange.scenario.console.services;

import jakarta.annotation.Priority;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.config.ConfigProvider;

import dev.shootingrange.contract.Problem;

/**
 * Whatever goes wrong calling another service comes back as a {@link Problem} that names it: its own
 * problem detail ({@link #answered}, each client's exception mapper), or that it could not be reached.
 * The second is an interceptor: a client's exception mapper sees answers only, never a connection refused.
 */
@OtherService("")
@Interceptor
@Priority(Interceptor.Priority.APPLICATION)
class ServiceProblems {

    /** A refused connection or a timeout: 502, with the address tried. */
    @AroundInvoke
    Object unreachable(InvocationContext call) throws Exception {
        try {
            return call.proceed();
        } catch (ProcessingException unreachable) {
            String service = call.getInterceptorBinding(OtherService.class).value();
            String url = ConfigProvider.getConfig().getValue("quarkus.rest-client." + service + ".url", String.class);
            throw new Problem(Response.Status.BAD_GATEWAY,
                    service + " is not reachable at " + url + " (" + unreachable.getMessage() + ")");
        }
    }

    /** An error answer: the service's own problem detail, under its name. */
    static Problem answered(String service, Response response) {
        Response.Status status = Response.Status.fromStatusCode(response.getStatus());
        String detail = response.getStatus() + " from " + service;
        try {
            Problem.Body body = response.readEntity(Problem.Body.class);
            if (body != null && body.detail() != null) {
                detail = body.detail();
            }
        } catch (RuntimeException unreadable) {
            // not a problem document: the status says it
        }
        return new Problem(status == null ? Response.Status.BAD_GATEWAY : status, service + ": " + detail);
    }
}
