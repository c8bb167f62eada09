package dev.shootingrange.scenario.console.lab.experiments;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import jakarta.inject.Singleton;

import dev.shootingrange.exactlyonce.outbox.OutboxMessage;
import dev.shootingrange.lab.Lab;
import dev.shootingrange.scenario.console.lab.BrokerManagement;
import dev.shootingrange.scenario.console.services.Services;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * No chaos switch at all: the broker makes the copies. In the middle of a burst it closes every client
 * connection, as a node does to its clients when it fails (a queue's leader moving with it): every
 * delivery not yet acknowledged comes back redelivered, those being handled at that moment included,
 * whose handling then commits while their ack is lost; and a publication whose confirm was lost is
 * published again by its outbox.
 */
@Singleton
class BrokerDuplicates extends Story {

    private static final int BURSTS = 3;
    private static final int SHOTS_PER_BURST = 60;
    private static final int PLAYERS = 4;

    private final BrokerManagement broker;

    BrokerDuplicates(Playbook play, BrokerManagement broker) {
        super(play, "broker-duplicates", "The broker sends copies itself: three times in the middle of a burst it"
                + " closes every client's connection, as a failing node does, and the deliveries not yet acknowledged"
                + " come back redelivered. The inboxes drop the copies of what was handled; without them a shot may be"
                + " decided or counted twice. Needs RabbitMQ's management API.");
        this.broker = broker;
    }

    @Override
    public Report run(Run run) {
        Map<String, Map<String, Object>> settings = new LinkedHashMap<>();
        settings.putAll(play.protect(run.protect(), Services.SHOOTING_RANGE, Lab.INBOX));
        settings.putAll(play.protect(run.protect(), Services.LEADER_BOARD, Lab.INBOX, Lab.ATTEMPT_DEDUP));
        settings.putAll(play.protect(run.protect(), Services.GAME_SCENARIO, Lab.INBOX));
        String gameId = play.newGame(42);
        Set<String> closed = new HashSet<>();
        // Each service publishes on one connection and consumes on another. A fixed count, not the last
        // cut's: a cut may also close a connection that does not come back (another client's), and a
        // target grown by it would wait for a connection that never comes.
        int everyConnection = 2 * Services.ALL.size();
        for (int burst = 0; burst < BURSTS; burst++) {
            // The broker lists a connection at its next statistics round, seconds after it opened: a cut
            // before the services' connections are listed (new ones after a switch restarted a consumer,
            // or after the last cut) would miss them.
            Waits.await("the services' connections in the broker's list", () -> broker.connections().stream()
                    .filter(name -> !closed.contains(name)).count() >= everyConnection);
            // The whole burst is committed at once, so its outbox publishes it at once: the range has a backlog
            // in its hands, however fast it handles, and is in the middle of it when the broker cuts.
            QuarkusTransaction.requiringNew().run(() -> {
                for (int shot = 0; shot < SHOTS_PER_BURST; shot++) {
                    play.fire(gameId, "player-" + shot % PLAYERS, shot / PLAYERS % 2 == 0 ? 42 : 7);
                }
            });
            // The cut comes once the broker has confirmed the burst: the range has just taken its prefetch and
            // is handling the first shots. (Its history, written in batches, would say so too late: on a fast
            // day the burst is over by then and the cut finds nothing in its hands.)
            Waits.await("the burst on the range's queue",
                    () -> QuarkusTransaction.requiringNew().call(OutboxMessage::pending) == 0);
            closed.addAll(broker.closeEveryConnection("the broker-duplicates experiment"));
        }
        play.awaitQuiet(gameId);
        long redelivered = 0;
        long dropped = 0;
        for (String service : Services.ALL) {
            redelivered += play.records().received(service, gameId, entry -> entry.redelivered());
            dropped += play.records().received(service, gameId, entry -> entry.disposition().equals("DUPLICATE"));
        }
        return play.report("broker-duplicates", null, gameId, run.protect(), settings,
                "all four rules hold with the protections on; off, a copy of a message handled before its ack was lost"
                        + " is handled again",
                "%d connections closed by the broker in %d cuts; it redelivered %d deliveries, the inboxes dropped %d copies"
                        .formatted(closed.size(), BURSTS, redelivered, dropped));
    }
}
