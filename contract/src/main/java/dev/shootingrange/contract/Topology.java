package dev.shootingrange.contract;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Channel;

/**
 * The RabbitMQ topology of the contract. Every service declares all of it at start, so a message
 * published before its consumer has ever run waits in a durable queue instead of being dropped.
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

    public static void declare(Channel channel) throws IOException {
        channel.exchangeDeclare(COMMANDS, BuiltinExchangeType.DIRECT, true);
        channel.exchangeDeclare(EVENTS, BuiltinExchangeType.TOPIC, true);
        channel.exchangeDeclare(DEAD_LETTERS, BuiltinExchangeType.DIRECT, true);
        for (String queue : QUEUES) {
            channel.queueDeclare(queue, true, false, false, Map.of(
                    "x-dead-letter-exchange", DEAD_LETTERS,
                    "x-dead-letter-routing-key", queue));
            channel.queueDeclare(deadLetterQueue(queue), true, false, false, Map.of());
            channel.queueBind(deadLetterQueue(queue), DEAD_LETTERS, queue);
        }
        channel.queueBind(SHOOTING_RANGE_QUEUE, COMMANDS, "FireAt");
        channel.queueBind(SHOOTING_RANGE_QUEUE, COMMANDS, "MoveTarget");
        for (String queue : List.of(LEADER_BOARD_QUEUE, GAME_SCENARIO_QUEUE)) {
            channel.queueBind(queue, EVENTS, "Hit");
            channel.queueBind(queue, EVENTS, "Missed");
        }
    }
}
