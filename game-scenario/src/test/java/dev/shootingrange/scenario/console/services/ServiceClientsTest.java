package dev.shootingrange.scenario.console.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.sun.net.httpserver.HttpServer;

import dev.shootingrange.lab.InstructorKey;
import dev.shootingrange.lab.LabApi;
import io.quarkus.test.junit.QuarkusTest;

/** The console's clients of the other labs send the instructor key with changes only, never with reads. */
@QuarkusTest
class ServiceClientsTest {

    /** Each request the other lab received: its method and the key it carried, or "none". */
    private final List<String> received = new CopyOnWriteArrayList<>();
    private HttpServer otherLab;

    @BeforeEach
    void startAnotherLab() throws IOException {
        otherLab = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        otherLab.createContext("/", exchange -> {
            String key = exchange.getRequestHeaders().getFirst(InstructorKey.HEADER);
            received.add(exchange.getRequestMethod() + " " + (key == null ? "none" : key));
            byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        otherLab.start();
    }

    @AfterEach
    void stopIt() {
        otherLab.stop(0);
    }

    @Test
    void theKeyGoesWithChangesAndNotWithReads() {
        LabApi lab = ServiceClients.create(LabApi.class, "shooting-range",
                "http://127.0.0.1:" + otherLab.getAddress().getPort(), Optional.of("let-me-in"));

        lab.lab();
        lab.protections(Map.of("inbox", false));

        assertThat(received).containsExactly("GET none", "PUT let-me-in");
    }
}
