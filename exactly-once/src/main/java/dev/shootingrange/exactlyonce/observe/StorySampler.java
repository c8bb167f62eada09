package dev.shootingrange.exactlyonce.observe;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingResult;

/**
 * Which traces are kept: every one a change starts (a shot, a move, a lab action) and everything
 * under it, but not the traces that would bury them. Without a parent, a query is the relay's or the
 * purge's polling, and an HTTP GET is a console refreshing its view every half second: neither starts
 * a trace. Spans with a parent follow it.
 */
@ApplicationScoped
public class StorySampler implements Sampler {

    private static final AttributeKey<String> METHOD = AttributeKey.stringKey("http.request.method");

    private final Sampler sampler = Sampler.parentBasedBuilder(new Sampler() {
        @Override
        public SamplingResult shouldSample(Context parent, String traceId, String name, SpanKind kind,
                Attributes attributes, List<LinkData> links) {
            boolean polling = kind == SpanKind.CLIENT || kind == SpanKind.SERVER && "GET".equals(attributes.get(METHOD));
            return polling ? SamplingResult.drop() : SamplingResult.recordAndSample();
        }

        @Override
        public String getDescription() {
            return "changes only";
        }
    }).build();

    @Override
    public SamplingResult shouldSample(Context parent, String traceId, String name, SpanKind kind, Attributes attributes,
            List<LinkData> links) {
        return sampler.shouldSample(parent, traceId, name, kind, attributes, links);
    }

    @Override
    public String getDescription() {
        return "StorySampler{" + sampler.getDescription() + "}";
    }
}
