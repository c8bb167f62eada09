package dev.shootingrange.scenario.web;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import dev.shootingrange.contract.Rules;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;

/** The player's console: the page is rendered here, the play goes through the JSON API. */
@Path("/")
public class ConsolePage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance console(int maxPosition, int maxPlayerLength);
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    public TemplateInstance console() {
        return Templates.console(Rules.MAX_POSITION, Rules.MAX_PLAYER_LENGTH);
    }
}
