package dev.shootingrange.scenario.console.lab.experiments;

import java.util.List;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import dev.shootingrange.contract.Problem;
import io.smallrye.common.annotation.Blocking;

@Path("/api/lab/experiments")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ExperimentResource {

    /**
     * {"protections": "off" or "on"}; the storm also takes a seed and a number of shots. With a
     * "strategy" the range and the leader board run that way to exactly-once, the story's fault is
     * injected as with "off", and every other protection stays on.
     */
    public record Run(String protections, Long seed, Integer shots, String strategy) {
    }

    /** Which stories and strategies to run; either left out (or empty) means all. */
    public record MatrixRequest(List<String> experiments, List<String> strategies) {
    }

    private final Experiments experiments;
    private final Matrix matrix;

    ExperimentResource(Experiments experiments, Matrix matrix) {
        this.experiments = experiments;
        this.matrix = matrix;
    }

    /**
     * Starts every story against every strategy (or those asked for), in the background: 202 with the
     * matrix so far; 409 while one is running. The stories run with their fault injected and the
     * protections as each strategy sets them.
     */
    @POST
    @Path("/matrix")
    @Blocking
    public Response startMatrix(MatrixRequest request) {
        Matrix.View view = matrix.start(request == null ? null : request.experiments(),
                request == null ? null : request.strategies());
        return Response.accepted(view).build();
    }

    /** The matrix running or last run, cell by cell. */
    @GET
    @Path("/matrix")
    public Matrix.View matrix() {
        return matrix.view();
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
        if (run == null || !("off".equals(run.protections()) || "on".equals(run.protections()))
                && !(run.protections() == null && run.strategy() != null)) {
            throw Problem.badRequest("protections must be \"off\" or \"on\" (or left out with a strategy)");
        }
        int shots = run.shots() == null ? 20 : run.shots();
        if (shots < 1 || shots > 500) {
            throw Problem.badRequest("shots must be from 1 to 500");
        }
        if (run.strategy() != null && "on".equals(run.protections())) {
            throw Problem.badRequest("a run under a strategy injects its fault: leave protections out (or \"off\")");
        }
        if (matrix.running()) {
            throw new Problem(Response.Status.CONFLICT, "the strategies' matrix is running; the experiments take turns");
        }
        if (run.strategy() != null && !matrix.strategies().contains(run.strategy())) {
            throw Problem.badRequest("no strategy '" + run.strategy() + "'; there are " + matrix.strategies());
        }
        return experiments.run(experiment, new Experiment.Run("on".equals(run.protections()),
                run.seed() == null ? 1 : run.seed(), shots, run.strategy()));
    }
}
