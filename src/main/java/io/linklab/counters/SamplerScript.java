package io.linklab.counters;

import io.linklab.remote.RemoteCommand;
import java.util.Locale;

/**
 * The one remote process per host that samples its counters while a test runs: a POSIX sh loop that prints a
 * snapshot of the kernel's counters every interval, between markers {@link SnapshotParser} reads.
 *
 * <p>Its cost is the point (issue 18: at most 1 % of a 2-core host at 1 s; a process start costs ~10 ms of CPU
 * on a small VM): under bash every file is read by the shell's own {@code read} and the interval waited by
 * {@code read -t}, so a snapshot starts no process but {@code ethtool -S} (only for a real NIC) and, every
 * {@value #QDISC_EVERY}th time, {@code tc -s qdisc}; plain sh adds a {@code cat} and a {@code sleep}. Nothing
 * needs root. Under bash it also reads the CPU of the tools' processes, through the pid files of the run's
 * process groups (their leaders' children), with {@code read} alone.
 * Times come from /proc/uptime, so rates are over the host's own intervals whatever the network delays.
 */
public final class SamplerScript {

    /** Marks the start of each snapshot; the kernel's files follow in the order of the {@code cat}. */
    static final String SNAP = "@@ snap";

    static final String END = "@@ end";
    /** Comes before the snapshot a wake asked for, after which the sampler ends by itself. */
    static final String LAST = "@@ last";
    /** The qdisc's counters are read at every this many snapshots (the first included). */
    static final int QDISC_EVERY = 2;

    /**
     * $1 interface (may be empty), $2 interval in seconds, $3 how to find the interface when $1 is empty:
     * {@code route:ADDR} (the one the host sends to ADDR through) or {@code addr:ADDR} (the one holding ADDR).
     */
    static final String SCRIPT = String.join(
            "\n",
            "IF=$1; IV=$2; FIND=$3; PD=$5",
            // bash, where there is one: its read -t waits without a sleep process, its read loops without cat.
            // --norc: a bash started inside an SSH session reads ~/.bashrc again (Debian's bash does so when it
            // sees SSH_CLIENT and a shell level below 2, which the login shell's exec leaves), and on a host whose
            // rc runs pyenv or conda that is another login shell's CPU, paid before every measurement.
            "if [ -z \"$BASH_VERSION\" ] && command -v bash >/dev/null 2>&1; then exec bash --norc -c \"$4\" \"$0\" \"$@\"; fi",
            "W=; if [ -n \"$BASH_VERSION\" ]; then eval 'exec 9<> <(:)' && W=1; fi",
            // USR1 (sent by LinkLab when the clients end, see wakeCommand) cuts the wait short; the snapshot it
            // brings reads the qdisc too and is the last: the sampler ends by itself after it, so that the run
            // need not kill it (the kill's watchdog polls at 0.1 s). $0 names this sampler alone, so the waking
            // command checks it is ours. (a trap alone does not end bash's read -t: the line it writes to the
            // read's own pipe does)
            "[ -n \"$W\" ] && trap 'L=1; echo >&9' USR1 && echo \"@@ pid $$\"",
            "if [ -z \"$IF\" ] && [ -n \"$FIND\" ]; then",
            "  case $FIND in",
            "    route:*) set -- $(ip -o route get \"${FIND#route:}\" 2>/dev/null)",
            "             while [ $# -gt 1 ]; do [ \"$1\" = dev ] && { IF=$2; break; }; shift; done ;;",
            "    addr:*) set -- $(ip -o addr show to \"${FIND#addr:}\" 2>/dev/null); IF=${2%:} ;;",
            "  esac",
            "fi",
            // ethtool -S only for a NIC (a device behind it): veth, bridges and tunnels have nothing of their own
            // the process group of this sampler (its wrapper's, whose pid file is in $PD too): not a tool's
            "OWN=; if [ -n \"$W\" ] && [ -n \"$PD\" ]; then read -r l < /proc/$$/stat; l=${l##*) }; set -- $l; OWN=$3; fi",
            // a tool process's threads (iperf3 3.16+ runs each stream in one), where it has more than one: which
            // thread fills which core is what says whether more streams, pinning or processes would help
            "th() { set -- /proc/$1/task/*; [ $# -gt 1 ] || return 0; for t; do"
                    + " { read -r st < \"$t/stat\"; } 2>/dev/null && echo \"t $st\"; done; }",
            "E=; [ -n \"$IF\" ] && [ -e \"/sys/class/net/$IF/device\" ] && command -v ethtool >/dev/null 2>&1 && E=1",
            "Q=; [ -n \"$IF\" ] && command -v tc >/dev/null 2>&1 && Q=1",
            "S=/sys/class/net/$IF/statistics",
            "echo \"@@ if $IF\"",
            // which kernel: two ends on one (namespaces, containers) share its cores and its /proc/stat
            "{ read -r B < /proc/sys/kernel/random/boot_id; } 2>/dev/null && echo \"@@ boot $B\"",
            // a virtual interface's speed (veth says 10000) is no link speed: only a device behind it has one
            "[ -n \"$IF\" ] && [ -e \"/sys/class/net/$IF/device\" ] && { read -r SP < /sys/class/net/$IF/speed; } 2>/dev/null"
                    + " && echo \"@@ speed $SP\"",
            "N=0; L=; F=",
            "while :; do",
            // the last snapshot says so first: LinkLab then waits for the sampler's end instead of killing it
            "  [ -n \"$F\" ] && echo '" + LAST + "'",
            "  echo '" + SNAP + "'",
            "  if [ -n \"$W\" ]; then",
            // only the lines SnapshotParser keeps: half the bytes LinkLab decrypts and parses while the tool
            // measures, and fewer echoes here (/proc/stat's intr line and the non-TCP counters are most of it)
            "    { read -r l < /proc/uptime && echo \"$l\"",
            "      while IFS= read -r l; do case $l in cpu[0-9]*) echo \"$l\" ;; esac; done < /proc/stat",
            "      [ -n \"$IF\" ] && while IFS= read -r l; do case $l in *\"$IF:\"*) echo \"$l\" ;; esac; done < /proc/net/dev",
            "      for f in /proc/net/snmp /proc/net/netstat; do",
            "        while IFS= read -r l; do case $l in Tcp*) echo \"$l\" ;; esac; done < $f",
            "      done",
            "      while IFS= read -r l; do echo \"$l\"; done < /proc/net/softnet_stat; } 2>/dev/null",
            "  else",
            "    cat /proc/uptime /proc/stat /proc/net/dev /proc/net/snmp /proc/net/netstat /proc/net/softnet_stat 2>/dev/null",
            "  fi",
            "  if [ -n \"$IF\" ] && [ -d \"$S\" ]; then",
            "    echo '@@ sys'",
            "    for f in \"$S\"/*; do { read -r v < \"$f\"; } 2>/dev/null && echo \"${f##*/} $v\"; done",
            "  fi",
            // the tools' processes: each pid file of the run holds a group's id, its wrapper's pid; the tool is
            // the wrapper's child (or grandchild, under sudo or a forking server)
            "  if [ -n \"$OWN\" ]; then",
            "    echo '@@ procs'",
            "    for f in \"$PD\"/*.pid; do",
            "      { read -r g < \"$f\"; } 2>/dev/null || continue; [ \"$g\" = \"$OWN\" ] && continue",
            // a group id is digits, or it is no file of ours: nothing else reaches a /proc path
            "      case $g in ''|*[!0-9]*) continue ;; esac",
            "      cs=; { read -r cs < /proc/$g/task/$g/children; } 2>/dev/null",
            "      for c in $cs; do",
            "        { read -r st < /proc/$c/stat; } 2>/dev/null && echo \"$st\" && th $c",
            "        gc=; { read -r gc < /proc/$c/task/$c/children; } 2>/dev/null",
            "        for d in $gc; do { read -r st < /proc/$d/stat; } 2>/dev/null && echo \"$st\" && th $d; done",
            "      done",
            "    done",
            "  fi",
            "  [ -n \"$E\" ] && { echo '@@ ethtool'; ethtool -S \"$IF\" 2>/dev/null; }",
            // the qdisc's drops every " + QDISC_EVERY + "th snapshot: they are rare, and tc costs a process
            "  [ -n \"$Q\" ] && [ $((N % " + QDISC_EVERY
                    + ")) -eq 0 ] && { echo '@@ tc'; tc -s qdisc show dev \"$IF\" 2>/dev/null; }",
            "  N=$((N + 1))",
            "  echo '" + END + "'",
            "  [ -n \"$F\" ] && exit 0",
            // set after the wait, not in the trap: a wake that comes during a snapshot must not drop the qdisc's
            // counters from the next one, the last
            "  if [ -n \"$W\" ]; then read -t \"$IV\" -u 9; r=$?; [ $r -gt 128 ] || [ $r -eq 0 ] || exit 0;"
                    + " [ -n \"$L\" ] && { N=0; F=1; };"
                    + " else sleep \"$IV\" || exit 0; fi",
            "done");

    private SamplerScript() {}

    /**
     * The sampler's command.
     *
     * @param iface     the data interface, or null to find it from {@code find}
     * @param intervalS seconds between snapshots
     * @param find      {@code route:ADDR} or {@code addr:ADDR}, or null
     */
    public static RemoteCommand command(String iface, double intervalS, String find) {
        return command(iface, intervalS, find, "linklab-counters");
    }

    /**
     * The sampler's command, with {@code name} as its $0: the name {@link #wakeCommand} looks for.
     */
    static RemoteCommand command(String iface, double intervalS, String find, String name) {
        return command(iface, intervalS, find, name, null);
    }

    /**
     * The sampler's command that also reads the CPU of the processes whose groups have pid files in
     * {@code pidDir} (the run's folder on the host; null for none): the tools' own CPU. Under bash only, where
     * the files cost no process.
     */
    static RemoteCommand command(String iface, double intervalS, String find, String name, String pidDir) {
        String interval =
                String.format(Locale.ROOT, "%.3f", Math.max(0.1, intervalS)).replaceFirst("\\.?0+$", "");
        // The script is given twice: to sh, and as $4 for the bash it hands itself to.
        return RemoteCommand.of(
                "host counters",
                "sh",
                "-c",
                SCRIPT,
                name,
                iface == null ? "" : iface,
                interval,
                find == null ? "" : find,
                SCRIPT,
                pidDir == null ? "" : pidDir);
    }

    /**
     * Asks the sampler {@code pid} for a snapshot now (the clients ended) instead of at its next interval. The
     * signal goes only to a process whose command line carries {@code name}, the sampler's own: a pid that was
     * reused meanwhile gets nothing.
     */
    static RemoteCommand wakeCommand(long pid, String name) {
        return RemoteCommand.of(
                "wake the host counters",
                "sh",
                "-c",
                "tr '\\0' '\\n' < /proc/$1/cmdline 2>/dev/null | grep -qxF -- \"$2\" && kill -USR1 \"$1\"",
                "linklab-wake",
                Long.toString(pid),
                name);
    }
}
