package dev.shootingrange.contract;

import java.util.UUID;

import jakarta.inject.Singleton;

import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.MessageFormat;

/** The contract's JSON as the exactly-once core reads and writes it; each type goes to its exchange. */
@Singleton
public class ContractFormat implements MessageFormat<RangeMessage> {

    @Override
    public RangeMessage read(String contentType, byte[] body) {
        if (contentType != null && !contentType.startsWith("application/json")) {
            throw new InvalidMessageException("content type " + contentType + " is not application/json");
        }
        return MessageCodec.decode(body);
    }

    @Override
    public UUID messageId(RangeMessage message) {
        return message.messageId();
    }

    @Override
    public String type(RangeMessage message) {
        return message.type();
    }

    @Override
    public Envelope write(RangeMessage message) {
        message.validate();
        return new Envelope(message.messageId(), message.type(), Topology.exchangeFor(message.type()), message.type(),
                MessageCodec.encode(message));
    }
}
