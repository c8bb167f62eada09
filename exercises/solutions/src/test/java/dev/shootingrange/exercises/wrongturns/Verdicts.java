package dev.shootingrange.exercises.wrongturns;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/** What an exercise's tests said of a wrong turn: the tests a failed assertion caught it in, and any other failure. */
final class Verdicts implements TestExecutionListener {

    private final Map<String, String> caught = new TreeMap<>();
    private final Map<String, String> errors = new TreeMap<>();

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (result.getStatus() != TestExecutionResult.Status.FAILED) {
            return;
        }
        Throwable failure = result.getThrowable().orElseThrow();
        String name = test.getSource().filter(MethodSource.class::isInstance).map(MethodSource.class::cast)
                .map(method -> method.getJavaClass().getSimpleName() + "." + method.getMethodName())
                .orElse(test.getDisplayName());
        Throwable assertion = failure;
        while (assertion != null && !(assertion instanceof AssertionError)) {
            // An assertion that failed in a copy handled on another thread comes wrapped by its future.
            assertion = assertion.getCause();
        }
        if (assertion != null) {
            caught.put(name, firstLine(assertion));
        } else {
            errors.put(name, failure.getClass().getSimpleName() + ": " + firstLine(failure));
        }
    }

    private static String firstLine(Throwable failure) {
        return String.valueOf(failure.getMessage()).lines().findFirst().orElse("").strip();
    }

    Set<String> caught() {
        return caught.keySet();
    }

    @Override
    public String toString() {
        return caught.isEmpty() && errors.isEmpty() ? "every test passed" : "caught by " + caught + (errors.isEmpty() ? "" : ", errors " + errors);
    }
}
