package dev.shootingrange.scenario.lab;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.shootingrange.lab.LabApi;
import dev.shootingrange.scenario.lab.TimelineResource.Entry;
import dev.shootingrange.scenario.services.Services;

/**
 * A game's timeline as gathered so far. Each catch-up asks every service only for the entries recorded
 * after the last one it gave: a long game costs a view what happened since the view before, not all of
 * it again. Kept while the game is watched ({@code LiveGames}); a game nobody watches gathers it anew.
 */
final class GameTimeline {

    /** As many entries of each service as the console draws: the first ones, as one page always showed. */
    static final int PER_SERVICE = 1000;

    private final String gameId;
    private final Map<String, List<Entry>> byService = new LinkedHashMap<>();

    GameTimeline(String gameId) {
        this.gameId = gameId;
        Services.ALL.forEach(service -> byService.put(service, new ArrayList<>()));
    }

    /** Asks each service for what is new, and answers every entry so far, oldest first across the services. */
    synchronized List<Entry> catchUp(Services services) {
        byService.forEach((service, held) -> {
            for (int wanted = PER_SERVICE - held.size(); wanted > 0; wanted = PER_SERVICE - held.size()) {
                long after = held.isEmpty() ? 0 : held.get(held.size() - 1).id();
                List<LabApi.HistoryEntry> page = services.lab(service).history(gameId, after, 0, wanted).entries();
                page.forEach(entry -> held.add(Entry.of(service, entry)));
                if (page.size() < wanted) {
                    break;
                }
            }
        });
        List<Entry> entries = new ArrayList<>();
        byService.values().forEach(entries::addAll);
        entries.sort(Comparator.comparing(Entry::at));
        return entries;
    }
}
