package dev.shootingrange.scenario.console.lab;

import jakarta.inject.Singleton;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;

import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * Notices a change to any lab made through this service (every request to {@code /api/lab/} but a
 * read), so that the shared reading of the labs is not served stale ({@link LiveLabs}).
 */
@Singleton
public class LabChanges {

    private final LiveLabs live;

    LabChanges(LiveLabs live) {
        this.live = live;
    }

    /** The next asking gets the labs as they are now, and open panels see it. */
    @ServerResponseFilter
    public void labChanged(ContainerRequestContext request) {
        if (!HttpMethod.GET.equals(request.getMethod()) && request.getUriInfo().getPath().startsWith("/api/lab/")) {
            live.changed();
        }
    }
}
