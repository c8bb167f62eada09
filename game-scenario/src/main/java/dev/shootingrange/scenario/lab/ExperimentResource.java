package dev.shootingrange.scenario.lab;

import java.util.List;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.scenario.lab.experiments.Experiment;
import dev.shootingrange.scenario.lab.experiments.Experiments;
import io.smallrye.common.annotation.Blocking;

@Path("/api/lab/experiments")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ExperimentResource {

    /** {"protections": "off" or "on"}; the storm also takes a seed and a number of shots. */
    public record Run(String protections, Long seed, Integer shots) {
    }

    private final Experiments experiments;

    ExperimentResource(Experiments experiments) {
        this.experiments = experiments;
    }

    @GET
    public List<Experiment.Description> list() {
        return experiments.descriptions();
    }

    @POST
    @Path("/{name}")
    @Blocking
    public Experiment.Report run(@PathParam("name") String name, Run run) {
        Experiment experiment = experiments.named(name).orElseThrow(() -> Problem.notFound("no experiment '" + name
                + "'; there are " + experiments.descriptions().stream().map(Experiment.Description::name).toList()));
        if (run == null || !("off".equals(run.protections()) || "on".equals(run.protections()))) {
            throw Problem.badRequest("protections must be \"off\" or \"on\"");
        }
        int shots = run.shots() == null ? 20 : run.shots();
        if (shots < 1 || shots > 500) {
            throw Problem.badRequest("shots must be from 1 to 500");
        }
        return experiments.run(experiment,
                new Experiment.Run("on".equals(run.protections()), run.seed() == null ? 1 : run.seed(), shots));
    }
}
