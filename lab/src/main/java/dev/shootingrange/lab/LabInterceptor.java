package dev.shootingrange.lab;

import java.time.Instant;
import java.util.List;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;

import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.spi.Step;
import dev.shootingrange.exactlyonce.spi.StepInterceptor;

/**
 * The lab's faults, at the core's steps: a crash where one is armed or by chance, a copy on the wire
 * twice, a message held back or delayed so that later ones overtake it.
 */
@ApplicationScoped
@Priority(20)
public class LabInterceptor implements StepInterceptor {

    private final Lab lab;
    private final TakenMessages taken;

    LabInterceptor(Lab lab, TakenMessages taken) {
        this.lab = lab;
        this.taken = taken;
    }

    /** One roll per call: a relay dies once however many rows its batch held. */
    @Override
    public void reached(Step step, List<Envelope> messages) {
        if (lab.faultAt(step, messages.stream().map(Envelope::type).toList())) {
            throw new SimulatedCrash(step);
        }
    }

    @Override
    public List<Envelope> copiesToSend(Envelope message) {
        long delayMs = lab.delayMs();
        if (lab.takeHold(message.type())) {
            taken.take(message, null);
            return List.of();
        }
        if (delayMs > 0) {
            taken.take(message, Instant.now().plusMillis(delayMs));
            return List.of();
        }
        return lab.duplicate() ? List.of(message, message) : List.of(message);
    }
}
