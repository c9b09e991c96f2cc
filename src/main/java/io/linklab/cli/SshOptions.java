package io.linklab.cli;

import io.linklab.remote.LoginPrompts;
import io.linklab.remote.NewHostKey;
import io.linklab.remote.SshSettings;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The SSH options `probe` and `test` share, turned into {@link SshSettings} the same way for both: the user's
 * ~/.ssh/config (or --ssh-config) with its aliases, HostName, User, Port, IdentityFile and
 * UserKnownHostsFile, overridden by what the command line states, as on ssh's own command line. A mixin of both
 * commands; its options are section 2 of their --help ({@link OptionSections}).
 */
final class SshOptions {

    static final String ACCEPT_NEW = "--accept-new-host-keys";

    @Option(
            order = 201,
            names = "--ssh-config",
            paramLabel = "FILE",
            description = {
                "OpenSSH client config: Host "
                        + "aliases, HostName, User, Port, IdentityFile, UserKnownHostsFile, ProxyJump (default ~/.ssh/config)"
            })
    Path sshConfig;

    @Option(order = 202, names = "--identity", paramLabel = "KEYFILE", description = "private key to try first")
    Path identity;

    @Option(
            order = 203,
            names = "--known-hosts",
            paramLabel = "FILE",
            description = {
                "host keys to check and add "
                        + "to; default ~/.ssh/known_hosts, or the ssh config's UserKnownHostsFile; /etc/ssh/ssh_known_hosts is read "
                        + "too"
            })
    Path knownHosts;

    @Option(
            order = 204,
            names = ACCEPT_NEW,
            description = {
                "trust and record host keys never seen before, like ssh's "
                        + "StrictHostKeyChecking=accept-new, saying so on stderr as ssh does (changed keys are always refused)"
            })
    boolean acceptNewHostKeys;

    /**
     * The ssh options that log in as these options did, for a printed script (`ssh -F CONFIG -i KEY -o
     * UserKnownHostsFile=FILE`): a key, config or host-key file given here is what reached the hosts.
     */
    List<String> scriptOptions() {
        List<String> options = new ArrayList<>();
        if (sshConfig != null) {
            options.addAll(List.of("-F", sshConfig.toAbsolutePath().toString()));
        }
        if (identity != null) {
            options.addAll(List.of("-i", identity.toAbsolutePath().toString()));
        }
        if (knownHosts != null) {
            options.addAll(List.of("-o", "UserKnownHostsFile=" + knownHosts.toAbsolutePath()));
        }
        return options;
    }

    /** The settings the flags ask for. */
    SshSettings settings() {
        SshSettings s = SshSettings.defaults().withAcceptNewHostKeys(acceptNewHostKeys);
        if (sshConfig != null) {
            s = s.withSshConfig(readable("--ssh-config", sshConfig));
        }
        if (identity != null) {
            s = s.withIdentity(readable("--identity", identity));
        }
        if (knownHosts != null) {
            if (!Files.isReadable(knownHosts) && !acceptNewHostKeys) {
                throw new UsageException("--known-hosts: cannot read " + knownHosts + " (add " + ACCEPT_NEW
                        + " to create it with the hosts' keys)");
            }
            s = s.withKnownHosts(knownHosts);
        }
        return s;
    }

    private static Path readable(String flag, Path p) {
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
