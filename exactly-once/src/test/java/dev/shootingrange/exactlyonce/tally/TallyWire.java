package dev.shootingrange.exactlyonce.tally;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeoutException;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.GetResponse;

/** The tests' side of the broker: Counts published as a producer would, Counteds read off their queue. */
public final class TallyWire {

    private final Connection connection;
    private final List<Tally> counted = new ArrayList<>();

    public TallyWire(Connection connection) {
        this.connection = connection;
    }

    public void publish(Tally count) {
        try (Channel channel = connection.createChannel()) {
            channel.basicPublish(Tally.EXCHANGE, Tally.COUNT, new AMQP.BasicProperties.Builder()
                    .messageId(count.messageId().toString()).deliveryMode(2).build(), count.bytes());
        } catch (IOException | TimeoutException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every Counted seen on the wire so far answering this Count, copies included. */
    public synchronized List<Tally> countedFor(Tally count) {
        try (Channel channel = connection.createChannel()) {
            for (GetResponse got; (got = channel.basicGet(Tally.COUNTED_QUEUE, true)) != null;) {
                counted.add(Tally.of(got.getBody()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (TimeoutException e) {
            throw new IllegalStateException(e);
        }
        UUID answer = count.counted().messageId();
        return counted.stream().filter(tally -> tally.messageId().equals(answer)).toList();
    }
}
