package io.linklab.remote;

import io.linklab.model.HostSpec;
import io.linklab.model.Validators;

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

    /** Parses {@code [user@]host[:port]} (an IPv6 address in brackets when a port follows). */
    public static SshTarget parse(String login) {
        String user = null;
        String rest = login;
        int at = login.lastIndexOf('@');
        if (at >= 0) {
            user = login.substring(0, at);
            rest = login.substring(at + 1);
        }
        int port = 0;
        String host = rest;
        if (rest.startsWith("[")) {
            int close = rest.indexOf(']');
            if (close < 0) {
                throw new io.linklab.model.InvalidValueException("SSH login", login, "expected [IPv6]:port");
            }
            host = rest.substring(1, close);
            if (rest.length() > close + 1) {
                if (rest.charAt(close + 1) != ':') {
                    throw new io.linklab.model.InvalidValueException("SSH login", login, "expected [IPv6]:port");
                }
                port = parsePort(login, rest.substring(close + 2));
            }
        } else if (rest.indexOf(':') >= 0 && rest.indexOf(':') == rest.lastIndexOf(':')) {
            host = rest.substring(0, rest.indexOf(':'));
            port = parsePort(login, rest.substring(rest.indexOf(':') + 1));
        }
        return new SshTarget(user, host, port, null, null);
    }

    private static int parsePort(String login, String p) {
        try {
            return Validators.requirePort("SSH port", Integer.parseInt(p));
        } catch (NumberFormatException e) {
            throw new io.linklab.model.InvalidValueException("SSH port", p, "expected a port from 1 to 65535");
        }
    }

    public static SshTarget of(HostSpec spec) {
        return new SshTarget(spec.sshUser(), spec.managementAddress(), spec.sshPort(), spec.identityFile(),
                spec.jumpHost());
    }

    /** user@host:port as the user wrote it (parts left to the ssh config omitted). */
    public String label() {
        String h = host.contains(":") && port != 0 ? "[" + host + "]" : host;
        return (user == null ? "" : user + "@") + h + (port == 0 ? "" : ":" + port);
    }
}
