package io.linklab.tools.command;

import io.linklab.model.HostSpec;
import io.linklab.model.Validators;
import java.util.Optional;

/** The "user@host[:port]" or "local" spelling of an SSH login in plans and on the command line. */
public final class Logins {

    /** A login split into its parts; user is null when not given. */
    public record Login(String user, String host, int port) {
        public boolean isLocal() {
            return HostSpec.LOCAL.equals(host);
        }
    }

    private Logins() {
    }

    public static Optional<String> problem(String login) {
        try {
            parse(login);
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** @throws IllegalArgumentException with the reason, for a login that is not user@host[:port] or local */
    public static Login parse(String login) {
        if (login == null || login.isBlank()) {
            throw new IllegalArgumentException("a login is needed: user@host[:port] or local");
        }
        if (login.equals(HostSpec.LOCAL)) {
            return new Login(null, HostSpec.LOCAL, 0);
        }
        String rest = login;
        String user = null;
        int at = rest.lastIndexOf('@');
        if (at >= 0) {
            user = rest.substring(0, at);
            rest = rest.substring(at + 1);
            if (Validators.userName(user).isPresent()) {
                throw new IllegalArgumentException("expected user@host[:port]; '" + user + "' is not a login name");
            }
        }
        int port = 22;
        String host = rest;
        if (rest.startsWith("[")) {
            int close = rest.indexOf(']');
            if (close < 0) {
                throw new IllegalArgumentException("expected [IPv6]:port");
            }
            host = rest.substring(1, close);
            String tail = rest.substring(close + 1);
            if (!tail.isEmpty()) {
                port = port(tail.startsWith(":") ? tail.substring(1) : tail);
            }
        } else if (rest.indexOf(':') >= 0 && rest.indexOf(':') == rest.lastIndexOf(':')) {
            host = rest.substring(0, rest.indexOf(':'));
            port = port(rest.substring(rest.indexOf(':') + 1));
        }
        Optional<String> hostProblem = Validators.hostOrAddress(host);
        if (hostProblem.isPresent()) {
            throw new IllegalArgumentException(hostProblem.get());
        }
        return new Login(user, host, port);
    }

    private static int port(String s) {
        try {
            int p = Integer.parseInt(s);
            if (p >= 1 && p <= 65535) {
                return p;
            }
        } catch (NumberFormatException e) {
            // fall through to the message
        }
        throw new IllegalArgumentException("expected an SSH port from 1 to 65535 after ':', not '" + s + "'");
    }
}
