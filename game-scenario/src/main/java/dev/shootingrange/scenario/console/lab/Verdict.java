package dev.shootingrange.scenario.console.lab;

import java.util.List;

/**
 * The checker's verdict on one game: each of the contract's four rules ({@link Consistency}), and
 * whether all of them hold. {@code historyComplete}: every copy that crossed the wire was in the
 * history judged. Where it is false, a row of the history was let go, was still on its way, or was lost
 * with a process that stopped before writing it: a duplicate may go unseen. {@code missingFromHistory}
 * names the outcomes the scenario's own table shows handled and the history lacks (decision 31).
 */
public record Verdict(String gameId, boolean consistent, List<Verdict.Rule> rules, boolean historyComplete,
        List<String> missingFromHistory) {

    public enum Status {
        OK, VIOLATED,
        /** Not broken yet, not proven either: shots are still on their way. */
        PENDING
    }

    public record Rule(String rule, Status status, String meaning, List<String> violations) {
    }

    public Verdict withHistoryComplete(boolean complete) {
        return new Verdict(gameId, consistent, rules, historyComplete && complete, missingFromHistory);
    }
}
