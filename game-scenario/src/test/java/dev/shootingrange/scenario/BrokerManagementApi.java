package dev.shootingrange.scenario;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * RabbitMQ's management API on the machine's broker, for the experiment that has the broker close its
 * consumers' connections: the rabbitmq:*-management images have it; a Debian broker gets its plugin
 * enabled here, once (it stays enabled, on the port it always uses, 15672).
 */
final class BrokerManagementApi {

    static final String URL = "http://localhost:15672";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private BrokerManagementApi() {
    }

    static void enable() {
        if (answers()) {
            return;
        }
        try {
            Process enabling = new ProcessBuilder("rabbitmq-plugins", "enable", "rabbitmq_management").inheritIO().start();
            if (enabling.waitFor() != 0) {
                throw new IllegalStateException("rabbitmq-plugins enable rabbitmq_management failed: run it as root, once");
            }
        } catch (IOException e) {
            throw new IllegalStateException("the broker's management API is needed at " + URL + " and rabbitmq-plugins is not here", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500)).until(BrokerManagementApi::answers);
    }

    private static boolean answers() {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create(URL + "/api/overview")).header("Authorization", "Basic Z3Vlc3Q6Z3Vlc3Q=")
                    .build(), HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
