package dev.shootingrange.exactlyonce.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.shootingrange.exactlyonce.Delivery;
import dev.shootingrange.exactlyonce.Envelope;
import io.quarkus.arc.All;

/**
 * The chain of {@link StepInterceptor}s, and where the machinery reports the {@link Step}s it passes.
 * A test's {@link Listener} sees each message first; it may pause the thread (to force an interleaving)
 * or throw (to stop the work there: an ordinary failure, as a crash of the process would be).
 */
@ApplicationScoped
public class Steps {

    /** Sees every step of every message; in a relay's batch, each row. */
    @FunctionalInterface
    public interface Listener {
        void reached(Step step, UUID messageId, String type);
    }

    private static final Listener NONE = (step, messageId, type) -> {
    };

    private final List<StepInterceptor> chain;
    private volatile Listener listener = NONE;

    Steps(@All List<StepInterceptor> chain) {
        this.chain = List.copyOf(chain);
    }

    public void listen(Listener listener) {
        this.listener = listener == null ? NONE : listener;
    }

    public void reached(Step step, Envelope message) {
        reached(step, List.of(message));
    }

    /** The listener sees each message, then each interceptor the whole batch. */
    public void reached(Step step, List<Envelope> messages) {
        messages.forEach(message -> listener.reached(step, message.messageId(), message.type()));
        if (!messages.isEmpty()) {
            chain.forEach(interceptor -> interceptor.reached(step, messages));
        }
    }

    public void received(Envelope message, Object read, Delivery delivery, boolean redelivered) {
        chain.forEach(interceptor -> interceptor.received(message, read, delivery, redelivered));
    }

    /** Each interceptor in turn may drop or multiply the copies the previous one let through. */
    public List<Envelope> copiesToSend(Envelope message) {
        List<Envelope> copies = List.of(message);
        for (StepInterceptor interceptor : chain) {
            List<Envelope> next = new ArrayList<>();
            copies.forEach(copy -> next.addAll(interceptor.copiesToSend(copy)));
            copies = next;
        }
        return copies;
    }

    public void published(List<Envelope> copies) {
        if (!copies.isEmpty()) {
            chain.forEach(interceptor -> interceptor.published(copies));
        }
    }
}
