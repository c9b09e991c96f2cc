package io.linklab.remote.probe;

import io.linklab.remote.RemoteCommand;
import java.util.ArrayList;
import java.util.List;

/**
 * The one script that finds out what a host offers, in one round trip: for the Probe view and `linklab probe`
 * in full (distribution, CPU model, drivers, offloads, sysctls), and before every run in brief (what the run
 * needs to start at once: the tool, interfaces and addresses, listening ports, the SSH session's interface, ping,
 * taskset, sudo for the MTU, and the NICs' NUMA nodes with their CPUs for the tuner). Its output is one record per line, fields separated by tabs, the record's kind
 * first; a reader ignores the kinds it does not know.
 */
public final class ProbeScript {

    /** The records, as {@code kind<TAB>field…}. */
    static final String SCRIPT = """
            mode=$1; tools=$2; sudoif=$3; resolve=$4
            t() { printf '%s' "$1"; shift; for a in "$@"; do printf '\\t%s' "$a"; done; printf '\\n'; }
            first() { head -n 1 2>/dev/null | tr -d '\\t\\r'; }
            to() { if command -v timeout >/dev/null 2>&1; then timeout 5 "$@"; else "$@"; fi; }
            # A run waits for this script, so it starts few processes: files are read by the shell itself.
            rd() { v=; { IFS= read -r v < "$1"; } 2>/dev/null; }
            set -- $(uname -snrm 2>/dev/null)
            t uname "${1:-} ${3:-}" "${4:-}"
            t hostname "${2:-}"
            t cpus "$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null)" "$(getconf _NPROCESSORS_ONLN 2>/dev/null || nproc 2>/dev/null)"
            uid=$(id -u)
            t uid "$uid"
            t user "$(id -un)"
            for x in $tools; do
              p=$(command -v "$x" 2>/dev/null) || { t tool "$x"; continue; }
              case $x in
                iperf3|ethtool) v=$(to "$p" --version 2>&1 | first);;
                iperf) v=$(to "$p" -v 2>&1 | first);;
                netperf|netserver) v=$(to "$p" -V 2>&1 | first);;
                *) v=;;
              esac
              t tool "$x" "$p" "$v"
            done
            et=; [ "$mode" = full ] && command -v ethtool >/dev/null 2>&1 && et=1
            for d in /sys/class/net/*; do
              [ -e "$d" ] || continue
              n=${d##*/}
              sp=; [ -e "$d/device" ] && { rd "$d/speed"; sp=$v; }
              drv=
              if [ "$mode" = full ]; then
                [ -e "$d/device/driver" ] && drv=$(basename "$(readlink "$d/device/driver")")
                [ -z "$drv" ] && [ -n "$et" ] && drv=$(to ethtool -i "$n" 2>/dev/null | sed -n 's/^driver: //p' | first)
              fi
              rd "$d/mtu"; mtu=$v; rd "$d/operstate"; st=$v; rd "$d/address"; ad=$v; rd "$d/type"; ty=$v
              t if "$n" "$mtu" "$sp" "$st" "$drv" "$ad" "$ty"
              if [ -n "$et" ]; then
                to ethtool -k "$n" 2>/dev/null | grep -E '^(tcp-segmentation-offload|generic-segmentation-offload|generic-receive-offload|large-receive-offload|rx-checksumming|tx-checksumming|scatter-gather):' \\
                  | while IFS=: read -r k v; do set -- $v; t offload "$n" "$k" "$1"; done
              fi
            done
            if command -v ip >/dev/null 2>&1; then
              ip -o addr show 2>/dev/null | while read -r _ n _ a _; do t addr "${n%%@*}" "$a"; done
            fi
            if [ -n "$resolve" ] && command -v getent >/dev/null 2>&1; then
              t target $(getent ahosts "$resolve" | awk '{print $1}' | sort -u)
            fi
            if command -v ss >/dev/null 2>&1; then
              ss -Hltun 2>/dev/null | while read -r net _ _ _ a _; do t listen "$net" "$a"; done
            fi
            # NICs' NUMA nodes (-1 where the platform has none; virtual interfaces have no device) and the nodes'
            # CPUs, for the tuner: grep reads sysfs whole where the shell's read gets nothing from a cpulist
            grep -sH . /sys/class/net/*/device/numa_node | while IFS=: read -r f v; do
              f=${f%/device/numa_node}; t numa "${f##*/}" "$v"
            done
            grep -sH . /sys/devices/system/node/node[0-9]*/cpulist | while IFS=: read -r f v; do
              f=${f%/cpulist}; t node "${f##*/node}" "$v"
            done
            for x in ping taskset; do command -v $x >/dev/null 2>&1 && t has $x; done
            # The one command an MTU sweep runs as root: asked for exactly, as the documented sudoers rule allows
            # no more (sudo -n true would need NOPASSWD for everything).
            if [ -n "$sudoif" ] && [ "$uid" != 0 ]; then
              sudo -n -l linklab-mtu "$sudoif" 1500 >/dev/null 2>&1 && t sudo yes
            fi
            if [ "$mode" = full ]; then
              if [ -r /etc/os-release ]; then
                # read, not sourced: the file is shell syntax, and nothing in it should run
                osv() { sed -n "s/^$1=//p" /etc/os-release 2>/dev/null | first | sed -e 's/^"\\(.*\\)"$/\\1/' -e "s/^'\\(.*\\)'$/\\1/"; }
                t os "$(osv ID)" "$(osv ID_LIKE)" "$(osv PRETTY_NAME)"
              fi
              t cpu "$(grep -m1 -E '^(model name|Model|cpu model|Hardware)' /proc/cpuinfo 2>/dev/null | sed 's/^[^:]*:[[:space:]]*//' | first)"
              for k in net/core/rmem_max net/core/wmem_max net/core/rmem_default net/core/wmem_default \\
                       net/ipv4/tcp_rmem net/ipv4/tcp_wmem net/ipv4/tcp_congestion_control \\
                       net/ipv4/tcp_available_congestion_control net/ipv4/tcp_mtu_probing net/core/netdev_max_backlog; do
                [ -r /proc/sys/$k ] && t sysctl "$(echo $k | tr / .)" "$(tr '\\t' ' ' </proc/sys/$k)"
              done
            fi
            # SSH_CONNECTION is "client-ip client-port server-ip server-port": the interface holding the server
            # address is the one whose MTU must never change under our own session.
            set -- $SSH_CONNECTION
            t session "${3:-}"
            exit 0
            """;

    private ProbeScript() {}

    /**
     * The full probe, for the Probe view and `linklab probe`: every tool LinkLab drives, drivers, offloads,
     * sysctls and the distribution.
     */
    public static RemoteCommand full(List<String> tools) {
        return command("probe the host", true, tools, null, null);
    }

    /**
     * The brief probe before a run: only what the run checks, and fast.
     *
     * @param tool          the program the run starts
     * @param sudoInterface the interface whose MTU a non-root login must be allowed to set through sudo
     * @param resolve       a host name to look up as the host would (the client's target), or null
     */
    public static RemoteCommand brief(String tool, String sudoInterface, String resolve) {
        return command("probe the host", false, List.of(tool), sudoInterface, resolve);
    }

    /** Whether {@code c} is a {@link #brief} probe (its answer is the same for as long as a matrix runs). */
    public static boolean isBrief(RemoteCommand c) {
        List<String> argv = c.argv();
        return argv.size() > 4
                && argv.get(3).equals("linklab-probe")
                && argv.get(4).equals("brief");
    }

    private static RemoteCommand command(
            String description, boolean full, List<String> tools, String sudoInterface, String resolve) {
        List<String> argv = new ArrayList<>(List.of(
                "sh",
                "-c",
                SCRIPT,
                "linklab-probe",
                full ? "full" : "brief",
                String.join(" ", tools),
                sudoInterface == null ? "" : sudoInterface,
                resolve == null ? "" : resolve));
        return RemoteCommand.of(description, argv.toArray(String[]::new));
    }

    /** A record's fields after its kind: field(f, 1) is the first; null when missing or empty. */
    public static String field(String[] record, int i) {
        return i < record.length && !record[i].isEmpty() ? record[i] : null;
    }

    /** The output's records, each split at its tabs (the kind first). */
    public static List<String[]> records(String output) {
        List<String[]> out = new ArrayList<>();
        for (String line : output.split("\n")) {
            if (!line.isEmpty()) {
                out.add(line.split("\t", -1));
            }
        }
        return out;
    }
}
