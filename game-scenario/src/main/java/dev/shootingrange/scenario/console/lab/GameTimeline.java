package dev.shootingrange.scenario.console.lab;

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
import dev.shootingrange.scenario.console.services.Services;

/**
 * A game's timeline as gathered so far. Each catch-up asks every service only for the entries recorded
 * lately: a long game costs a view what happened since the view before, not all of it again. Kept
 * while the game is watched ({@link WatchedGames}); a game nobody watches gathers it anew.
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
    private final Map<String, List<TimelineEntry>> byService = new LinkedHashMap<>();
    private final Set<String> held = new HashSet<>();
    /** Every entry in the order it was gathered: a live feed sends on only those it has not sent yet. */
    private final List<TimelineEntry> arrived = new ArrayList<>();

    GameTimeline(String gameId) {
        this.gameId = gameId;
        Services.ALL.forEach(service -> byService.put(service, new ArrayList<>()));
    }

    /** The game's timeline, kept while the game is watched. */
    public static GameTimeline of(WatchedGames live, String gameId) {
        return live.keptWhileWatched(gameId, GameTimeline.class, () -> new GameTimeline(gameId));
    }

    /** Asks each service for what is new, and answers every entry so far, oldest first across the services. */
    public synchronized List<TimelineEntry> catchUp(Services services) {
        gather(services);
        List<TimelineEntry> entries = new ArrayList<>();
        byService.values().forEach(entries::addAll);
        entries.sort(Comparator.comparing(TimelineEntry::at));
        return entries;
    }

    /** How many entries have been gathered so far. */
    public synchronized int gathered() {
        return arrived.size();
    }

    /** The entries gathered from the {@code from}th (counted from 0) to the {@code to}th, oldest first across the services. */
    public synchronized List<TimelineEntry> gathered(int from, int to) {
        List<TimelineEntry> entries = new ArrayList<>(arrived.subList(from, to));
        entries.sort(Comparator.comparing(TimelineEntry::at));
        return entries;
    }

    /**
     * Catches up many games' timelines with one request to each service for all of them: a console
     * watching many games asks once a round, not once per game. A game with more than a page waiting at
     * a service gets the rest on its own.
     */
    public static void catchUp(Services services, List<GameTimeline> timelines) {
        for (String service : Services.ALL) {
            List<GameTimeline> asking = new ArrayList<>();
            List<String> gameIds = new ArrayList<>();
            List<Long> after = new ArrayList<>();
            for (GameTimeline timeline : timelines) {
                long from = timeline.askAfter(service);
                if (from >= 0) {
                    asking.add(timeline);
                    gameIds.add(timeline.gameId);
                    after.add(from);
                }
            }
            if (asking.isEmpty()) {
                continue;
            }
            List<LabApi.HistoryPage> pages = services.lab(service).histories(gameIds, after, PER_SERVICE);
            for (int i = 0; i < asking.size(); i++) {
                GameTimeline timeline = asking.get(i);
                List<LabApi.HistoryEntry> page = pages.get(i).entries();
                // A page of many games may be smaller than asked (a service bounds one answer): its size says.
                if (timeline.take(service, page, pages.get(i).size())) {
                    timeline.gather(services, service, page.get(page.size() - 1).id());
                }
            }
        }
    }

    private void gather(Services services) {
        byService.keySet().forEach(service -> {
            long after = askAfter(service);
            if (after >= 0) {
                gather(services, service, after);
            }
        });
    }

    /** Asks one service page by page from {@code after} on, until a page is not full or the timeline is. */
    private void gather(Services services, String service, long after) {
        for (List<LabApi.HistoryEntry> page;
                take(service, page = services.lab(service).history(gameId, after, 0, PER_SERVICE).entries(), PER_SERVICE);) {
            after = page.get(page.size() - 1).id();
        }
    }

    /** The id after which to ask a service for what is new; -1 where the timeline holds all it shows of it. */
    private synchronized long askAfter(String service) {
        List<TimelineEntry> entries = byService.get(service);
        return entries.size() < PER_SERVICE ? settled(entries) : -1;
    }

    /** Takes in a page of a service's history; answers whether more may be waiting (a full page, and room left). */
    private synchronized boolean take(String service, List<LabApi.HistoryEntry> page, int pageSize) {
        List<TimelineEntry> entries = byService.get(service);
        for (LabApi.HistoryEntry entry : page) {
            if (entries.size() < PER_SERVICE && held.add(service + "#" + entry.id())) {
                TimelineEntry gathered = TimelineEntry.of(service, entry);
                entries.add(gathered);
                arrived.add(gathered);
            }
        }
        entries.sort(Comparator.comparingLong(TimelineEntry::id));
        return page.size() == pageSize && entries.size() < PER_SERVICE;
    }

    /** The id below which a service's entries are all here: the last one recorded {@link #LATE} before its newest. */
    private static long settled(List<TimelineEntry> entries) {
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
