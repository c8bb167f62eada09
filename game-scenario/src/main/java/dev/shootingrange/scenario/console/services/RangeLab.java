package dev.shootingrange.scenario.console.services;

import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.rest.client.annotation.RegisterProvider;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.lab.LabApi;
import io.quarkus.rest.client.reactive.ClientExceptionMapper;

/** The shooting range's lab, driven from the console. */
@RegisterRestClient(configKey = Services.SHOOTING_RANGE)
@RegisterProvider(InstructorKeyHeader.class)
@OtherService(Services.SHOOTING_RANGE)
interface RangeLab extends LabApi {

    @ClientExceptionMapper
    static Problem answered(Response response) {
        return ServiceProblems.answered(Services.SHOOTING_RANGE, response);
    }
}
