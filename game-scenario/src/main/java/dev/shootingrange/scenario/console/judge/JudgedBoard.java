package dev.shootingrange.scenario.console.judge;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.jboss.resteasy.reactive.RestResponse;

import dev.shootingrange.scenario.console.services.LeaderBoardApi;

/**
 * A registered consumer's board, read as the lab's own leader board is: {@code GET <board>/<gameId>},
 * its headers too (the lab's services name themselves in one).
 */
interface JudgedBoard {

    @GET
    @Path("/{gameId}")
    @Produces(MediaType.APPLICATION_JSON)
    RestResponse<LeaderBoardApi.BoardView> board(@PathParam("gameId") String gameId);
}
