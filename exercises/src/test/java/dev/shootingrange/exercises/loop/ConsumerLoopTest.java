package dev.shootingrange.exercises.loop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.charset.StandardCharsets;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;

import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exercises.judge.Database;
import dev.shootingrange.exercises.judge.RedAtTheStart;
import dev.shootingrange.exercises.judge.Servers;

/**
 * Exercise 11: three FireAts on a real queue; the consumer's process dies at one step of the second,
 * a new process takes over, and every FireAt has taken effect once, with its answer kept once.
 */
@ExtendWith(RedAtTheStart.class)
class ConsumerLoopTest {

    @RegisterExtension
    static final Database database = new Database("loop", tables());

    private final List<Connection> processes = new ArrayList<>();
    private final String queue = "loop." + UUID.randomUUID().toString().substring(0, 8);
    private Connection test;

    @BeforeEach
    void declareTheQueue() throws Exception {
        test = connect();
        try (Channel channel = test.createChannel()) {
            channel.queueDeclare(queue, false, false, false, null);
        }
    }

    @AfterEach
    void deleteTheQueue() throws Exception {
        processes.forEach(Connection::abort);
        try (Channel channel = test.createChannel()) {
            channel.queueDelete(queue);
        }
        test.close();
    }

    @ParameterizedTest
    @EnumSource(Crash.Point.class)
    void aProcessThatDiesAtAnyStepLeavesEveryFireAtHandledOnceWithItsAnswerKeptOnce(Crash.Point point) throws Exception {
        List<UUID> fireAts = List.of(send(), send(), send());
        Crash.Plan dies = new Crash.Plan(point, fireAts.get(1));

        Throwable death = catchThrowable(() -> drain(process(dies)));
        assertThat(dies.died()).as("the first process reached the step " + point + " of the second FireAt, and died there"
                + " (a loop that never reaches it, an ack that never comes, has skipped a step)").isTrue();
        assertThat(death).as("what ended the first process").isInstanceOf(Crash.class);
        // Killed: its connections go, and the broker puts back what it had not acked.
        processes.forEach(Connection::abort);
        drain(process(Crash.Plan.never()));

        for (UUID fireAt : fireAts) {
            assertThat(database.number("select count(*) from judged where message_id = ?", fireAt))
                    .as("handlings of FireAt " + (fireAts.indexOf(fireAt) + 1) + " that took effect").isEqualTo(1);
            assertThat(database.number("select count(*) from outbox where caused_by = ?", fireAt))
                    .as("answers kept for FireAt " + (fireAts.indexOf(fireAt) + 1)).isEqualTo(1);
        }
        assertThat(waiting()).as("FireAts still on the queue, or taken and never acked").isZero();
    }

    /** The range's business: a FireAt judged (a row), a Hit answered; the plan may end the process here. */
    private static Handler range(Crash.Plan plan) {
        return (transaction, messageId, body) -> {
            try (PreparedStatement judged = transaction.prepareStatement("insert into judged (message_id) values (?)")) {
                judged.setObject(1, messageId);
                judged.executeUpdate();
            }
            plan.handled(messageId);
            UUID hit = UUID.nameUUIDFromBytes((messageId + "/Hit").getBytes(StandardCharsets.UTF_8));
            return List.of(new Envelope(hit, "Hit", "events", "Hit", body));
        };
    }

    /** A process of the consumer: its own broker connection, the database, both watched by the plan. */
    private ConsumerLoop process(Crash.Plan plan) throws Exception {
        Connection broker = connect();
        processes.add(broker);
        return new ConsumerLoop(plan.watching(database.dataSource()), plan.watching(broker), queue, range(plan));
    }

    /** Handles until the loop answers that the queue is empty. */
    private static void drain(ConsumerLoop loop) throws Exception {
        int deliveries = 0;
        while (loop.handleOne()) {
            assertThat(++deliveries).as("deliveries one process handled (three FireAts sent: a loop that never answers"
                    + " false goes round for ever)").isLessThan(20);
        }
    }

    private UUID send() throws Exception {
        UUID fireAt = UUID.randomUUID();
        try (Channel channel = test.createChannel()) {
            channel.basicPublish("", queue, new AMQP.BasicProperties.Builder().messageId(fireAt.toString()).deliveryMode(2).build(),
                    ("{\"attemptId\":\"" + UUID.randomUUID() + "\",\"position\":42}").getBytes(StandardCharsets.UTF_8));
        }
        return fireAt;
    }

    /** Messages on the queue, ready or taken and not acked, once every process but the test's is gone. */
    private long waiting() throws Exception {
        processes.forEach(Connection::abort);
        try (Channel channel = test.createChannel()) {
            return channel.queueDeclarePassive(queue).getMessageCount();
        }
    }

    private static Connection connect() throws Exception {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setUri(Servers.rabbitmq());
        return factory.newConnection("exercise-loop");
    }

    private static String[] tables() {
        List<String> tables = new ArrayList<>(List.of(ConsumerLoop.TABLES));
        tables.add("create table judged (message_id uuid not null)");
        return tables.toArray(String[]::new);
    }
}
