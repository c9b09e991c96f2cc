package io.linklab.remote;

import java.time.Duration;
import java.util.Optional;

/**
 * Finds the interface that carries the SSH session to a host, so the engine never changes its MTU
 * (or anything else) and cuts itself off. The host's sshd tells the session's addresses in
 * $SSH_CONNECTION; the interface holding the server address is the one, else the route to the client.
 */
public final class SessionInterface {

    static final String SCRIPT = """
            set -- $SSH_CONNECTION
            [ -n "$3" ] || exit 0
            found=$(ip -o addr show 2>/dev/null | while read -r _ n _ a _; do
              [ "${a%/*}" = "$3" ] && echo "${n%%@*}"; done | head -n 1)
            [ -z "$found" ] && found=$(ip -o route get "$1" 2>/dev/null | sed -n 's/.* dev \\([^ ]*\\).*/\\1/p' | head -n 1)
            echo "$found"
            """;

    private SessionInterface() {
    }

    /** The interface name, or empty when the transport is not an SSH session (local runs). */
    public static Optional<String> of(Transport transport) throws TransportException, InterruptedException {
        CommandResult r = transport.run(RemoteCommand.of("find the interface of the SSH session", "sh", "-c", SCRIPT),
                Duration.ofSeconds(15));
        if (!r.ok()) {
            throw new TransportException("cannot find the interface of the SSH session on " + transport.hostLabel()
                    + ": " + r.stderr().trim());
        }
        String name = r.stdout().trim();
        return name.isEmpty() ? Optional.empty() : Optional.of(name);
    }
}
