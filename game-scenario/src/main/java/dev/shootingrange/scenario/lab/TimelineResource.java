package dev.shootingrange.scenario.lab;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import dev.shootingrange.contract.Rules;
import dev.shootingrange.lab.LabApi;
import dev.shootingrange.scenario.services.Services;
import dev.shootingrange.scenario.web.LiveGames;

/** The game's messages across the three services, in the order they happened: the console's sequence diagram. */
@Path("/api/games/{gameId}/timeline")
@Produces(MediaType.APPLICATION_JSON)
public class TimelineResource {

    /** A history entry without its body, marked with the service that recorded it. */
    public record Entry(long id, String direction, UUID messageId, String type, UUID attemptId, UUID causationId,
            String disposition, boolean redelivered, String detail, Instant at, String service) {

        static Entry of(String service, LabApi.HistoryEntry entry) {
            return new Entry(entry.id(), entry.direction(), entry.messageId(), entry.type(), entry.attemptId(),
                    entry.causationId(), entry.disposition(), entry.redelivered(), entry.detail(), entry.at(), service);
        }
    }

    private final Services services;
    private final LiveGames live;

    TimelineResource(Services services, LiveGames live) {
        this.services = services;
        this.live = live;
    }

    /**
     * Every history entry of every service, oldest first. Each console watching the game asks after each
     * view it is pushed: one of them gathers it, the others share that ({@link LiveGames#sharedPerView}).
     */
    @GET
    public List<Entry> timeline(@PathParam("gameId") String gameId) {
        Rules.checkGameId(gameId);
        return live.sharedPerView(gameId, () -> gather(gameId));
    }

    private List<Entry> gather(String gameId) {
        List<Entry> entries = new ArrayList<>();
        for (String service : Services.ALL) {
            services.lab(service).history(gameId, 0, 1000).entries().forEach(entry -> entries.add(Entry.of(service, entry)));
        }
        entries.sort(Comparator.comparing(Entry::at));
        return entries;
    }
}
