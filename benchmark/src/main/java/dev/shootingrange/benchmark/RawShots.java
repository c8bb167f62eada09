package dev.shootingrange.benchmark;

import java.util.List;
import java.util.UUID;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.MessageCodec;

/** FireAt published by a raw client, no HTTP and no pacing: how the burst and the floor fire. */
final class RawShots {

    private RawShots() {
    }

    /**
     * {@code shots} FireAt round the games, persistent, published as fast as the broker confirms them
     * (a wait for the confirms every 500), onto {@code exchange} with the type as routing key.
     */
    static void fire(Channel channel, String exchange, int shots, List<String> gameIds) throws Exception {
        for (int i = 0; i < shots; i++) {
            FireAt shot = FireAt.create(gameIds.get(i % gameIds.size()), UUID.randomUUID(), "p" + (i % 7), i % 100);
            channel.basicPublish(exchange, shot.type(), true, new AMQP.BasicProperties.Builder()
                    .contentType("application/json").deliveryMode(2).messageId(shot.messageId().toString())
                    .type(shot.type()).build(), MessageCodec.encode(shot));
            if (i % 500 == 499) {
                channel.waitForConfirmsOrDie(30_000);
            }
        }
        channel.waitForConfirmsOrDie(30_000);
    }
}
