package dev.shootingrange.scenario.console.lab;

import java.util.List;

import dev.shootingrange.lab.LabApi;

/** Every service's lab, in the order of {@link dev.shootingrange.scenario.console.services.Services#ALL}. */
public record AllLabs(List<LabApi.LabView> services) {
}
