package dev.shootingrange.scenario.console.judge;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import jakarta.ws.rs.NameBinding;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;

import dev.shootingrange.contract.Problem;

/**
 * A registration is a name and an address, a few hundred bytes: a body larger than {@value #MOST_BYTES}
 * bytes is refused (413) on its Content-Length, before it is read, and one sent without a length
 * (chunked) is asked for one (411). The service's own limit (quarkus.http.limits.max-body-size) is the
 * largest body any endpoint takes, a replayed scenario's; a registration is open to the whole room.
 */
@Provider
@RegistrationSize.Bounded
public class RegistrationSize implements ContainerRequestFilter {

    /** A name of 40 characters and a board of 400, each written as JSON escapes (6 bytes a character), fit. */
    static final int MOST_BYTES = 4 * 1024;

    /** The endpoints whose bodies this bounds. */
    @NameBinding
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ ElementType.TYPE, ElementType.METHOD })
    @interface Bounded {
    }

    @Override
    public void filter(ContainerRequestContext request) {
        String length = request.getHeaderString(HttpHeaders.CONTENT_LENGTH);
        if (length == null) {
            if (request.getHeaderString("Transfer-Encoding") != null) {
                request.abortWith(new Problem(Response.Status.LENGTH_REQUIRED, "a registration says its length"
                        + " (Content-Length), at most " + MOST_BYTES + " bytes").toResponse());
            }
            return;
        }
        if (!length.strip().matches("\\d{1,9}") || Integer.parseInt(length.strip()) > MOST_BYTES) {
            request.abortWith(new Problem(Response.Status.REQUEST_ENTITY_TOO_LARGE, "a registration is a name and a"
                    + " board's address, at most " + MOST_BYTES + " bytes").toResponse());
        }
    }
}
