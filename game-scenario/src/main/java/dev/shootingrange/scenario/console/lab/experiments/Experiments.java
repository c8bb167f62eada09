package dev.shootingrange.scenario.console.lab.experiments;

import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.shootingrange.scenario.console.services.Services;

/** The stories, in the order the console lists them; one runs at a time, on a lab reset before and after. */
@ApplicationScoped
public class Experiments {

    private final List<Experiment> all;
    private final Services services;
    private final Playbook play;

    Experiments(AlternativeWorlds alternativeWorlds, DoubleCount doubleCount, NewIdSameAttempt newIdSameAttempt,
            LostShot lostShot, Ghost ghost, LateDuplicate lateDuplicate, LateShotCopy lateShotCopy,
            ShotCopiedUnderANewId shotCopyNewId, SameAnswer sameAnswer, BrokerDuplicates brokerDuplicates, Storm storm,
            Services services, Playbook play) {
        this.all = List.of(alternativeWorlds, doubleCount, newIdSameAttempt, lostShot, ghost, lateDuplicate, lateShotCopy,
                shotCopyNewId, sameAnswer, brokerDuplicates, storm);
        this.services = services;
        this.play = play;
    }

    public List<Experiment.Description> descriptions() {
        return all.stream().map(Experiment::description).toList();
    }

    public Optional<Experiment> named(String name) {
        return all.stream().filter(experiment -> experiment.description().name().equals(name)).findFirst();
    }

    /** Experiments change the lab of every service, so they run one at a time. */
    public synchronized Experiment.Report run(Experiment experiment, Experiment.Run run) {
        services.resetEverywhere();
        try {
            play.useStrategy(run.strategy());
            return experiment.run(run);
        } finally {
            play.useStrategy(null);
            services.resetEverywhere();
        }
    }

    /** Replays change the lab of every service too: the same one-at-a-time. */
    synchronized <T> T exclusively(java.util.function.Supplier<T> work) {
        services.resetEverywhere();
        try {
            return work.get();
        } finally {
            services.resetEverywhere();
        }
    }
}
