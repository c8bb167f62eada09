package dev.shootingrange.scenario.console.services;

import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.rest.client.annotation.RegisterProvider;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.lab.LabApi;
import io.quarkus.rest.client.reactive.ClientExceptionMapper;

/** The leader board's lab, driven from the console. */
@RegisterRestClient(configKey = Services.LEADER_BOARD)
@RegisterProvider(InstructorKeyHeader.class)
@OtherService(Services.LEADER_BOARD)
interface BoardLab extends LabApi {

    @ClientExceptionMapper
    static Problem answered(Response response) {
        return ServiceProblems.answered(Services.LEADER_BOARD, response);
    }
}
