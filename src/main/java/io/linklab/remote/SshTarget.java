package io.linklab.remote;

import io.linklab.model.HostSpec;
import io.linklab.model.InvalidValueException;
import io.linklab.model.Validators;
import java.util.Optional;

/**
 * A host to log in to, as the user gave it: an ssh config alias or an address, with what the user
 * stated explicitly (explicit values win over the ssh config, as with OpenSSH's command line).
 *
 * @param user         login name, null for the ssh config's or the local user's
 * @param host         alias or address
 * @param port         0 for the ssh config's or 22
 * @param identityFile key to try first, null for none
 * @param jumpHost     ProxyJump spec ([user@]host[:port][,...]), null for the ssh config's or none
 */
public record SshTarget(String user, String host, int port, String identityFile, String jumpHost) {

    public SshTarget {
        if (user != null && user.isEmpty()) {
            user = null;
        }
        if (user != null) {
            Validators.requireUserName("SSH user", user);
        }
        Validators.requireHostOrAddress("SSH host", host);
        if (port != 0) {
            Validators.requirePort("SSH port", port);
        }
        if (jumpHost != null && jumpHost.isBlank()) {
            jumpHost = null;
        }
    }

    /**
     * Parses {@code [user@]host[:port]}, an IPv6 address in brackets when a port follows ({@code [fd00::2]:2222});
     * a bare IPv6 address has no port. The one parser of SSH logins: plans, the command line, probes and jump
     * hosts all come through here.
     *
     * @throws InvalidValueException naming the part that is wrong and what is expected
     */
    public static SshTarget parse(String login) {
        if (login == null || login.isBlank()) {
            throw new InvalidValueException("SSH login", login, "a login is needed: user@host[:port]");
        }
        String user = null;
        String rest = login;
        int at = login.lastIndexOf('@');
        if (at >= 0) {
            user = login.substring(0, at);
            rest = login.substring(at + 1);
            if (user.isEmpty()) {
                throw new InvalidValueException("SSH login", login, "expected user@host[:port]; nothing before '@'");
            }
        }
        int port = 0;
        String host = rest;
        if (rest.startsWith("[")) {
            int close = rest.indexOf(']');
            if (close < 0) {
                throw new InvalidValueException("SSH login", login, "expected [IPv6]:port");
            }
            host = rest.substring(1, close);
            if (rest.length() > close + 1) {
                if (rest.charAt(close + 1) != ':') {
                    throw new InvalidValueException("SSH login", login, "expected [IPv6]:port");
                }
                port = parsePort(rest.substring(close + 2));
            }
        } else if (rest.indexOf(':') >= 0 && rest.indexOf(':') == rest.lastIndexOf(':')) {
            host = rest.substring(0, rest.indexOf(':'));
            port = parsePort(rest.substring(rest.indexOf(':') + 1));
        }
        return new SshTarget(user, host, port, null, null);
    }

    /** What is wrong with a {@code [user@]host[:port]} login, in words for a form; empty when it parses. */
    public static Optional<String> problem(String login) {
        try {
            parse(login);
            return Optional.empty();
        } catch (InvalidValueException e) {
            return Optional.of(e.expected());
        }
    }

    /**
     * What is wrong with a ProxyJump value, a comma-separated list of {@code [user@]host[:port]} hops; empty when every
     * hop parses. ssh turns {@code -J} into a command line of its own, so nothing else may pass.
     */
    public static Optional<String> jumpProblem(String jump) {
        for (String hop : jump.split(",", -1)) {
            Optional<String> p = problem(hop);
            if (p.isPresent()) {
                return Optional.of("expected [user@]host[:port], or several separated by ',': " + p.get());
            }
        }
        return Optional.empty();
    }

    /**
     * Whether commands on a plan's end run as root: its login's user, or for {@code local} and a login that
     * leaves the user to the ssh config, this machine's user.
     */
    public static boolean runsAsRoot(String login) {
        String user = HostSpec.LOCAL.equals(login) ? null : parse(login).user();
        return "root".equals(user == null ? System.getProperty("user.name") : user);
    }

    private static int parsePort(String p) {
        try {
            return Validators.requirePort("SSH port", Integer.parseInt(p));
        } catch (NumberFormatException e) {
            throw new InvalidValueException("SSH port", p, "expected a port from 1 to 65535");
        }
    }

    public static SshTarget of(HostSpec spec) {
        return new SshTarget(
                spec.sshUser(), spec.managementAddress(), spec.sshPort(), spec.identityFile(), spec.jumpHost());
    }

    /** user@host:port as the user wrote it (parts left to the ssh config omitted). */
    public String label() {
        String h = host.contains(":") && port != 0 ? "[" + host + "]" : host;
        return (user == null ? "" : user + "@") + h + (port == 0 ? "" : ":" + port);
    }
}
