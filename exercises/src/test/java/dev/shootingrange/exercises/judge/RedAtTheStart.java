package dev.shootingrange.exercises.judge;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.LifecycleMethodExecutionExceptionHandler;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

/**
 * How the build judges an exercise's starting point: with {@code exercises.expect=red} (the
 * exercises module's own build) a failed assertion is what the starting point must show, and the
 * exercise fails only where none of its tests failed so: a starting point that passes has nothing
 * left to write. Any other exception is no verdict (a starting point that does not run, a server
 * that does not answer) and fails the build as it is. With {@code exercises.expect=green} (the solutions' build, and a participant checking
 * their code) this does nothing, and every test must pass as written.
 */
public final class RedAtTheStart implements TestExecutionExceptionHandler, LifecycleMethodExecutionExceptionHandler,
        AfterAllCallback {

    private static final ExtensionContext.Namespace RED = ExtensionContext.Namespace.create(RedAtTheStart.class);

    static boolean expectRed() {
        return System.getProperty("exercises.expect", "green").equals("red");
    }

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
        red(context, failure);
    }

    @Override
    public void handleBeforeEachMethodExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
        red(context, failure);
    }

    private static void red(ExtensionContext context, Throwable failure) throws Throwable {
        if (!expectRed() || !(failure instanceof AssertionError)) {
            throw failure;
        }
        String line = context.getRequiredTestClass().getSimpleName() + "." + context.getDisplayName()
                + " is red, as it must be at the start: " + String.valueOf(failure.getMessage()).lines().findFirst().orElse("");
        System.out.println(line);
        failuresOf(context).add(line);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (expectRed() && failuresOf(context).isEmpty()) {
            throw new AssertionError("The starting point of " + context.getRequiredTestClass().getSimpleName()
                    + " passes every test of its exercise: there is nothing left to write. A starting point must be red.");
        }
    }

    @SuppressWarnings("unchecked")
    private static List<String> failuresOf(ExtensionContext context) {
        ExtensionContext exercise = context;
        while (exercise.getTestMethod().isPresent()) {
            // A parameterized test's invocation sits under its method, which sits under the class.
            exercise = exercise.getParent().orElseThrow();
        }
        return exercise.getStore(RED).getOrComputeIfAbsent("failures", key -> new ArrayList<String>(), List.class);
    }
}
