package dev.shootingrange.lab;

import java.util.Set;

import dev.shootingrange.contract.Problem;

/** What the lab's API refuses with a 400 before anything is switched, and why. */
final class LabRequests {

    private static final Set<String> TYPES = Set.of("FireAt", "MoveTarget", "Hit", "Missed");

    private LabRequests() {
    }

    static void checkChaos(String name, Object value) {
        if (name.endsWith("Rate")) {
            if (!(value instanceof Number rate) || rate.doubleValue() < 0 || rate.doubleValue() > 1) {
                throw Problem.badRequest(name + " must be a number from 0 to 1, was " + value);
            }
        } else if (name.equals("maxDelayMs")) {
            checkWhole(name, value, 0, 60_000);
        } else if (name.equals("inboxRetentionSeconds") && value != null) {
            checkWhole(name, value, 1, 30L * 24 * 3600);
        } else if (name.equals("seed") && value != null) {
            checkWhole(name, value, Long.MIN_VALUE, Long.MAX_VALUE);
        }
    }

    private static void checkWhole(String name, Object value, long min, long max) {
        if (!(value instanceof Integer || value instanceof Long)
                || ((Number) value).longValue() < min || ((Number) value).longValue() > max) {
            throw Problem.badRequest(name + " must be a whole number from " + min + " to " + max + ", was " + value);
        }
    }

    static void requireBody(Object body) {
        if (body == null) {
            throw Problem.badRequest("request body is required");
        }
    }

    static void requireType(String type) {
        if (!TYPES.contains(type)) {
            throw Problem.badRequest("type must be one of " + TYPES.stream().sorted().toList() + ", was " + type);
        }
    }
}
