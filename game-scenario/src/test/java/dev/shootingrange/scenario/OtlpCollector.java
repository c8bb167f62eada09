package dev.shootingrange.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;

/**
 * What Jaeger is to docker-compose.observability.yml, for the integration tests: an OTLP/HTTP endpoint the
 * packaged services export their spans to, keeping every span it is sent.
 */
final class OtlpCollector implements AutoCloseable {

    /** One span as exported, with the service that sent it. */
    record ExportedSpan(String service, String traceId, String spanId, String parentSpanId, String name, String kind,
            Map<String, String> attributes) {
    }

    private final HttpServer server;
    private final List<ExportedSpan> spans = new ArrayList<>();

    private OtlpCollector(HttpServer server) {
        this.server = server;
    }

    static OtlpCollector start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            OtlpCollector collector = new OtlpCollector(server);
            server.createContext("/", collector::export);
            server.start();
            return collector;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    synchronized List<ExportedSpan> inTrace(String traceId) {
        return spans.stream().filter(span -> span.traceId().equals(traceId)).toList();
    }

    private void export(HttpExchange exchange) throws IOException {
        try (InputStream body = "gzip".equals(exchange.getRequestHeaders().getFirst("Content-Encoding"))
                ? new GZIPInputStream(exchange.getRequestBody()) : exchange.getRequestBody()) {
            if (exchange.getRequestURI().getPath().endsWith("/v1/traces")) {
                keep(ExportTraceServiceRequest.parseFrom(body));
            }
            exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
            exchange.sendResponseHeaders(200, -1);
        } catch (IOException | RuntimeException | Error e) {
            // An exporter sees only a reset connection: say here what went wrong.
            System.err.println("OTLP collector: " + e);
            throw e;
        } finally {
            exchange.close();
        }
    }

    private synchronized void keep(ExportTraceServiceRequest request) {
        HexFormat hex = HexFormat.of();
        for (ResourceSpans resourceSpans : request.getResourceSpansList()) {
            String service = attributes(resourceSpans.getResource()).get("service.name");
            for (ScopeSpans scope : resourceSpans.getScopeSpansList()) {
                scope.getSpansList().forEach(span -> spans.add(new ExportedSpan(service,
                        hex.formatHex(span.getTraceId().toByteArray()), hex.formatHex(span.getSpanId().toByteArray()),
                        hex.formatHex(span.getParentSpanId().toByteArray()), span.getName(), span.getKind().name(),
                        attributes(span.getAttributesList()))));
            }
        }
    }

    private static Map<String, String> attributes(Resource resource) {
        return attributes(resource.getAttributesList());
    }

    private static Map<String, String> attributes(List<KeyValue> attributes) {
        return attributes.stream().collect(Collectors.toMap(KeyValue::getKey, attribute -> {
            var value = attribute.getValue();
            return value.hasStringValue() ? value.getStringValue()
                    : value.hasBoolValue() ? String.valueOf(value.getBoolValue())
                    : value.hasIntValue() ? String.valueOf(value.getIntValue()) : value.toString();
        }, (first, second) -> first));
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
