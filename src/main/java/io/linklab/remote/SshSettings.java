package io.linklab.remote;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * How SSH connections are made. The timeouts bound every failure (decision record 0201): a host that
 * does not answer fails after {@code connectTimeout}; a connection whose peer stops answering (link
 * down, host frozen) is declared lost after {@code keepAliveInterval × (keepAliveCountMax + 1)}.
 *
 * @param sshConfig          OpenSSH client config to honour, null for none
 * @param knownHosts         known_hosts to check and record in; null means the config's
 *                           UserKnownHostsFile, else ~/.ssh/known_hosts
 * @param systemKnownHosts   the system-wide known_hosts, read with it; null means the config's
 *                           GlobalKnownHostsFile, else /etc/ssh/ssh_known_hosts
 * @param identity           private key to try first (CLI --identity), null for none
 * @param acceptNewHostKeys  record unknown host keys without asking (CLI --accept-new-host-keys, like
 *                           OpenSSH's StrictHostKeyChecking=accept-new); changed keys are always refused
 * @param useAgent           try the keys of a running ssh-agent
 * @param agentSocket        the agent's socket; null means $SSH_AUTH_SOCK
 */
public record SshSettings(
        Path sshConfig,
        Path knownHosts,
        Path systemKnownHosts,
        Path identity,
        boolean acceptNewHostKeys,
        boolean useAgent,
        Path agentSocket,
        Duration connectTimeout,
        Duration keepAliveInterval,
        int keepAliveCountMax) {

    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    public static final Duration KEEP_ALIVE_INTERVAL = Duration.ofSeconds(2);
    public static final int KEEP_ALIVE_COUNT_MAX = 2;

    /** ~/.ssh/config if present, known_hosts files as it says (else OpenSSH's), agent on, the documented timeouts. */
    public static SshSettings defaults() {
        Path config = home().resolve(".ssh").resolve("config");
        return new SshSettings(
                Files.isReadable(config) ? config : null,
                null,
                null,
                null,
                false,
                true,
                null,
                CONNECT_TIMEOUT,
                KEEP_ALIVE_INTERVAL,
                KEEP_ALIVE_COUNT_MAX);
    }

    public SshSettings withSshConfig(Path p) {
        return with(p, knownHosts, systemKnownHosts, identity, acceptNewHostKeys, useAgent, agentSocket);
    }

    public SshSettings withKnownHosts(Path p) {
        return with(sshConfig, p, systemKnownHosts, identity, acceptNewHostKeys, useAgent, agentSocket);
    }

    public SshSettings withSystemKnownHosts(Path p) {
        return with(sshConfig, knownHosts, p, identity, acceptNewHostKeys, useAgent, agentSocket);
    }

    public SshSettings withIdentity(Path p) {
        return with(sshConfig, knownHosts, systemKnownHosts, p, acceptNewHostKeys, useAgent, agentSocket);
    }

    public SshSettings withAcceptNewHostKeys(boolean b) {
        return with(sshConfig, knownHosts, systemKnownHosts, identity, b, useAgent, agentSocket);
    }

    public SshSettings withAgent(boolean use, Path socket) {
        return with(sshConfig, knownHosts, systemKnownHosts, identity, acceptNewHostKeys, use, socket);
    }

    public SshSettings withAgent(boolean use) {
        return withAgent(use, agentSocket);
    }

    /** The one copy behind the withers: where keys and host keys come from may change, the timeouts stay. */
    private SshSettings with(
            Path config, Path known, Path systemKnown, Path key, boolean acceptNew, boolean agent, Path socket) {
        return new SshSettings(
                config,
                known,
                systemKnown,
                key,
                acceptNew,
                agent,
                socket,
                connectTimeout,
                keepAliveInterval,
                keepAliveCountMax);
    }

    /** How long after the last sign of life a connection is declared lost. */
    public Duration lostAfter() {
        return keepAliveInterval.multipliedBy(keepAliveCountMax + 1L);
    }

    static Path home() {
        return Path.of(System.getProperty("user.home"));
    }
}
