package dev.shootingrange.exactlyonce.tally;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.MessageFormat;

/** The tally's messages as bytes: where the core meets this contract. */
@ApplicationScoped
public class TallyFormat implements MessageFormat<Tally> {

    @Override
    public Tally read(String contentType, byte[] body) {
        return Tally.of(body);
    }

    @Override
    public UUID messageId(Tally message) {
        return message.messageId();
    }

    @Override
    public String type(Tally message) {
        return message.type();
    }

    @Override
    public Envelope write(Tally message) {
        return new Envelope(message.messageId(), message.type(), Tally.EXCHANGE, message.type(), message.bytes());
    }
}
