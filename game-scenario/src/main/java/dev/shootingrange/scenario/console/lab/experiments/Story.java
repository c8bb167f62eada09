package dev.shootingrange.scenario.console.lab.experiments;

/**
 * What every story has: its name and explanation, and the {@link Playbook} it is played with. Stories
 * are singletons: a normal-scoped bean would need a no-argument constructor for its proxy.
 */
abstract class Story implements Experiment {

    protected final Playbook play;
    private final Description description;

    Story(Playbook play, String name, String explanation) {
        this.play = play;
        this.description = new Description(name, explanation);
    }

    @Override
    public Description description() {
        return description;
    }
}
