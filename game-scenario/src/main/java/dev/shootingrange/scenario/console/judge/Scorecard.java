package dev.shootingrange.scenario.console.judge;

import dev.shootingrange.scenario.console.lab.experiments.Playbook;

/**
 * One consumer's round: after each fault the lab plays, what its board showed against what the range
 * decided. Counting more than decided breaks "counted-once" for good (a count once added does not go
 * away) and names the fault it followed; counting less is judged at the end only, since a consumer may
 * simply be behind. A board that is one of the lab's own services is refused: never read, never scored;
 * one that says so only when read (an address the judge could not tell from the lab's) is refused then.
 */
final class Scorecard {

    /** The contract's rules 2 and 3, by the names the experiments give them. */
    static final String COUNTED_ONCE = Playbook.COUNTED_ONCE;
    static final String NOTHING_LOST = Playbook.NOTHING_LOST;

    /**
     * A rule: held, or broken, by which fault and how; {@code evidence}, the reading the verdict rests on:
     * each player's counts beside what the range decided.
     */
    record Rule(String name, boolean held, String brokenBy, String evidence) {
    }

    /** What the console shows of one consumer; {@code refused}, why it was not judged, or null. */
    record View(String name, String board, int shotsSeen, int hitsCounted, int shotsDecided, int hitsDecided,
            int copiesPlayed, int copiesAbsorbed, Rule countedOnce, Rule nothingLost, String problem, String refused) {
    }

    private final Consumer consumer;
    private String refused;
    private Tally shown = Tally.EMPTY;
    private Tally decided = Tally.EMPTY;
    private int copies;
    private int readings;
    private String lastFault;
    private Rule countedTwice;
    private Rule lost;
    private String problem;

    Scorecard(Consumer consumer) {
        this(consumer, null);
    }

    /** @param refused why its board may not be judged (one of the lab's own services), or null */
    Scorecard(Consumer consumer, String refused) {
        this.consumer = consumer;
        this.refused = refused;
    }

    Consumer consumer() {
        return consumer;
    }

    synchronized boolean refused() {
        return refused != null;
    }

    /** Its board answered as one of the lab's own services: nothing it showed counts. */
    synchronized void refuse(String why) {
        this.refused = why;
        this.shown = Tally.EMPTY;
        this.countedTwice = null;
    }

    /** Whether its board, as last read, shows every shot decided so far; a refused one is not waited for. */
    synchronized boolean caughtUp(Tally decidedSoFar) {
        return refused() || problem == null && shown.caughtUpWith(decidedSoFar);
    }

    /** Its board as read after {@code fault}, with {@code copies} copies played in the round so far. */
    synchronized void read(String fault, Tally decidedSoFar, int copies, Tally board) {
        this.shown = board;
        this.decided = decidedSoFar;
        this.copies = copies;
        this.problem = null;
        this.readings++;
        this.lastFault = fault;
        String over = board.over(decidedSoFar);
        if (countedTwice == null && over != null) {
            countedTwice = new Rule(COUNTED_ONCE, false, "after " + fault + ": " + over, "after " + fault + ": "
                    + board.against(decidedSoFar));
        }
    }

    /** Its board could not be read after {@code fault}: why, as a category the whole room may see. */
    synchronized void unreadable(String fault, Tally decidedSoFar, int copies, Unreadable why) {
        this.decided = decidedSoFar;
        this.copies = copies;
        this.problem = "after " + fault + " its board could not be read: " + why;
    }

    /** The round is over: whatever its board still lacks is lost. */
    synchronized void finish() {
        String under = problem != null ? problem : shown.under(decided);
        if (under != null && !refused()) {
            lost = new Rule(NOTHING_LOST, false, under, problem != null ? problem : "at the end: " + shown.against(decided));
        }
    }

    synchronized View view() {
        // Each copy a consumer counts is one shot more than decided: the others it absorbed.
        int counted = Math.max(0, shown.shots() - decided.shots());
        return new View(consumer.name(), consumer.board().toString(), shown.shots(), shown.hits(), decided.shots(),
                decided.hits(), copies, Math.max(0, copies - counted), countedOnce(), nothingLost(), problem, refused);
    }

    private Rule countedOnce() {
        if (refused()) {
            return notJudged(COUNTED_ONCE);
        }
        return countedTwice != null ? countedTwice : new Rule(COUNTED_ONCE, true, null, readings == 0 ? "not read yet"
                : readings + " reading(s), none above what the range decided; the last after " + lastFault + ": "
                        + shown.against(decided));
    }

    private Rule nothingLost() {
        if (refused()) {
            return notJudged(NOTHING_LOST);
        }
        return lost != null ? lost : new Rule(NOTHING_LOST, true, null, readings == 0 ? "not read yet"
                : "the last reading, after " + lastFault + ": " + shown.against(decided));
    }

    /** A refused board earns no rule: neither held nor broken by anything it counted. */
    private Rule notJudged(String rule) {
        return new Rule(rule, false, "not judged: " + refused, refused);
    }
}
