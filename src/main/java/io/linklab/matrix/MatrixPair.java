package io.linklab.matrix;

import io.linklab.model.Expectation;
import io.linklab.model.Validators;
import java.util.List;

/**
 * One test of a matrix: the client host, the server host, the address the client connects to, and what lies
 * between them as drawn.
 *
 * @param client      id of the client host in the topology
 * @param clientIface the client's interface the drawn path starts from, or null (no path drawn)
 * @param server      id of the server host
 * @param serverIface the server's interface the drawn path ends in, or null
 * @param target      the server's data address on the drawn path (null when no path is drawn and the server has
 *                    no address on any interface: the pair fails with that reason instead of guessing)
 * @param linkSpeed   the slowest drawn link speed on the path as the user wrote it ("100G"), or null
 * @param uplinks     ids of the switch-to-switch links on the path: pairs that share one load the same uplink
 * @param expectation what the pair must reach: {@code --expect}, else the rate drawn on its path, else 90 % of
 *                    {@code linkSpeed}
 */
public record MatrixPair(
        String client,
        String clientIface,
        String server,
        String serverIface,
        String target,
        String linkSpeed,
        List<String> uplinks,
        Expectation expectation) {

    public MatrixPair {
        expectation = expectation == null ? Expectation.DEFAULT : expectation;
        if (client.equals(server)) {
            throw new IllegalArgumentException("a pair needs two hosts, not " + client + " twice");
        }
        uplinks = List.copyOf(uplinks);
    }

    /** The link speed in bits/s, or null where none is drawn or it is no rate ("100G" gives 1e11). */
    public Double linkSpeedBps() {
        return bitsPerSecond(linkSpeed);
    }

    static Double bitsPerSecond(String speed) {
        String s = speed == null ? null : speed.trim();
        return s == null || Validators.rate(s).isPresent() ? null : Validators.parseScaled(s, 1000);
    }

    /** This pair judged by {@code e} instead. */
    public MatrixPair withExpectation(Expectation e) {
        return new MatrixPair(client, clientIface, server, serverIface, target, linkSpeed, uplinks, e);
    }

    /** "h1→h2", as tables and messages name a pair. */
    public String label() {
        return client + "→" + server;
    }

    boolean sharesHostWith(MatrixPair other) {
        return client.equals(other.client)
                || client.equals(other.server)
                || server.equals(other.client)
                || server.equals(other.server);
    }

    boolean sharesUplinkWith(MatrixPair other) {
        for (String u : uplinks) {
            if (other.uplinks.contains(u)) {
                return true;
            }
        }
        return false;
    }
}
