package dev.shootingrange.scenario.console.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import dev.shootingrange.contract.Problem;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.helpers.test.AssertSubscriber;
import io.smallrye.mutiny.subscription.MultiEmitter;

/**
 * What a client that stops reading costs: the writer asks for the next event only once the last one left
 * (a full TCP buffer stops it), so a subscriber that asks for one and no more is such a client.
 */
class LiveStreamsTest {

    private static final int BEHIND = 4;

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final LiveStreams streams = new LiveStreams(2, 3, BEHIND, registry);
    private final AtomicReference<MultiEmitter<? super String>> source = new AtomicReference<>();

    @Test
    void aClientThatStopsReadingWholeViewsGetsTheNewestWhenItReadsAgain() {
        AssertSubscriber<String> client = streams.views("10.0.0.1", this::source).subscribe().withSubscriber(AssertSubscriber.create(1));
        for (int view = 1; view <= 1_000; view++) {
            source.get().emit("view " + view);
        }
        client.request(5);

        assertThat(client.getItems()).containsExactly("view 1", "view 1000");
    }

    @Test
    void aWatcherOfChangesTooFarBehindIsDroppedToStartAgainFromAWholeView() {
        AssertSubscriber<String> client = streams.changes("10.0.0.1", this::source).subscribe().withSubscriber(AssertSubscriber.create(1));
        for (int change = 1; change <= BEHIND + 1; change++) {
            source.get().emit("change " + change);
        }
        assertThat(client.hasCompleted()).as("completed %d changes behind", BEHIND).isFalse();

        source.get().emit("one too many");

        client.assertCompleted();
        assertThat(registry.counter("live.streams.dropped").count()).isEqualTo(1);
        assertThat(streams.openInAll()).as("streams still counted").isZero();
    }

    @Test
    void aClientMayHoldSoManyStreamsAndAllTogetherSoManyMore() {
        AssertSubscriber<String> first = streams.views("10.0.0.1", this::source).subscribe().withSubscriber(AssertSubscriber.create(1));
        streams.changes("10.0.0.1", this::source).subscribe().withSubscriber(AssertSubscriber.create(1));

        assertThatThrownBy(() -> streams.views("10.0.0.1", this::source)).isInstanceOfSatisfying(Problem.class,
                refused -> assertThat(refused.toResponse().getStatus()).isEqualTo(429));
        streams.views("10.0.0.2", this::source).subscribe().withSubscriber(AssertSubscriber.create(1));
        assertThatThrownBy(() -> streams.views("10.0.0.3", this::source)).isInstanceOfSatisfying(Problem.class,
                refused -> assertThat(refused.toResponse().getStatus()).isEqualTo(503));

        first.cancel(); // a browser that closed its tab gives its stream back
        streams.views("10.0.0.3", this::source).subscribe().withSubscriber(AssertSubscriber.create(1));
        assertThat(streams.openInAll()).isEqualTo(3);
    }

    private Multi<String> source() {
        return Multi.createFrom().<String> emitter(source::set);
    }
}
