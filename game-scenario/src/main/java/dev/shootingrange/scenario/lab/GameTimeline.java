package dev.shootingrange.scenario.lab;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.shootingrange.lab.LabApi;
import dev.shootingrange.scenario.lab.TimelineResource.Entry;
import dev.shootingrange.scenario.services.Services;
import dev.shootingrange.scenario.web.LiveGames;

/**
 * A game's timeline as gathered so far. Each catch-up asks every service only for the entries recorded
 * lately: a long game costs a view what happened since the view before, not all of it again. Kept
 * while the game is watched ({@code LiveGames}); a game nobody watches gathers it anew.
 */
public final class GameTimeline {

    /** As many entries of each service as the console draws: the first ones, as one page always showed. */
    static final int PER_SERVICE = 1000;
    /**
     * How far back each catch-up asks again. Two instances of a service (compose's scaled profile)
     * write one history, so an entry may become visible after one numbered above it; a batch commits
     * within a fraction of this.
     */
    static final Duration LATE = Duration.ofSeconds(5);

    private final String gameId;
    private final Map<String, List<Entry>> byService = new LinkedHashMap<>();
    private final Set<String> held = new HashSet<>();
    /** Every entry in the order it was gathered: a live feed sends on only those it has not sent yet. */
    private final List<Entry> arrived = new ArrayList<>();

    GameTimeline(String gameId) {
        this.gameId = gameId;
        Services.ALL.forEach(service -> byService.put(service, new ArrayList<>()));
    }

    /** The game's timeline, kept while the game is watched. */
    public static GameTimeline of(LiveGames live, String gameId) {
        return live.keptWhileWatched(gameId, GameTimeline.class, () -> new GameTimeline(gameId));
    }

    /** Asks each service for what is new, and answers every entry so far, oldest first across the services. */
    public synchronized List<Entry> catchUp(Services services) {
        gather(services);
        List<Entry> entries = new ArrayList<>();
        byService.values().forEach(entries::addAll);
        entries.sort(Comparator.comparing(Entry::at));
        return entries;
    }

    /** How many entries have been gathered so far. */
    public synchronized int gathered() {
        return arrived.size();
    }

    /** The entries gathered from the {@code from}th (counted from 0) to the {@code to}th, oldest first across the services. */
    public synchronized List<Entry> gathered(int from, int to) {
        List<Entry> entries = new ArrayList<>(arrived.subList(from, to));
        entries.sort(Comparator.comparing(Entry::at));
        return entries;
    }

    private void gather(Services services) {
        byService.forEach((service, entries) -> {
            long after = settled(entries);
            while (entries.size() < PER_SERVICE) {
                List<LabApi.HistoryEntry> page = services.lab(service).history(gameId, after, 0, PER_SERVICE).entries();
                for (LabApi.HistoryEntry entry : page) {
                    if (entries.size() < PER_SERVICE && held.add(service + "#" + entry.id())) {
                        Entry gathered = Entry.of(service, entry);
                        entries.add(gathered);
                        arrived.add(gathered);
                    }
                }
                if (page.size() < PER_SERVICE) {
                    break;
                }
                after = page.get(page.size() - 1).id();
            }
            entries.sort(Comparator.comparingLong(Entry::id));
        });
    }

    /** The id below which a service's entries are all here: the last one recorded {@link #LATE} before its newest. */
    private static long settled(List<Entry> entries) {
        if (entries.isEmpty()) {
            return 0;
        }
        Instant before = entries.get(entries.size() - 1).at().minus(LATE);
        for (int i = entries.size() - 1; i >= 0; i--) {
            if (entries.get(i).at().isBefore(before)) {
                return entries.get(i).id();
            }
        }
        return 0;
    }
}
