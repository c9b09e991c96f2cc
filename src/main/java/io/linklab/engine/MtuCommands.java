package io.linklab.engine;

import io.linklab.model.Validators;
import io.linklab.remote.RemoteCommand;

/**
 * The commands of an MTU change: read, set, verify with don't-fragment pings, and the dead-man switch
 * that restores the original MTU by itself unless LinkLab keeps pushing its deadline forward.
 * Interface names and run ids are validated before they reach a script.
 */
final class MtuCommands {

    /** IPv4 (20) + ICMP (8) headers: a ping payload of MTU-28 makes a packet of exactly the MTU. */
    static final int IPV4_ICMP_OVERHEAD = 28;
    /** IPv6 (40) + ICMPv6 (8). */
    static final int IPV6_ICMP_OVERHEAD = 48;

    private MtuCommands() {
    }

    static RemoteCommand read(String iface) {
        Validators.requireInterfaceName("interface", iface);
        return RemoteCommand.of("read the MTU of " + iface, "cat", "/sys/class/net/" + iface + "/mtu");
    }

    static RemoteCommand set(String iface, int mtu) {
        Validators.requireInterfaceName("interface", iface);
        Validators.requireMtu("mtu", mtu);
        return RemoteCommand.privileged("set the MTU of " + iface + " to " + mtu,
                "ip", "link", "set", "dev", iface, "mtu", String.valueOf(mtu));
    }

    /** Don't-fragment pings of exactly {@code mtu} bytes: they only get through if every hop takes that size. */
    static RemoteCommand verify(String target, int mtu) {
        Validators.requireHostOrAddress("target", target);
        boolean v6 = target.contains(":");
        int payload = mtu - (v6 ? IPV6_ICMP_OVERHEAD : IPV4_ICMP_OVERHEAD);
        return RemoteCommand.of("check that " + mtu + "-byte packets reach " + target + " unfragmented",
                "ping", v6 ? "-6" : "-4", "-n", "-q", "-M", "do", "-s", String.valueOf(payload), "-c", "1",
                "-i", "0.2", "-W", "1", "-w", "3", target);
    }

    /**
     * The switch's state file. {@code end} ("client", "server") keeps two hosts that share a file system
     * (containers, network namespaces) from sharing a switch.
     */
    static String stateFile(String runId, String end, String iface) {
        return "/tmp/linklab-deadman-" + safeId(runId) + "-" + safeId(end) + "-" + iface;
    }

    /**
     * Starts the dead-man switch in its own session (setsid), detached from the SSH channel so that it
     * outlives LinkLab: it sleeps while the deadline in its state file lies in the future, gives up
     * quietly when the file is removed (disarm), and restores {@code original} when the deadline passes.
     */
    static RemoteCommand arm(String runId, String end, String iface, int original, int seconds) {
        Validators.requireInterfaceName("interface", iface);
        Validators.requireMtu("mtu", original);
        String f = stateFile(runId, end, iface);
        String watcher = "echo $$ > " + f + ".pid; "
                + "while dl=$(cat " + f + " 2>/dev/null); do "
                + "[ \"$(date +%s)\" -ge \"$dl\" ] && { ip link set dev " + iface + " mtu " + original + "; "
                + "rm -f " + f + " " + f + ".pid; exit 0; }; sleep 1; done; rm -f " + f + ".pid";
        // Returns only once the watcher runs in its own session (its pid file exists): a watcher still
        // starting when the SSH session ends could be killed with it.
        String script = "rm -f " + f + ".pid; echo $(( $(date +%s) + " + seconds + " )) > " + f + " || exit 1; "
                + "setsid sh -c '" + watcher + "' </dev/null >/dev/null 2>&1 & "
                + "i=0; while [ ! -s " + f + ".pid ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done; "
                + "[ -s " + f + ".pid ] || { echo 'the restore watcher did not start' >&2; exit 1; }";
        return RemoteCommand.privileged("arm the automatic restore of MTU " + original + " on " + iface,
                "sh", "-c", script);
    }

    /** Pushes the deadline {@code seconds} into the future; fails if the switch has already fired. */
    static RemoteCommand extend(String runId, String end, String iface, int seconds) {
        Validators.requireInterfaceName("interface", iface);
        String f = stateFile(runId, end, iface);
        return RemoteCommand.privileged("extend the automatic MTU restore on " + iface,
                "sh", "-c", "[ -f " + f + " ] && echo $(( $(date +%s) + " + seconds + " )) > " + f);
    }

    /**
     * Removes the state file and ends the watcher (and its sleep) at once by signalling its process
     * group; "kill -TERM -PGID" without "--", which dash's kill builtin does not know.
     */
    static RemoteCommand disarm(String runId, String end, String iface) {
        Validators.requireInterfaceName("interface", iface);
        String f = stateFile(runId, end, iface);
        return RemoteCommand.privileged("disarm the automatic MTU restore on " + iface,
                "sh", "-c", "rm -f " + f + "; p=$(cat " + f + ".pid 2>/dev/null) && kill -TERM -\"$p\" "
                        + "2>/dev/null; rm -f " + f + ".pid; true");
    }

    private static String safeId(String runId) {
        return runId.replaceAll("[^A-Za-z0-9_-]", "_");
    }
}
