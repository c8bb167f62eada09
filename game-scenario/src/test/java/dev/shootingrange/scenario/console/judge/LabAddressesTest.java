package dev.shootingrange.scenario.console.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.scenario.console.services.Services;

/** A board that is one of the lab's own services scores the lab, not a participant: whatever name it goes by. */
class LabAddressesTest {

    /** As run-local.sh runs them: every service on this machine. */
    private final LabAddresses local = new LabAddresses(Map.of(Services.SHOOTING_RANGE, URI.create("http://localhost:8081"),
            Services.LEADER_BOARD, URI.create("http://localhost:8082")), () -> 8080, LabAddresses.DNS);

    /** As docker compose runs them: each service in a container of its own, by its service's name. */
    private final Map<String, String> names = new HashMap<>(Map.of("shooting-range", "172.18.0.3", "leader-board", "172.18.0.4",
            "scores.example", "172.18.0.4", "laptop.example", "10.0.0.7"));
    private final LabAddresses composed = new LabAddresses(Map.of(Services.SHOOTING_RANGE, URI.create("http://shooting-range:8081"),
            Services.LEADER_BOARD, URI.create("http://leader-board:8082")), () -> 8080,
            host -> names.containsKey(host) || host.matches("[0-9.]+") ? List.of(address(names.getOrDefault(host, host))) : List.of());

    @Test
    void theLabsOwnServicesOnThisMachineAreRefusedByAnyOfItsNames() {
        assertThat(local.refusal(board("http://localhost:8082/api/leaderboard"))).startsWith(
                "http://localhost:8082/api/leaderboard is the lab's own leader-board (the console reaches it at http://localhost:8082)");
        assertThat(local.refusal(board("http://127.0.0.1:8082/api/leaderboard"))).contains("own leader-board");
        assertThat(local.refusal(board("http://LocalHost:8081/api/ranges"))).contains("own shooting-range");
        assertThat(local.refusal(board("http://127.0.0.1:8080/api/games"))).contains("is the console itself (port 8080 of this machine)");
        anAddressOfThisMachineBesidesLoopback().ifPresent(lan -> assertThat(local.refusal(board("http://" + lan + ":8082/api/leaderboard")))
                .as("this machine by an address of its network").contains("own leader-board"));

        assertThat(local.refusal(board("http://127.0.0.1:3000/api/leaderboard"))).as("a consumer beside the lab").isNull();
        assertThat(local.refusal(board("http://192.0.2.10:8082/api/leaderboard"))).as("another machine's port 8082").isNull();
        assertThatThrownBy(() -> local.requireNotTheLab(board("http://localhost:8082/api/leaderboard")))
                .isInstanceOf(Problem.class).hasMessageStartingWith("board: http://localhost:8082/api/leaderboard is the lab's own");
    }

    @Test
    void aServiceInItsContainerIsRefusedByItsNameItsAddressOrAnyNamePointingThere() {
        assertThat(composed.refusal(board("http://leader-board:8082/api/leaderboard"))).contains("own leader-board");
        assertThat(composed.refusal(board("http://172.18.0.4:8082/api/leaderboard"))).contains("own leader-board");
        assertThat(composed.refusal(board("http://scores.example:8082/api/leaderboard"))).contains("own leader-board");
        assertThat(composed.refusal(board("http://shooting-range:8081/api/ranges"))).contains("own shooting-range");

        assertThat(composed.refusal(board("http://shooting-range:8082/api/leaderboard"))).as("the range's host, not its port").isNull();
        assertThat(composed.refusal(board("http://laptop.example:8082/api/leaderboard"))).isNull();
    }

    @Test
    void aNameIsAskedAgainAtEachCheckSoOneRepointedAtTheLabIsRefusedThen() {
        URI laptop = board("http://laptop.example:8082/api/leaderboard");
        assertThat(composed.refusal(laptop)).as("when registered").isNull();

        names.put("laptop.example", "172.18.0.4");

        assertThat(composed.refusal(laptop)).as("at the round, once it points at the lab's leader board").contains("own leader-board");
    }

    private static URI board(String address) {
        return Consumer.of("someone", address).board();
    }

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(literal, e);
        }
    }

    private static Optional<String> anAddressOfThisMachineBesidesLoopback() {
        try {
            return NetworkInterface.networkInterfaces().filter(network -> !isLoopback(network))
                    .flatMap(NetworkInterface::inetAddresses).filter(address -> address instanceof Inet4Address)
                    .map(InetAddress::getHostAddress).findFirst();
        } catch (SocketException e) {
            return Optional.empty();
        }
    }

    private static boolean isLoopback(NetworkInterface network) {
        try {
            return network.isLoopback();
        } catch (SocketException e) {
            return true;
        }
    }
}
