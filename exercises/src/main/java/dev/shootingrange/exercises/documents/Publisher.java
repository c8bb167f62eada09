package dev.shootingrange.exercises.documents;

/** The broker, as the board sends on it: a message published is out, whatever happens next. */
@FunctionalInterface
public interface Publisher {

    void publish(ScoreChanged message);
}
