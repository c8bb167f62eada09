package dev.shootingrange.scenario.lab.experiments;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.inject.Singleton;

import dev.shootingrange.lab.Lab;
import io.quarkus.narayana.jta.QuarkusTransaction;
import dev.shootingrange.scenario.lab.BrokerManagement;
import dev.shootingrange.scenario.services.Services;

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
    /** The services recover a lost connection every 2 s: the next burst finds them back. */
    private static final Duration RECOVERY = Duration.ofSeconds(3);

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
        int closed = 0;
        for (int burst = 0; burst < BURSTS; burst++) {
            // Counted before the burst: the copies of earlier cuts are in the history too.
            long takenBefore = play.received(Services.SHOOTING_RANGE, gameId, entry -> entry.type().equals("FireAt"));
            // The whole burst is committed at once, so its outbox publishes it at once: the range has a backlog
            // in its hands, however fast it handles, and is always in the middle of one when the broker cuts.
            // (Shots fired one by one may be handled as fast as they come, and then a cut finds nothing.)
            QuarkusTransaction.requiringNew().run(() -> {
                for (int shot = 0; shot < SHOTS_PER_BURST; shot++) {
                    play.fire(gameId, "player-" + shot % PLAYERS, shot / PLAYERS % 2 == 0 ? 42 : 7);
                }
            });
            // The cut comes while the range is taking the burst: deliveries in its hands and in flight.
            Playbook.await("the range taking the burst", () -> play.received(Services.SHOOTING_RANGE, gameId,
                    entry -> entry.type().equals("FireAt")) >= takenBefore + 5);
            closed += broker.closeEveryConnection("the broker-duplicates experiment");
            Playbook.pause(RECOVERY);
        }
        play.awaitQuiet(gameId);
        long redelivered = 0;
        long dropped = 0;
        for (String service : Services.ALL) {
            redelivered += play.received(service, gameId, entry -> entry.redelivered());
            dropped += play.received(service, gameId, entry -> entry.disposition().equals("DUPLICATE"));
        }
        return play.report("broker-duplicates", null, gameId, run.protect(), settings,
                "all four rules hold with the protections on; off, a copy of a message handled before its ack was lost"
                        + " is handled again",
                "%d connections closed by the broker in %d cuts; it redelivered %d deliveries, the inboxes dropped %d copies"
                        .formatted(closed, BURSTS, redelivered, dropped));
    }
}
