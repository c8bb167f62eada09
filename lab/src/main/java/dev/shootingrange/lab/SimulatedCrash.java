package dev.shootingrange.lab;

import dev.shootingrange.exactlyonce.spi.Step;

/**
 * The lab's crash at a step: the work stops there as if the process had died. To the core it is an
 * ordinary failure; the lab's retry policy tries it again at once, as a restarted process would.
 */
public class SimulatedCrash extends RuntimeException {

    public SimulatedCrash(Step step) {
        super("simulated crash at " + step, null, false, false);
    }

    /** Whether this failure is (or was caused by) a simulated crash. */
    public static boolean in(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SimulatedCrash) {
                return true;
            }
        }
        return false;
    }
}
