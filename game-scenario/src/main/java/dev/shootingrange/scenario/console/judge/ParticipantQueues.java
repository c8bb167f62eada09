package dev.shootingrange.scenario.console.judge;

import java.util.Comparator;
import java.util.List;
import java.util.Map;

import jakarta.inject.Singleton;

import org.jboss.logging.Logger;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.scenario.console.lab.BrokerManagement;
import dev.shootingrange.scenario.console.services.ConsoleConfig;
import io.quarkus.scheduler.Scheduled;

/**
 * The participant user's queues, kept in number: RabbitMQ limits a user's connections and channels, not
 * its queues, and a limit on the virtual host's queues would stop the services declaring theirs. At each
 * sweep, the participant.* queues beyond {@code lab.judge.participant-limits.queues} that nobody reads are
 * deleted (a script's, declared and left); a queue a consumer reads is never touched.
 */
@Singleton
class ParticipantQueues {

    private static final Logger LOG = Logger.getLogger(ParticipantQueues.class);

    private final BrokerManagement broker;
    private final ParticipantUser participant;
    private final int kept;

    ParticipantQueues(BrokerManagement broker, ParticipantUser participant, ConsoleConfig config) {
        this.broker = broker;
        this.participant = participant;
        this.kept = config.judge().participantLimits().queues();
    }

    @Scheduled(every = "${lab.judge.participant-limits.sweep:30s}", delayed = "5s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void sweep() {
        if (!participant.made()) {
            return;
        }
        try {
            Map<String, Integer> queues = broker.queuesNamed(JudgeResource.QUEUE_PREFIX);
            int over = queues.size() - kept;
            if (over <= 0) {
                return;
            }
            List<String> unread = queues.entrySet().stream().filter(queue -> queue.getValue() == 0).map(Map.Entry::getKey)
                    .sorted(Comparator.reverseOrder()).limit(over).toList();
            long deleted = unread.stream().filter(broker::delete).count();
            LOG.warnf("%d %s* queues where %d are kept: deleted %d that nobody reads", queues.size(), JudgeResource.QUEUE_PREFIX,
                    kept, deleted);
        } catch (Problem unavailable) {
            LOG.debugf("The participant's queues could not be counted: %s", unavailable.getMessage());
        }
    }
}
