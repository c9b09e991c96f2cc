package io.linklab.tune;

import io.linklab.model.InvalidValueException;
import io.linklab.model.TestPlan;
import java.util.List;
import java.util.Map;

/**
 * The CPUs of one end's NIC's NUMA node, as the run's probe read them ({@code if.IF.numa}, {@code node.N.cpus}):
 * what "numa" pinning pins that end's processes to. Empty, with the reason, where the node is not known.
 *
 * @param cpus    the node's CPUs, empty when not known
 * @param unknown why they are not known ("NUMA node not reported for data0 on h1"), null when known
 */
public record NumaCpus(List<Integer> cpus, String unknown) {

    public NumaCpus {
        cpus = List.copyOf(cpus);
    }

    /**
     * The node of {@code iface} on the host whose probe gave {@code facts}.
     *
     * @param end   "client" or "server", for the reason
     * @param iface the end's data interface, null when not named
     */
    public static NumaCpus of(Map<String, String> facts, String end, String host, String iface) {
        if (iface == null || iface.isBlank()) {
            return new NumaCpus(
                    List.of(), "NUMA node not known on " + host + ": the " + end + "'s data interface is not named");
        }
        String node = facts.get("if." + iface + ".numa");
        if (node == null || node.isBlank() || node.trim().startsWith("-")) {
            return new NumaCpus(List.of(), "NUMA node not reported for " + iface + " on " + host);
        }
        String list = facts.get("node." + node.trim() + ".cpus");
        try {
            List<Integer> cpus = TestPlan.End.parseCpus("cpus", list);
            if (!cpus.isEmpty()) {
                return new NumaCpus(cpus, null);
            }
        } catch (InvalidValueException e) {
            // a list the kernel writes otherwise than lscpu: as not known
        }
        return new NumaCpus(List.of(), "NUMA node " + node.trim() + " of " + iface + " on " + host + " lists no CPUs");
    }

    public boolean known() {
        return unknown == null;
    }
}
