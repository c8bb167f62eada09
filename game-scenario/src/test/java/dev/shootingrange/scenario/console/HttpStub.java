package dev.shootingrange.scenario.console;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * A server the console calls, stood in for on a free port of this machine before the application
 * starts (its address is configuration): each subclass answers as its server would and notes what it
 * was asked in a line of its own, which a test reads in a field marked {@link Received}.
 */
public abstract class HttpStub implements QuarkusTestResourceLifecycleManager {

    /** The requests the stub noted, oldest first. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.FIELD)
    public @interface Received {
    }

    protected final List<String> received = new CopyOnWriteArrayList<>();
    private HttpServer server;

    /** The configuration that points the console at the stub. */
    protected abstract Map<String, String> configuration(String url);

    protected abstract void answer(HttpExchange exchange) throws IOException;

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.createContext("/", this::answer);
            server.start();
            return configuration("http://127.0.0.1:" + server.getAddress().getPort());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void inject(TestInjector injector) {
        injector.injectIntoFields(received, new TestInjector.AnnotatedAndMatchesType(Received.class, List.class));
    }

    @Override
    public void stop() {
        server.stop(0);
    }

    public static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }
}
