package dev.shootingrange.scenario.console.web;

import java.util.List;
import java.util.UUID;

/** What a read of a game's own part took to read: all of it, or the target and the shots named. */
record OwnRead(long read, boolean whole, boolean target, List<UUID> shots) {
}
