package dev.shootingrange.scenario.console.lab.experiments;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;

import org.jboss.logging.Logger;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.exactlyonce.observe.Printable;
import dev.shootingrange.scenario.console.lab.Verdict;
import dev.shootingrange.scenario.console.services.Services;
import io.quarkus.arc.Arc;
import io.quarkus.arc.ManagedContext;

/**
 * Every story against every strategy: the same fault, and what each way to exactly-once makes of it.
 * One matrix runs at a time, in the background (some minutes); its view fills in cell by cell.
 */
@ApplicationScoped
public class Matrix {

    private static final Logger LOG = Logger.getLogger(Matrix.class);

    public enum State {
        NOT_RUN, RUNNING, DONE
    }

    /**
     * One story under one strategy: {@code held} where the rule it is about held; {@code alsoBroken}, the
     * other rules the checker found broken in its game (not those the story's fault breaks by itself);
     * {@code error} where it could not run; {@code historyComplete} false where it was judged on a history
     * with a hole in it.
     */
    public record Cell(String experiment, String strategy, String gameId, boolean held, String observed,
            List<String> violations, List<String> alsoBroken, String error, boolean historyComplete) {
    }

    public record View(State state, List<String> experiments, List<String> strategies, List<Cell> cells,
            Instant startedAt, Instant finishedAt) {
    }

    private final Experiments experiments;
    private final Services services;
    private volatile View view = new View(State.NOT_RUN, List.of(), List.of(), List.of(), null, null);

    Matrix(Experiments experiments, Services services) {
        this.experiments = experiments;
        this.services = services;
    }

    public View view() {
        return view;
    }

    /** The range's strategies, in its order. */
    public List<String> strategies() {
        return services.lab(Services.SHOOTING_RANGE).lab().strategies();
    }

    /**
     * Starts a matrix of these stories and strategies (null or empty: all of them).
     *
     * @throws Problem 409 while one runs, 400 for a name that is not a story or a strategy
     */
    public synchronized View start(List<String> storyNames, List<String> strategyNames) {
        if (view.state() == State.RUNNING) {
            throw new Problem(Response.Status.CONFLICT, "a matrix is running already (" + view.cells().size() + " of "
                    + view.experiments().size() * view.strategies().size() + " cells done); wait for it to finish");
        }
        List<String> allStories = experiments.descriptions().stream().map(Experiment.Description::name).toList();
        List<String> stories = chosen(storyNames, allStories, "experiment");
        List<String> strategies = chosen(strategyNames, strategies(), "strategy");
        view = new View(State.RUNNING, stories, strategies, List.of(), Instant.now(), null);
        Thread runner = new Thread(() -> runAll(stories, strategies), "experiment-matrix");
        runner.setDaemon(true);
        runner.start();
        return view;
    }

    /** The names asked for, each once, in the order first asked: a name repeated runs its cells once. */
    static List<String> chosen(List<String> names, List<String> known, String what) {
        if (names == null || names.isEmpty()) {
            return known;
        }
        names.stream().filter(name -> !known.contains(name)).findFirst().ifPresent(unknown -> {
            throw Problem.badRequest("no " + what + " '" + Printable.line(unknown) + "'; there are " + known);
        });
        return names.stream().distinct().toList();
    }

    public boolean running() {
        return view.state() == State.RUNNING;
    }

    private void runAll(List<String> stories, List<String> strategies) {
        List<Cell> cells = new ArrayList<>();
        try {
            for (String story : stories) {
                Experiment experiment = experiments.named(story).orElseThrow();
                for (String strategy : strategies) {
                    cells.add(run(experiment, strategy));
                    view = new View(State.RUNNING, stories, strategies, List.copyOf(cells), view.startedAt(), null);
                }
            }
        } finally {
            // Whatever stopped it, a matrix that no longer runs must not keep the next one out.
            view = new View(State.DONE, stories, strategies, List.copyOf(cells), view.startedAt(), Instant.now());
        }
    }

    private Cell run(Experiment experiment, String strategy) {
        String name = experiment.description().name();
        // The stories read the scenario's database as an HTTP request would: give them its context.
        ManagedContext requestContext = Arc.container().requestContext();
        requestContext.activate();
        try {
            Experiment.Report report = experiments.run(experiment, new Experiment.Run(false, 1, 20, strategy));
            List<String> alsoBroken = report.consistency().rules().stream()
                    .filter(rule -> rule.status() == Verdict.Status.VIOLATED && report.rule() != null
                            && !rule.rule().equals(report.rule()))
                    .filter(rule -> !experiment.brokenByItsFault().contains(rule.rule()))
                    .map(Verdict.Rule::rule).toList();
            return new Cell(name, strategy, report.gameId(), report.violations().isEmpty(), report.observed(),
                    report.violations(), alsoBroken, null, report.consistency().historyComplete());
        } catch (RuntimeException e) {
            LOG.warnf("matrix: %s under %s could not run: %s", name, strategy, e.getMessage());
            return new Cell(name, strategy, null, false, null, List.of(), List.of(), String.valueOf(e.getMessage()), true);
        } finally {
            requestContext.terminate();
        }
    }
}
