package dev.shootingrange.exactlyonce.observe;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import dev.shootingrange.exactlyonce.Envelope;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;

/**
 * A message's place in its trace, across the hop the broker makes and the wait in the outbox. The
 * sending handling's span context is stored with the outbox row; each publication is a producer span
 * under it whose context travels in the AMQP {@code traceparent} header; each delivery is a consumer
 * span under that, with the inbox's decision as {@code inbox.decision}. So a shot is one trace across
 * the services, and every copy of a message (a duplicate, a redelivery, a relay's resend) is a span of
 * its own in it. With the SDK disabled, the default, all of this is no-op.
 */
@ApplicationScoped
public class MessageTracing {

    public static final String TRACEPARENT = "traceparent";
    public static final AttributeKey<String> DECISION = AttributeKey.stringKey("inbox.decision");
    public static final AttributeKey<Boolean> REDELIVERED = AttributeKey.booleanKey("inbox.redelivered");
    public static final AttributeKey<Long> COPY = AttributeKey.longKey("outbox.copy");
    static final AttributeKey<String> SYSTEM = AttributeKey.stringKey("messaging.system");
    static final AttributeKey<String> OPERATION = AttributeKey.stringKey("messaging.operation.type");
    static final AttributeKey<String> DESTINATION = AttributeKey.stringKey("messaging.destination.name");
    static final AttributeKey<String> ROUTING_KEY = AttributeKey.stringKey("messaging.rabbitmq.destination.routing_key");
    public static final AttributeKey<String> MESSAGE_ID = AttributeKey.stringKey("messaging.message.id");
    static final AttributeKey<String> MESSAGE_TYPE = AttributeKey.stringKey("message.type");
    static final AttributeKey<String> CONSUMER = AttributeKey.stringKey("messaging.consumer.group.name");

    /** W3C trace context only: what is stored in a row is what goes in a header, nothing vendor-specific. */
    private static final TextMapPropagator W3C = W3CTraceContextPropagator.getInstance();
    private static final TextMapGetter<Map<String, ?>> HEADERS = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Map<String, ?> carrier) {
            return carrier.keySet();
        }

        @Override
        public String get(Map<String, ?> carrier, String key) {
            Object value = carrier == null ? null : carrier.get(key);
            // The AMQP client reads header strings as LongString.
            return value == null ? null : value.toString();
        }
    };

    private final Tracer tracer;

    /**
     * @param disabled the SDK's switch: Quarkus then still hands out a working SDK, only not exporting,
     *        so its spans would cost CPU and fill the outbox's trace_parent for nothing; a no-op tracer
     *        costs nothing and only passes on a context that came in
     */
    MessageTracing(OpenTelemetry openTelemetry, @ConfigProperty(name = "quarkus.otel.sdk.disabled", defaultValue = "false") boolean disabled) {
        this.tracer = (disabled ? OpenTelemetry.noop() : openTelemetry).getTracer("dev.shootingrange.exactly-once");
    }

    /** The span running on this thread as a W3C traceparent, or null outside a trace (or with tracing off). */
    public static String currentTraceParent() {
        return traceParentOf(Context.current());
    }

    private static String traceParentOf(Context context) {
        if (!Span.fromContext(context).getSpanContext().isValid()) {
            return null;
        }
        Map<String, String> carrier = new HashMap<>(2);
        W3C.inject(context, carrier, Map::put);
        return carrier.get(TRACEPARENT);
    }

    private static Context parentOf(String traceParent) {
        return traceParent == null ? Context.root() : W3C.extract(Context.root(), Map.of(TRACEPARENT, traceParent), HEADERS);
    }

    /** A delivery taken from {@code queue}, under the publication its headers name. Made current by the caller. */
    public Span consuming(String queue, Map<String, ?> headers, String exchange, String routingKey, String messageId, boolean redelivered) {
        Context parent = headers == null ? Context.root() : W3C.extract(Context.root(), headers, HEADERS);
        // An attribute set to null is left out.
        return tracer.spanBuilder("process " + queue)
                .setParent(parent)
                .setSpanKind(SpanKind.CONSUMER)
                .setAttribute(SYSTEM, "rabbitmq")
                .setAttribute(OPERATION, "process")
                .setAttribute(CONSUMER, queue)
                .setAttribute(REDELIVERED, redelivered)
                .setAttribute(DESTINATION, exchange)
                .setAttribute(ROUTING_KEY, routingKey)
                .setAttribute(MESSAGE_ID, messageId)
                .startSpan();
    }

    /** What the inbox made of the delivery: handled, duplicate, dead-lettered or retried. */
    public static void decided(Span span, String decision, Envelope message, String problem) {
        span.setAttribute(DECISION, decision);
        if (message != null && message.type() != null) {
            // what the body says, whatever the AMQP properties said
            span.setAttribute(MESSAGE_TYPE, message.type());
            span.setAttribute(MESSAGE_ID, String.valueOf(message.messageId()));
        }
        if (problem != null) {
            span.setStatus(StatusCode.ERROR, problem);
        }
    }

    /** A copy on its way to the broker: the envelope carries its publication's own traceparent, for the header. */
    public record Publication(Envelope copy, Span span) {

        /** Confirmed, or failed with {@code problem}. */
        public void end(String problem) {
            if (problem != null) {
                span.setStatus(StatusCode.ERROR, problem);
            }
            span.end();
        }
    }

    /** One publication per copy, each a producer span under the trace its envelope names. */
    public List<Publication> publishing(List<Envelope> copies) {
        Map<UUID, Long> copyNumbers = new HashMap<>();
        List<Publication> publications = new ArrayList<>(copies.size());
        for (Envelope copy : copies) {
            Span span = tracer.spanBuilder("publish " + copy.exchange())
                    .setParent(parentOf(copy.traceParent()))
                    .setSpanKind(SpanKind.PRODUCER)
                    .setAttribute(SYSTEM, "rabbitmq")
                    .setAttribute(OPERATION, "send")
                    .setAttribute(DESTINATION, copy.exchange())
                    .setAttribute(ROUTING_KEY, copy.routingKey())
                    .setAttribute(MESSAGE_ID, String.valueOf(copy.messageId()))
                    .setAttribute(MESSAGE_TYPE, copy.type())
                    // 1 for the message, 2 and up for the copies sent beside it (the lab's duplicates)
                    .setAttribute(COPY, copyNumbers.merge(copy.messageId(), 1L, Long::sum))
                    .startSpan();
            String own = traceParentOf(Context.root().with(span));
            publications.add(new Publication(own == null ? copy : copy.withTraceParent(own), span));
        }
        return publications;
    }
}
