package dev.shootingrange.contract;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Channel;
import dev.shootingrange.exactlyonce.rabbit.DurableQueue.Binding;
import dev.shootingrange.exactlyonce.rabbit.DurableQueue;

/**
 * The RabbitMQ topology of the contract. Every service declares all of it at start, so a message
 * published before its consumer has ever run waits in a durable queue instead of being dropped.
 *
 * The queues are quorum queues (replicated on a cluster, and the broker's data-safe type) unless a
 * single node is told to keep classic ones.
 */
public final class Topology {

    public static final String COMMANDS = "commands";
    public static final String EVENTS = "events";
    /** Where the three queues dead-letter to, each under its own name as routing key. */
    public static final String DEAD_LETTERS = "dead-letters";

    public static final String SHOOTING_RANGE_QUEUE = "shooting-range";
    public static final String LEADER_BOARD_QUEUE = "leader-board";
    public static final String GAME_SCENARIO_QUEUE = "game-scenario";
    public static final List<String> QUEUES = List.of(SHOOTING_RANGE_QUEUE, LEADER_BOARD_QUEUE, GAME_SCENARIO_QUEUE);

    /**
     * Deliveries of one message after which a quorum queue dead-letters it, whatever its consumer does:
     * the bound on a message that crashes its consumer before any verdict. Far above what a database
     * outage costs a valid message (each failed try pauses its worker up to 5 s), see docs/decisions/0006.
     */
    public static final int DELIVERY_LIMIT = 100;

    /** A dead-letter queue's limit: in effect none (RabbitMQ 3 refuses -1, the "no limit" of RabbitMQ 4). */
    public static final int DEAD_LETTER_DELIVERY_LIMIT = 1_000_000;

    public enum QueueType {
        QUORUM, CLASSIC;

        public static QueueType of(String name) {
            try {
                return valueOf(name.trim().toUpperCase(java.util.Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown queue type '" + name + "': quorum or classic");
            }
        }
    }

    private Topology() {
    }

    public static String deadLetterQueue(String queue) {
        return queue + ".dlq";
    }

    /** The exchange a message of this type is published to; its routing key is the type. */
    public static String exchangeFor(String type) {
        return switch (type) {
            case "FireAt", "MoveTarget" -> COMMANDS;
            case "Hit", "Missed" -> EVENTS;
            default -> throw new IllegalArgumentException("no exchange for type " + type);
        };
    }

    /** The three consumer queues and their dead-letter queues, each with the bindings that feed it. */
    public static List<DurableQueue> queues(QueueType type) {
        List<DurableQueue> queues = new ArrayList<>();
        for (String queue : QUEUES) {
            queues.add(new DurableQueue(queue, consumerQueueArguments(queue, type), bindings(queue)));
            queues.add(new DurableQueue(deadLetterQueue(queue), deadLetterQueueArguments(type),
                    List.of(new Binding(DEAD_LETTERS, queue))));
        }
        return queues;
    }

    private static List<Binding> bindings(String queue) {
        if (queue.equals(SHOOTING_RANGE_QUEUE)) {
            return List.of(new Binding(COMMANDS, "FireAt"), new Binding(COMMANDS, "MoveTarget"));
        }
        return List.of(new Binding(EVENTS, "Hit"), new Binding(EVENTS, "Missed"));
    }

    private static Map<String, Object> consumerQueueArguments(String queue, QueueType type) {
        Map<String, Object> arguments = new LinkedHashMap<>(typeArguments(type));
        arguments.put("x-dead-letter-exchange", DEAD_LETTERS);
        arguments.put("x-dead-letter-routing-key", queue);
        if (type == QueueType.QUORUM) {
            arguments.put("x-delivery-limit", DELIVERY_LIMIT);
            // A dead letter is kept by the source queue until its dead-letter queue confirmed it; the
            // broker does so only for queues that refuse publishes when full rather than drop the oldest.
            arguments.put("x-dead-letter-strategy", "at-least-once");
            arguments.put("x-overflow", "reject-publish");
        }
        return arguments;
    }

    /**
     * A parked message stays however often someone looks at it with a get and a requeue: RabbitMQ 4
     * gives quorum queues a delivery limit of 20 by default, after which a queue without a dead-letter
     * exchange drops the message.
     */
    private static Map<String, Object> deadLetterQueueArguments(QueueType type) {
        Map<String, Object> arguments = new LinkedHashMap<>(typeArguments(type));
        if (type == QueueType.QUORUM) {
            arguments.put("x-delivery-limit", DEAD_LETTER_DELIVERY_LIMIT);
        }
        return arguments;
    }

    private static Map<String, Object> typeArguments(QueueType type) {
        return type == QueueType.QUORUM ? Map.of("x-queue-type", "quorum") : Map.of();
    }

    /** The whole topology with quorum queues. */
    public static void declare(Channel channel) throws IOException {
        declare(channel, QueueType.QUORUM);
    }

    public static void declare(Channel channel, QueueType type) throws IOException {
        channel.exchangeDeclare(COMMANDS, BuiltinExchangeType.DIRECT, true);
        channel.exchangeDeclare(EVENTS, BuiltinExchangeType.TOPIC, true);
        channel.exchangeDeclare(DEAD_LETTERS, BuiltinExchangeType.DIRECT, true);
        for (DurableQueue queue : queues(type)) {
            channel.queueDeclare(queue.name(), true, false, false, queue.arguments());
            for (Binding binding : queue.bindings()) {
                channel.queueBind(queue.name(), binding.exchange(), binding.routingKey());
            }
        }
    }
}
