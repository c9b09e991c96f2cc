package io.linklab.engine;

import io.linklab.model.Validators;
import io.linklab.remote.CommandResult;
import io.linklab.remote.RemoteCommand;
import io.linklab.remote.ShellQuote;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import io.linklab.tools.command.ToolCommand;
import java.time.Duration;
import java.util.List;

/**
 * Probes a host in a single command (one round trip, so a run starts fast): facts, the tool and its
 * version, the given interfaces, every address with its interface, listening ports, which interface the SSH
 * session comes in on and, on the client, what the target's name resolves to there.
 */
final class Preflight {

    private Preflight() {
    }

    /**
     * @param resolve a host name to look up as the host would (the client's target, when it is not an address),
     *                or null
     */
    static RemoteCommand probe(ToolCommand tool, List<String> interfaces, String resolve) {
        StringBuilder s = new StringBuilder();
        s.append("echo kernel=$(uname -sr); echo hostname=$(uname -n); echo uid=$(id -u); ");
        s.append("echo cpus=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN); ");
        s.append("p=$(command -v ").append(tool.program()).append(") && { echo tool.path=$p; ");
        s.append("echo tool.version=$(").append(tool.version().lineAsRun(false))
                .append(" 2>&1 | head -n 1); }; ");
        s.append("for i in /sys/class/net/*; do echo if=${i##*/}; done; ");
        // "addr.198.19.0.2=data0": what a target must be to reach this host.
        s.append("ip -o addr show 2>/dev/null | awk '{split($4, p, \"/\"); sub(/@.*/, \"\", $2); ");
        s.append("print \"addr.\" p[1] \"=\" $2}'; ");
        if (resolve != null) {
            Validators.requireHostOrAddress("target", resolve);
            s.append("command -v getent >/dev/null && echo target.addresses=$(getent ahosts ")
                    .append(ShellQuote.quote(resolve)).append(" | awk '{print $1}' | sort -u); ");
        }
        for (String iface : interfaces) {
            Validators.requireInterfaceName("interface", iface);
            String d = "/sys/class/net/" + iface;
            s.append("[ -d ").append(d).append(" ] && { echo if.").append(iface).append(".mtu=$(cat ").append(d)
                    .append("/mtu); echo if.").append(iface).append(".state=$(cat ").append(d).append("/operstate); ")
                    .append("echo if.").append(iface).append(".speed=$(cat ").append(d)
                    .append("/speed 2>/dev/null); }; ");
        }
        // SSH_CONNECTION is "client-ip client-port server-ip server-port": the interface holding the
        // server address is the one whose MTU must never change under our own session.
        s.append("if [ -n \"$SSH_CONNECTION\" ]; then set -- $SSH_CONNECTION; echo ssh.address=$3; ");
        s.append("echo ssh.interface=$(ip -o addr show 2>/dev/null | awk -v a=\"$3\" ");
        s.append("'{split($4, p, \"/\"); if (p[1] == a) {print $2; exit}}'); fi; ");
        s.append("ss -Hltn 2>/dev/null | awk '{print \"listen.tcp=\" $4}'; ");
        s.append("ss -Hlun 2>/dev/null | awk '{print \"listen.udp=\" $4}'; ");
        s.append("command -v ping >/dev/null && echo ping=yes; ");
        s.append("command -v taskset >/dev/null && echo taskset=yes; ");
        // The one command an MTU sweep runs as root: asked for exactly, as the documented sudoers rule allows
        // no more (sudo -n true would need NOPASSWD for everything).
        String probeIf = interfaces.isEmpty() ? "lo" : interfaces.get(0);
        s.append("echo user=$(id -un); ");
        s.append("[ \"$(id -u)\" = 0 ] || { sudo -n -l ip link set dev ").append(probeIf)
                .append(" mtu 1500 >/dev/null 2>&1 && echo sudo=yes; }; true");
        return RemoteCommand.of("probe the host", "sh", "-c", s.toString());
    }

    static HostFacts run(Transport t, ToolCommand tool, List<String> interfaces, String resolve)
            throws TransportException, InterruptedException {
        // brief: on SSH it runs in the launcher that the server or client then takes, no login shell of its own
        CommandResult r = t.runBrief(probe(tool, interfaces, resolve), Duration.ofSeconds(15));
        if (r.timedOut()) {
            throw new TransportException(t.hostLabel() + " did not answer the preflight probe within 15 s");
        }
        return HostFacts.parse(r.stdout());
    }
}
