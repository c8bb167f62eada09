package dev.shootingrange.scenario;

import java.nio.file.Path;

import dev.shootingrange.testing.ServiceProcess;
import io.restassured.RestAssured;

/**
 * The three packaged services as separate processes against one broker and their three databases,
 * started once for all the integration tests of a run and stopped when it ends.
 */
final class LabProcesses {

    static final ServiceProcess RANGE;
    static final ServiceProcess BOARD;
    static final ServiceProcess SCENARIO;

    static {
        RestAssured.enableLoggingOfRequestAndResponseIfValidationFails();
        Path modules = Path.of("..");
        RANGE = ServiceProcess.start(modules, "shooting-range", 18081);
        BOARD = ServiceProcess.start(modules, "leader-board", 18082);
        SCENARIO = ServiceProcess.start(modules, "game-scenario", 18080,
                "lab.services.shooting-range.url=" + RANGE.baseUrl(),
                "lab.services.leader-board.url=" + BOARD.baseUrl());
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (ServiceProcess service : new ServiceProcess[] { SCENARIO, BOARD, RANGE }) {
                try {
                    service.close();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }));
        RANGE.awaitReady();
        BOARD.awaitReady();
        SCENARIO.awaitReady();
    }

    private LabProcesses() {
    }
}
