package dev.shootingrange.scenario.console.judge;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.ConfigProvider;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.scenario.console.services.ConsoleConfig;
import dev.shootingrange.scenario.console.services.Services;

/**
 * The lab's own services where the console reaches them: the range and the leader board at their
 * configured addresses, the console itself on its HTTP port on this machine. A board at one of them
 * would score the lab, not a consumer of the room's, so the judge refuses it. Hosts are compared by what
 * they resolve to, asked again at each check: localhost, 127.0.0.1, a compose service's name or any name
 * pointing at the same address are the same service.
 */
@ApplicationScoped
class LabAddresses {

    /** A host's addresses; none where it does not resolve. */
    @FunctionalInterface
    interface Resolver {
        List<InetAddress> resolve(String host);
    }

    /**
     * The header each of the lab's services answers with, its name in it: a board read through an
     * address no check here recognises (a second instance, a port published on the host) still says so.
     */
    static final String SERVICE_HEADER = "X-Shooting-Range-Service";

    static final String YOURS = ": the judge scores a consumer of yours, whose board answers at an address of its own";

    static final Resolver DNS = host -> {
        try {
            return List.of(InetAddress.getAllByName(host));
        } catch (UnknownHostException e) {
            return List.of();
        }
    };

    private final Map<String, URI> services;
    private final IntSupplier consolePort;
    private final Resolver resolver;

    @Inject
    LabAddresses(ConsoleConfig config) {
        // The port as bound: a test's random one too (Quarkus answers the bound port under this key).
        this(Map.of(Services.SHOOTING_RANGE, URI.create(config.services().shootingRange().url()),
                Services.LEADER_BOARD, URI.create(config.services().leaderBoard().url())),
                () -> ConfigProvider.getConfig().getValue("quarkus.http.port", Integer.class), DNS);
    }

    LabAddresses(Map<String, URI> services, IntSupplier consolePort, Resolver resolver) {
        this.services = new LinkedHashMap<>(services);
        this.consolePort = consolePort;
        this.resolver = resolver;
    }

    /** @throws Problem 400 for a board that is one of the lab's own services, saying which */
    void requireNotTheLab(URI board) {
        String refusal = refusal(board);
        if (refusal != null) {
            throw Problem.badRequest("board: " + refusal);
        }
    }

    /** Why a board may not be judged, or null where it is none of the lab's services. */
    String refusal(URI board) {
        int port = port(board);
        List<InetAddress> addresses = resolver.resolve(board.getHost());
        if (port == consolePort.getAsInt() && thisMachine(addresses)) {
            return board + " is the console itself (port " + port + " of this machine)" + YOURS;
        }
        for (Map.Entry<String, URI> service : services.entrySet()) {
            URI lab = service.getValue();
            if (port == port(lab)
                    && (board.getHost().equalsIgnoreCase(lab.getHost()) || sameHost(addresses, resolver.resolve(lab.getHost())))) {
                return board + " is the lab's own " + service.getKey() + " (the console reaches it at " + lab + ")" + YOURS;
            }
        }
        return null;
    }

    private static int port(URI uri) {
        return uri.getPort() != -1 ? uri.getPort() : "https".equals(uri.getScheme()) ? 443 : 80;
    }

    private static boolean sameHost(List<InetAddress> one, List<InetAddress> other) {
        return one.stream().anyMatch(other::contains) || thisMachine(one) && thisMachine(other);
    }

    /** Whether any of these is an address of this machine: a loopback one, or one of its interfaces'. */
    private static boolean thisMachine(Collection<InetAddress> addresses) {
        return addresses.stream().anyMatch(address -> {
            try {
                return address.isLoopbackAddress() || address.isAnyLocalAddress()
                        || NetworkInterface.getByInetAddress(address) != null;
            } catch (SocketException e) {
                return false;
            }
        });
    }
}
