package dev.shootingrange.scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The matrix as docs/strategies.md shows it ("The matrix: what survives which fault"), read so that a
 * run can be held to every cell. A cell is {@code ✔} (the rule the story is about held) or {@code ✘}
 * (it broke), then what the story observed ({@code CONFLICT}, {@code 2 hits}), or, for a story about all
 * four rules, the rule the checker found broken ({@code counted-once}), with a count
 * {@code N-M shots counted of K}: K is each player's distinct attempts, and every count the checker
 * reports is over it, while N-M are the figures of the run the page quotes. {@code (also r1, r2)} names
 * the other rules broken in that game, all of them (a cell without it: none); {@code (also r: text)}
 * adds something observed.
 */
final class MatrixPage {

    static final Set<String> RULES = Set.of("one-outcome-per-attempt", "counted-once", "nothing-lost",
            "same-copy-on-redelivery");

    record Cell(String text, boolean held, String shown, Set<String> also, String alsoShown) {
    }

    /** The table: its strategies in column order, its rows by story, and the count of runs the page quotes. */
    record Table(List<String> strategies, Map<String, List<Cell>> rows, int runs) {
    }

    private static final Pattern CELL = Pattern.compile("([✔✘])\\s*(.*?)\\s*(?:\\(also ([^:)]+)(?::\\s*([^)]*))?\\))?");
    private static final Pattern RULE_COUNT = Pattern.compile("([a-z-]+)(?:: \\d+-\\d+ shots counted of (\\d+))?");
    private static final Pattern COUNTED = Pattern.compile("counts (\\d+) shots .*distinct attempts are (\\d+) with an outcome");
    private static final Pattern RUNS = Pattern.compile("From a run on [\\d-]+ \\((\\d+) runs in ");

    private MatrixPage() {
    }

    static Table read(Path page) throws IOException {
        List<String> strategies = List.of();
        Map<String, List<Cell>> rows = new LinkedHashMap<>();
        int runs = -1;
        boolean inMatrix = false;
        for (String line : Files.readAllLines(page)) {
            if (line.startsWith("## ")) {
                inMatrix = line.startsWith("## The matrix");
            } else if (inMatrix && RUNS.matcher(line).find()) {
                Matcher count = RUNS.matcher(line);
                count.find();
                runs = Integer.parseInt(count.group(1));
            } else if (inMatrix && line.startsWith("| story ")) {
                strategies = columns(line).subList(1, columns(line).size()).stream().map(s -> s.replace("`", "")).toList();
            } else if (inMatrix && line.startsWith("| ") && !line.startsWith("| ---")) {
                List<String> columns = columns(line);
                rows.put(columns.get(0).split(" ")[0], columns.subList(1, columns.size()).stream().map(MatrixPage::cell).toList());
            }
        }
        return new Table(strategies, rows, runs);
    }

    static Cell cell(String text) {
        Matcher cell = CELL.matcher(text);
        if (!cell.matches()) {
            throw new IllegalArgumentException("not a matrix cell: " + text);
        }
        Set<String> also = cell.group(3) == null ? Set.of() : new TreeSet<>(Arrays.asList(cell.group(3).strip().split(",\\s*")));
        return new Cell(text, cell.group(1).equals("✔"), cell.group(2), also, cell.group(4) == null ? "" : cell.group(4).strip());
    }

    /** What the run's cell (as the matrix's view gives it) breaks of what the page's cell says; empty where it keeps all. */
    static List<String> broken(Cell page, Map<String, Object> run) {
        List<String> broken = new ArrayList<>();
        String observed = String.valueOf(run.get("observed"));
        @SuppressWarnings("unchecked")
        List<String> violations = (List<String>) run.get("violations");
        @SuppressWarnings("unchecked")
        Set<String> also = new TreeSet<>((List<String>) run.get("alsoBroken"));
        if (page.held() != (Boolean) run.get("held")) {
            broken.add(page.held() ? "held" : "broke");
        }
        Matcher rule = RULE_COUNT.matcher(page.shown());
        if (rule.matches() && RULES.contains(rule.group(1))) {
            List<String> ofRule = violations.stream().filter(v -> v.startsWith(rule.group(1) + ": ")).toList();
            if (ofRule.isEmpty()) {
                broken.add(rule.group(1) + " broken");
            }
            if (rule.group(2) != null && !ofRule.stream().allMatch(v -> countedOver(v, Integer.parseInt(rule.group(2))))) {
                broken.add("every count over " + rule.group(2) + " shots of " + rule.group(2) + ": " + ofRule);
            }
        } else if (!observed.contains(page.shown())) {
            broken.add("observed '" + page.shown() + "'");
        }
        if (!also.equals(page.also())) {
            broken.add("also " + page.also() + " (the run: " + also + ")");
        }
        if (!observed.contains(page.alsoShown())) {
            broken.add("observed '" + page.alsoShown() + "'");
        }
        return broken;
    }

    private static boolean countedOver(String violation, int attempts) {
        Matcher counted = COUNTED.matcher(violation);
        return counted.find() && Integer.parseInt(counted.group(2)) == attempts && Integer.parseInt(counted.group(1)) > attempts;
    }

    private static List<String> columns(String line) {
        String inner = line.strip();
        inner = inner.substring(1, inner.length() - 1);
        return Arrays.stream(inner.split("\\|")).map(String::strip).toList();
    }
}
