package dev.shootingrange.lab;

/** A fault armed for the next message of one type, at one of {@link Lab#FAULTS}. */
public record ArmedFault(String point, String type) {
}
