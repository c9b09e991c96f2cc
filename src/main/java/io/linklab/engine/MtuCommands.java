package io.linklab.engine;

import io.linklab.model.Validators;
import io.linklab.remote.RemoteCommand;
import io.linklab.remote.SudoHelpers;
import java.util.regex.Pattern;

/**
 * The commands of an MTU change: set, verify with don't-fragment pings, and the dead-man switch
 * that restores the original MTU by itself unless LinkLab keeps pushing its deadline forward.
 * Interface names and run ids are validated before they reach a script.
 */
final class MtuCommands {

    /** IPv4 (20) + ICMP (8) headers: a ping payload of MTU-28 makes a packet of exactly the MTU. */
    static final int IPV4_ICMP_OVERHEAD = 28;
    /** IPv6 (40) + ICMPv6 (8). */
    static final int IPV6_ICMP_OVERHEAD = 48;

    private MtuCommands() {}

    static RemoteCommand set(String iface, int mtu) {
        Validators.requireInterfaceName("interface", iface);
        Validators.requireMtu("mtu", mtu);
        return RemoteCommand.privileged(
                "set the MTU of " + iface + " to " + mtu,
                "ip",
                "link",
                "set",
                "dev",
                iface,
                "mtu",
                String.valueOf(mtu));
    }

    /** Don't-fragment pings of exactly {@code mtu} bytes: they only get through if every hop takes that size. */
    static RemoteCommand verify(String target, int mtu) {
        Validators.requireHostOrAddress("target", target);
        boolean v6 = target.contains(":");
        int payload = mtu - (v6 ? IPV6_ICMP_OVERHEAD : IPV4_ICMP_OVERHEAD);
        return RemoteCommand.of(
                "check that " + mtu + "-byte packets reach " + target + " unfragmented",
                "ping",
                v6 ? "-6" : "-4",
                "-n",
                "-q",
                "-M",
                "do",
                "-s",
                String.valueOf(payload),
                "-c",
                "1",
                "-i",
                "0.2",
                "-W",
                "1",
                "-w",
                "3",
                target);
    }

    /**
     * Before the original MTU is read: a switch that a killed run left for this interface is made to
     * restore its own original first (else the sweep's MTU would be taken for the original), then
     * ended. Prints "mtu N" last; see {@link DeadManScripts#GUARD} for the rest.
     *
     * @param waitSeconds how long to watch a switch that may still be kept alive by a live run
     */
    static RemoteCommand claim(String runId, String iface, int waitSeconds) {
        Validators.requireInterfaceName("interface", iface);
        return guard(
                "restore what an earlier run left on " + iface + " and read its MTU",
                "claim",
                iface,
                safeId(runId),
                seconds("wait", waitSeconds, 1));
    }

    /**
     * Starts the dead-man switch in its own session (setsid), detached from the SSH channel so that it
     * outlives LinkLab: it sleeps while the deadline in its private folder lies in the future, gives up
     * quietly when the folder is removed (disarm), and restores {@code original} when the deadline passes.
     * Prints the folder, which {@link #extend} and {@link #disarm} take.
     *
     * @param end "client" or "server", kept in the folder for the messages of a later run
     */
    static RemoteCommand arm(String runId, String end, String iface, int original, int seconds) {
        Validators.requireInterfaceName("interface", iface);
        Validators.requireMtu("mtu", original);
        return guard(
                "arm the automatic restore of MTU " + original + " on " + iface,
                "arm",
                safeId(runId),
                safeId(end),
                iface,
                String.valueOf(original),
                period("seconds", seconds),
                DeadManScripts.WATCHER);
    }

    /** Pushes the deadline {@code seconds} into the future; fails if the watcher is gone (it fired, or was killed). */
    static RemoteCommand extend(String folder, String iface, int seconds) {
        return guard(
                "extend the automatic MTU restore on " + iface,
                "extend",
                requireFolder(folder),
                period("seconds", seconds));
    }

    /** Removes the folder and ends its watcher (and its sleep) at once. */
    static RemoteCommand disarm(String folder, String iface) {
        return guard("disarm the automatic MTU restore on " + iface, "disarm", requireFolder(folder));
    }

    /** A switch folder as {@link #arm} prints it; anything else never reaches a command. */
    static String requireFolder(String folder) {
        if (folder == null || !FOLDER.matcher(folder).matches()) {
            throw new IllegalArgumentException("not a dead-man switch folder: " + folder);
        }
        return folder;
    }

    private static final Pattern FOLDER =
            Pattern.compile("/(run|tmp)/" + Pattern.quote(DeadManScripts.FOLDER_PREFIX) + "[A-Za-z0-9]{10}");

    /** Not privileged: the script runs as the login and uses sudo -n for the MTU helper alone. */
    private static RemoteCommand guard(String description, String... args) {
        String[] argv = new String[args.length + 4];
        argv[0] = "sh";
        argv[1] = "-c";
        argv[2] = DeadManScripts.GUARD;
        argv[3] = "linklab-mtu-guard";
        System.arraycopy(args, 0, argv, 4, args.length);
        return RemoteCommand.of(description, argv);
    }

    /**
     * The sudoers line a non-root login needs for MTU sweeps (README, "MTU sweeps as a non-root user"): the
     * helpers that set an MTU and stop a root command of LinkLab's own that hangs, nothing else.
     */
    static String sudoersLine(String user) {
        return SudoHelpers.sudoersLine(user);
    }

    /** A dead-man period in the bounds the guard script checks again on the host. */
    private static String period(String what, int seconds) {
        return seconds(what, seconds, RunTimings.DEAD_MAN_MIN.toSeconds());
    }

    /** Whole seconds from {@code min} to the longest dead-man period, as the guard script checks them again. */
    private static String seconds(String what, int seconds, long min) {
        long max = RunTimings.DEAD_MAN_MAX.toSeconds();
        if (seconds < min || seconds > max) {
            throw new IllegalArgumentException(what + " must be from " + min + " to " + max + " s, not " + seconds);
        }
        return String.valueOf(seconds);
    }

    private static String safeId(String runId) {
        return runId.replaceAll("[^A-Za-z0-9_-]", "_");
    }
}
