package dev.shootingrange.scenario.console.judge;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** Shots and hits per player in one game: what the range decided, or what a consumer's board shows. */
record Tally(Map<String, Score> players) {

    record Score(int shots, int hits) {

        static final Score NONE = new Score(0, 0);
    }

    static final Tally EMPTY = new Tally(Map.of());

    Tally {
        players = Map.copyOf(players);
    }

    Score of(String player) {
        return players.getOrDefault(player, Score.NONE);
    }

    /** This tally with one more shot of the player's, a hit or not. */
    Tally plus(String player, boolean hit) {
        Map<String, Score> next = new TreeMap<>(players);
        Score score = of(player);
        next.put(player, new Score(score.shots() + 1, score.hits() + (hit ? 1 : 0)));
        return new Tally(next);
    }

    int shots() {
        return players.values().stream().mapToInt(Score::shots).sum();
    }

    int hits() {
        return players.values().stream().mapToInt(Score::hits).sum();
    }

    /** Whether every shot of {@code decided} shows here: then a consumer has read at least that far. */
    boolean caughtUpWith(Tally decided) {
        return decided.players.entrySet().stream().allMatch(each -> of(each.getKey()).shots() >= each.getValue().shots());
    }

    /** The first player counted more than decided, worded; null where none is. */
    String over(Tally decided) {
        return first(decided, true);
    }

    /** The first player counted less than decided, worded; null where none is. */
    String under(Tally decided) {
        return first(decided, false);
    }

    /** Every player's counts beside what the range decided, worded: the evidence behind a verdict. */
    String against(Tally decided) {
        Set<String> everyone = everyone(decided);
        return everyone.isEmpty() ? "no shot shown or decided" : everyone.stream()
                .map(player -> player + " at " + of(player).hits() + " hits in " + of(player).shots() + " shots (decided "
                        + decided.of(player).hits() + " in " + decided.of(player).shots() + ")")
                .collect(Collectors.joining(", "));
    }

    private String first(Tally decided, boolean more) {
        for (String player : everyone(decided)) {
            Score shown = of(player);
            Score truth = decided.of(player);
            boolean differs = more ? shown.shots() > truth.shots() || shown.hits() > truth.hits()
                    : shown.shots() < truth.shots() || shown.hits() < truth.hits();
            if (differs) {
                return player + " at " + shown.hits() + " hits in " + shown.shots() + " shots where the range decided "
                        + truth.hits() + " in " + truth.shots();
            }
        }
        return null;
    }

    /** The players shown here or decided, in name order. */
    private Set<String> everyone(Tally decided) {
        Set<String> everyone = new TreeSet<>(decided.players.keySet());
        everyone.addAll(players.keySet());
        return everyone;
    }
}
