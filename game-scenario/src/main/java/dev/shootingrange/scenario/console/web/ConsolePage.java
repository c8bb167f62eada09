package dev.shootingrange.scenario.console.web;

import java.util.Optional;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import dev.shootingrange.contract.Rules;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;

/** The player's console: the page is rendered here, the play goes through the JSON API. */
@Path("/")
public class ConsolePage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance console(int maxPosition, int maxPlayerLength, String traceUrl);
    }

    /** Where a shot's trace is shown, {traceId} standing for its id (CONSOLE_TRACE_URL); empty, no links. */
    @ConfigProperty(name = "console.trace-url")
    Optional<String> traceUrl;

    @GET
    @Produces(MediaType.TEXT_HTML)
    public TemplateInstance console() {
        return Templates.console(Rules.MAX_POSITION, Rules.MAX_PLAYER_LENGTH, traceUrl.orElse(""));
    }
}
