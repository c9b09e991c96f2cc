package io.linklab.counters;

import io.linklab.remote.RemoteCommand;
import java.util.Locale;

/**
 * The one remote process per host that samples its counters while a test runs: a POSIX sh loop that prints a
 * snapshot of the kernel's counters every interval, between markers {@link SnapshotParser} reads.
 *
 * <p>Its cost is the point (issue 18: at most 1 % of a 2-core host at 1 s): per snapshot one {@code cat} of
 * all the /proc files, the interface's statistics read by the shell's own {@code read} (no process each),
 * {@code ethtool -S} and {@code tc -s qdisc} only where they exist, and {@code sleep}. Nothing needs root.
 * Times come from /proc/uptime, so rates are over the host's own intervals whatever the network delays.
 */
public final class SamplerScript {

    /** Marks the start of each snapshot; the kernel's files follow in the order of the {@code cat}. */
    static final String SNAP = "@@ snap";
    static final String END = "@@ end";

    /**
     * $1 interface (may be empty), $2 interval in seconds, $3 how to find the interface when $1 is empty:
     * {@code route:ADDR} (the one the host sends to ADDR through) or {@code addr:ADDR} (the one holding ADDR).
     */
    static final String SCRIPT = String.join("\n",
            "IF=$1; IV=$2; FIND=$3",
            "if [ -z \"$IF\" ] && [ -n \"$FIND\" ]; then",
            "  case $FIND in",
            "    route:*) set -- $(ip -o route get \"${FIND#route:}\" 2>/dev/null)",
            "             while [ $# -gt 1 ]; do [ \"$1\" = dev ] && { IF=$2; break; }; shift; done ;;",
            "    addr:*) set -- $(ip -o addr show to \"${FIND#addr:}\" 2>/dev/null); IF=${2%:} ;;",
            "  esac",
            "fi",
            "E=; [ -n \"$IF\" ] && command -v ethtool >/dev/null 2>&1 && E=1",
            "Q=; [ -n \"$IF\" ] && command -v tc >/dev/null 2>&1 && Q=1",
            "S=/sys/class/net/$IF/statistics",
            "echo \"@@ if $IF\"",
            "[ -n \"$IF\" ] && { read -r SP < /sys/class/net/$IF/speed; } 2>/dev/null && echo \"@@ speed $SP\"",
            "while :; do",
            "  echo '" + SNAP + "'",
            "  cat /proc/uptime /proc/stat /proc/net/dev /proc/net/snmp /proc/net/netstat /proc/net/softnet_stat 2>/dev/null",
            "  if [ -n \"$IF\" ] && [ -d \"$S\" ]; then",
            "    echo '@@ sys'",
            "    for f in \"$S\"/*; do { read -r v < \"$f\"; } 2>/dev/null && echo \"${f##*/} $v\"; done",
            "  fi",
            "  [ -n \"$E\" ] && { echo '@@ ethtool'; ethtool -S \"$IF\" 2>/dev/null; }",
            "  [ -n \"$Q\" ] && { echo '@@ tc'; tc -s qdisc show dev \"$IF\" 2>/dev/null; }",
            "  echo '" + END + "'",
            "  sleep \"$IV\" || exit 0",
            "done");

    private SamplerScript() {
    }

    /**
     * The sampler's command.
     *
     * @param iface     the data interface, or null to find it from {@code find}
     * @param intervalS seconds between snapshots
     * @param find      {@code route:ADDR} or {@code addr:ADDR}, or null
     */
    public static RemoteCommand command(String iface, double intervalS, String find) {
        String interval = String.format(Locale.ROOT, "%.3f", Math.max(0.1, intervalS))
                .replaceFirst("\\.?0+$", "");
        return RemoteCommand.of("host counters", "sh", "-c", SCRIPT, "linklab-counters",
                iface == null ? "" : iface, interval, find == null ? "" : find);
    }
}
