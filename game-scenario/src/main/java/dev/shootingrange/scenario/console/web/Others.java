package dev.shootingrange.scenario.console.web;

/** The other services' parts of a view and the checker's verdict, read together. */
record Others(Object range, Object board, Object consistency) {
}
