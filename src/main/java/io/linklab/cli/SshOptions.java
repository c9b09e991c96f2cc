package io.linklab.cli;

import io.linklab.remote.LoginPrompts;
import io.linklab.remote.NewHostKey;
import io.linklab.remote.SshSettings;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/**
 * The SSH options `probe` and `test` share, turned into {@link SshSettings} the same way for both: the user's
 * ~/.ssh/config (or --ssh-config) with its aliases, HostName, User, Port, IdentityFile and
 * UserKnownHostsFile, overridden by what the command line states, as on ssh's own command line.
 */
final class SshOptions {

    static final Set<String> VALUE_FLAGS = Set.of("--identity", "--known-hosts", "--ssh-config");
    static final String ACCEPT_NEW = "--accept-new-host-keys";

    /** The lines of the commands' help that describe these options. */
    static final String HELP = """
              --ssh-config FILE         OpenSSH client config: Host aliases, HostName, User, Port, IdentityFile,
                                        UserKnownHostsFile, ProxyJump (default ~/.ssh/config)
              --identity KEYFILE        private key to try first
              --known-hosts FILE        known_hosts to check host keys against and record new ones in
                                        (default: the ssh config's UserKnownHostsFile, else ~/.ssh/known_hosts;
                                        /etc/ssh/ssh_known_hosts is read as well)
              --accept-new-host-keys    trust and record host keys never seen before, like ssh's
                                        StrictHostKeyChecking=accept-new (changed keys are always refused)
            """;

    private SshOptions() {
    }

    /**
     * The settings the flags ask for.
     *
     * @param values the value flags given, by flag (others are ignored)
     */
    static SshSettings settings(Map<String, String> values, boolean acceptNew) {
        SshSettings s = SshSettings.defaults().withAcceptNewHostKeys(acceptNew);
        if (values.containsKey("--ssh-config")) {
            s = s.withSshConfig(readable("--ssh-config", values.get("--ssh-config")));
        }
        if (values.containsKey("--identity")) {
            s = s.withIdentity(readable("--identity", values.get("--identity")));
        }
        if (values.containsKey("--known-hosts")) {
            Path known = Path.of(values.get("--known-hosts"));
            if (!Files.isReadable(known) && !acceptNew) {
                throw new UsageException("--known-hosts: cannot read " + known + " (add " + ACCEPT_NEW
                        + " to create it with the hosts' keys)");
            }
            s = s.withKnownHosts(known);
        }
        return s;
    }

    private static Path readable(String flag, String v) {
        Path p = Path.of(v);
        if (!Files.isReadable(p)) {
            throw new UsageException(flag + ": cannot read " + p);
        }
        return p;
    }

    /**
     * The CLI's answers to login questions: it asks nothing (no terminal dialogue in a scripted run), and
     * reports each host key it records on stderr as ssh does.
     */
    static LoginPrompts prompts(PrintStream err) {
        // LoginPrompts.NONE's answers, plus the "Permanently added" line.
        return new LoginPrompts() {
            @Override
            public char[] passphrase(String login, String keyFile) {
                return NONE.passphrase(login, keyFile);
            }

            @Override
            public char[] password(String login) {
                return NONE.password(login);
            }

            @Override
            public boolean acceptNewHostKey(NewHostKey key) {
                return NONE.acceptNewHostKey(key);
            }

            @Override
            public void hostKeyAdded(NewHostKey key) {
                err.println(key.permanentlyAdded());
            }
        };
    }
}
