package dev.shootingrange.lab;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import dev.shootingrange.contract.GameReads;
import dev.shootingrange.contract.LargeReads;
import dev.shootingrange.contract.Problem;
import dev.shootingrange.contract.Rules;
import dev.shootingrange.lab.LabApi.HistoryEntry;
import dev.shootingrange.lab.LabApi.HistoryPage;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * The message history as the lab's API pages it: read once the rows on their way are written, and
 * said to be incomplete where a row was let go. Apart from the switches, since it reads the database.
 */
final class HistoryPages {

    private final HistoryWriter history;
    private final LargeReads largeReads;
    private final String service;

    HistoryPages(HistoryWriter history, LargeReads largeReads, String service) {
        this.history = history;
        this.largeReads = largeReads;
        this.service = service;
    }

    /** Every copy this service received for the game and everything it published, oldest first. */
    HistoryPage history(String gameId, long after, int page, int size) {
        Rules.checkGameId(gameId);
        checkPage(after, page, size);
        boolean written = history.flush(HistoryWriter.READ_WAIT);
        // Taken after the wait for the writer: rows are held only while read and written.
        largeReads.admit(size * LargeReads.HISTORY_ENTRY);
        List<HistoryEntry> entries = QuarkusTransaction.requiringNew().call(() -> MessageHistory.ofGame(gameId, after, page, size));
        return page(gameId, page, size, entries, written);
    }

    List<HistoryPage> histories(List<String> gameIds, List<Long> after, int size) {
        Rules.checkGameIds(gameIds);
        List<Long> from = after == null || after.isEmpty() ? Collections.nCopies(gameIds.size(), 0L) : after;
        if (from.size() != gameIds.size()) {
            throw Problem.badRequest("one after for each gameId, or none: " + gameIds.size() + " gameIds, " + from.size() + " afters");
        }
        from.forEach(afterId -> checkPage(afterId, 0, size));
        // One answer carries at most as many entries as a game carries rows: its pages are made smaller
        // where the games asked for would carry more, and say so in their size.
        int pageSize = Math.max(1, Math.min(size, GameReads.MAX_ROWS_OF_A_GAME / gameIds.size()));
        boolean written = history.flush(HistoryWriter.READ_WAIT);
        largeReads.admit(gameIds.size() * pageSize * LargeReads.HISTORY_ENTRY);
        // One transaction, one connection from the pool, for all of them.
        return QuarkusTransaction.requiringNew().call(() -> {
            List<HistoryPage> pages = new ArrayList<>(gameIds.size());
            for (int i = 0; i < gameIds.size(); i++) {
                pages.add(page(gameIds.get(i), 0, pageSize, MessageHistory.ofGame(gameIds.get(i), from.get(i), 0, pageSize), written));
            }
            return pages;
        });
    }

    private HistoryPage page(String gameId, int page, int size, List<HistoryEntry> entries, boolean written) {
        long dropped = history.dropped();
        return new HistoryPage(gameId, service, page, size, entries, dropped, written && dropped == 0);
    }

    private static void checkPage(Long after, int page, int size) {
        if (after == null || after < 0 || page < 0 || size < 1 || size > 1000) {
            throw Problem.badRequest("after and page must be 0 or more and size from 1 to 1000");
        }
    }
}
