package dev.shootingrange.scenario.console.services;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.rest.client.ext.ResponseExceptionMapper;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.lab.InstructorKey;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;

/**
 * Typed REST clients of the other services. Whatever goes wrong comes back as a {@link Problem} that
 * names the service: its own problem detail, or that it could not be reached.
 */
final class ServiceClients {

    private ServiceClients() {
    }

    /**
     * @param instructorKey sent where the lab is shared, with the calls that change it (so that the
     *        console's changes pass) and with no read: the key travels no further than it must
     */
    static <T> T create(Class<T> api, String service, String url, Optional<String> instructorKey) {
        QuarkusRestClientBuilder builder = QuarkusRestClientBuilder.newBuilder()
                .baseUri(URI.create(url))
                .connectTimeout(2, TimeUnit.SECONDS)
                .readTimeout(10, TimeUnit.SECONDS)
                .register(new Errors(service));
        instructorKey.ifPresent(key -> builder.register((ClientRequestFilter) request -> {
            if (!InstructorKey.reads(request.getMethod())) {
                request.getHeaders().putSingle(InstructorKey.HEADER, key);
            }
        }));
        T client = builder.build(api);
        return unreachableAsProblem(api, client, service, url);
    }

    /** A refused connection or a timeout: 502, with the address tried. */
    private static <T> T unreachableAsProblem(Class<T> api, T client, String service, String url) {
        InvocationHandler call = (proxy, method, args) -> {
            try {
                return method.invoke(client, args);
            } catch (InvocationTargetException e) {
                if (e.getCause() instanceof ProcessingException unreachable) {
                    throw new Problem(Response.Status.BAD_GATEWAY,
                            service + " is not reachable at " + url + " (" + unreachable.getMessage() + ")");
                }
                throw e.getCause();
            }
        };
        return api.cast(Proxy.newProxyInstance(api.getClassLoader(), new Class<?>[] { api }, call));
    }

    /** An error answer: the service's own problem detail, under its name. */
    private record Errors(String service) implements ResponseExceptionMapper<Problem> {

        @Override
        public Problem toThrowable(Response response) {
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
}
