package io.linklab.remote;

import com.jcraft.jsch.ConfigRepository;
import com.jcraft.jsch.JSch;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.OpenSSHConfig;
import com.jcraft.jsch.Proxy;
import com.jcraft.jsch.Session;
import io.linklab.concurrent.DaemonThreads;
import io.linklab.model.InvalidValueException;
import io.linklab.model.Validators;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;

/**
 * Opens SSH connections the way OpenSSH would for the same user: ~/.ssh/config (Host aliases, HostName,
 * User, Port, IdentityFile, ProxyJump, UserKnownHostsFile, HostKeyAlias), ssh-agent keys, key files
 * (ed25519, ECDSA, RSA; passphrases asked once and kept in memory), password as a fallback, known_hosts
 * verification. One connector per application or CLI run; it hands out one {@link SshTransport} per
 * host and connects many hosts in parallel.
 */
public final class SshConnector {

    private static final Logger LOG = Logger.getLogger(SshConnector.class.getName());
    private static final int MAX_JUMPS = 8;

    private final SshSettings settings;
    private final LoginPrompts prompts;
    private final ConfigRepository config;
    private final KeyRing keyRing;
    private final Map<String, char[]> passwords = new ConcurrentHashMap<>();
    private final Object promptLock = new Object();

    public SshConnector(SshSettings settings, LoginPrompts prompts) throws TransportException {
        this.settings = settings;
        this.prompts = prompts;
        this.keyRing = new KeyRing(settings);
        if (settings.sshConfig() != null) {
            try {
                this.config = OpenSSHConfig.parseFile(settings.sshConfig().toString());
            } catch (IOException e) {
                throw new TransportException(
                        "cannot read the ssh config " + settings.sshConfig() + ": " + e.getMessage(), e);
            }
        } else {
            this.config = ConfigRepository.nullConfig;
        }
    }

    public SshSettings settings() {
        return settings;
    }

    /** Logs in to one host and returns its transport (one connection, more opened when channels run out). */
    public SshTransport connect(SshTarget target) throws TransportException {
        Resolved r = resolve(target);
        SshTransport t = new SshTransport(this, r);
        t.open();
        return t;
    }

    /** The outcome of connecting one host: a transport, or the reason it failed. */
    public record Outcome(SshTarget target, SshTransport transport, String error, TransportException.Kind errorKind) {
        public boolean ok() {
            return transport != null;
        }
    }

    /** Connects all hosts at once, so a test over several hosts waits for the slowest, not the sum. */
    public List<Outcome> connectAll(List<SshTarget> targets) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(
                Math.max(1, Math.min(targets.size(), 16)), DaemonThreads.named("linklab-ssh-connect"));
        List<Future<SshTransport>> futures = new ArrayList<>();
        // What a Stop must close: each login made, whether before the Stop or (a login does not heed an interrupt)
        // after it; a connection left open would hold a session on its host for as long as the application runs.
        List<SshTransport> made = new ArrayList<>();
        AtomicBoolean abandoned = new AtomicBoolean();
        try {
            for (SshTarget t : targets) {
                futures.add(pool.submit(() -> {
                    SshTransport transport = connect(t);
                    synchronized (made) {
                        if (abandoned.get()) {
                            transport.close();
                            throw new TransportException(t.label() + ": the connection was given up");
                        }
                        made.add(transport);
                    }
                    return transport;
                }));
            }
            List<Outcome> out = new ArrayList<>();
            for (int i = 0; i < targets.size(); i++) {
                try {
                    out.add(new Outcome(targets.get(i), futures.get(i).get(), null, null));
                } catch (ExecutionException e) {
                    Throwable c = e.getCause();
                    out.add(new Outcome(
                            targets.get(i),
                            null,
                            c instanceof TransportException || c instanceof InvalidValueException
                                    ? c.getMessage()
                                    : "cannot connect to " + targets.get(i).label() + ": " + c,
                            c instanceof TransportException te ? te.kind() : TransportException.Kind.OTHER));
                }
            }
            return out;
        } catch (InterruptedException e) {
            synchronized (made) {
                abandoned.set(true);
                made.forEach(SshTransport::close);
            }
            futures.forEach(f -> f.cancel(true));
            throw e;
        } finally {
            pool.shutdownNow();
        }
    }

    /** A target with the ssh config applied: everything needed to open a session. */
    record Resolved(
            String label,
            String user,
            String hostName,
            int port,
            List<Path> identities,
            List<String> jumps,
            KnownHosts knownHosts,
            String hostKeyAlias) {}

    /**
     * Where a login checks host keys and what it may record.
     *
     * @param user   the user's known_hosts files; accepted keys go into the first
     * @param system the system-wide files, read only
     * @param hash   record host names hashed (HashKnownHosts yes)
     */
    record KnownHosts(List<Path> user, List<Path> system, boolean acceptNew, boolean hash) {}

    Resolved resolve(SshTarget target) {
        ConfigRepository.Config c = config.getConfig(target.host());
        String localUser = System.getProperty("user.name");
        String user = first(target.user(), c.getUser(), localUser);
        String hostName =
                c.getHostname() == null ? target.host() : c.getHostname().replace("%h", target.host());
        Validators.requireHostOrAddress("HostName of " + target.host() + " in " + settings.sshConfig(), hostName);
        Validators.requireUserName("SSH user of " + target.label(), user);
        int port = target.port() != 0 ? target.port() : c.getPort() > 0 ? c.getPort() : 22;
        Map<String, String> tokens = new LinkedHashMap<>();
        tokens.put("%%", "%");
        tokens.put("%h", hostName);
        tokens.put("%n", target.host());
        tokens.put("%p", String.valueOf(port));
        tokens.put("%r", user);
        tokens.put("%u", localUser);
        tokens.put("%d", SshSettings.home().toString());

        List<Path> ids = new ArrayList<>();
        if (settings.identity() != null) {
            ids.add(settings.identity());
        }
        if (target.identityFile() != null) {
            ids.add(expand(target.identityFile(), tokens));
        }
        String[] configured = c.getValues("IdentityFile");
        if (configured != null) {
            for (String f : configured) {
                ids.add(expand(f, tokens));
            }
        }
        if (ids.isEmpty()) {
            for (String d : List.of("id_ed25519", "id_ecdsa", "id_rsa")) {
                ids.add(SshSettings.home().resolve(".ssh").resolve(d));
            }
        }
        String jump = first(target.jumpHost(), c.getValue("ProxyJump"), null);
        List<String> jumps = jump == null || jump.equalsIgnoreCase("none")
                ? List.of()
                : Arrays.stream(jump.split(","))
                        .map(String::trim)
                        .filter(s -> !s.isEmpty())
                        .toList();
        return new Resolved(
                target.label(),
                user,
                hostName,
                port,
                List.copyOf(ids),
                jumps,
                knownHosts(c, tokens),
                c.getValue("HostKeyAlias"));
    }

    /** The known_hosts files and policy as OpenSSH takes them: explicit settings, else the config, else its defaults. */
    private KnownHosts knownHosts(ConfigRepository.Config c, Map<String, String> tokens) {
        List<Path> user = settings.knownHosts() != null
                ? List.of(settings.knownHosts())
                : files(c.getValue("UserKnownHostsFile"), tokens);
        if (user.isEmpty()) {
            Path ssh = SshSettings.home().resolve(".ssh");
            user = List.of(ssh.resolve("known_hosts"), ssh.resolve("known_hosts2"));
        }
        List<Path> system = settings.systemKnownHosts() != null
                ? List.of(settings.systemKnownHosts())
                : files(c.getValue("GlobalKnownHostsFile"), tokens);
        if (system.isEmpty() && c.getValue("GlobalKnownHostsFile") == null) {
            system = List.of(Path.of("/etc/ssh/ssh_known_hosts"), Path.of("/etc/ssh/ssh_known_hosts2"));
        }
        // OpenSSH's accept-new, or "no" (which LinkLab never honours as "trust anything": it records new
        // keys and still refuses changed ones).
        String strict = c.getValue("StrictHostKeyChecking");
        boolean acceptNew = settings.acceptNewHostKeys()
                || (strict != null
                        && List.of("accept-new", "no", "off")
                                .contains(strict.trim().toLowerCase(Locale.ROOT)));
        String hash = c.getValue("HashKnownHosts");
        return new KnownHosts(
                user, system, acceptNew, hash != null && hash.trim().equalsIgnoreCase("yes"));
    }

    /** A config value listing files ("none" for no file), expanded like IdentityFile. */
    private static List<Path> files(String value, Map<String, String> tokens) {
        if (value == null || value.isBlank()) {
            return List.of();
        }
        return Arrays.stream(value.trim().split("\\s+"))
                .filter(f -> !f.equalsIgnoreCase("none"))
                .map(f -> expand(f, tokens))
                .toList();
    }

    private static String first(String a, String b, String c) {
        return a != null ? a : b != null ? b : c;
    }

    private static Path expand(String file, Map<String, String> tokens) {
        String f = file.trim();
        if (f.length() > 1 && f.startsWith("\"") && f.endsWith("\"")) {
            f = f.substring(1, f.length() - 1);
        }
        if (f.equals("~") || f.startsWith("~/")) {
            f = SshSettings.home() + f.substring(1);
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < f.length(); i++) {
            String two = i + 1 < f.length() ? f.substring(i, i + 2) : "";
            if (tokens.containsKey(two)) {
                sb.append(tokens.get(two));
                i++;
            } else {
                sb.append(f.charAt(i));
            }
        }
        return Path.of(sb.toString());
    }

    /** An open session and the jump sessions it runs through. */
    record Connection(Session session, List<Session> jumps) {
        void close() {
            session.disconnect();
            for (int i = jumps.size() - 1; i >= 0; i--) {
                jumps.get(i).disconnect();
            }
        }

        boolean isConnected() {
            return session.isConnected();
        }
    }

    /** Opens a new session to a resolved target, through its jump hosts. */
    Connection open(Resolved r) throws TransportException {
        if (r.jumps().size() > MAX_JUMPS) {
            throw new TransportException("too many ProxyJump hops for " + r.label() + " (at most " + MAX_JUMPS + ")");
        }
        List<Session> jumps = new ArrayList<>();
        Proxy proxy = null;
        try {
            for (String hop : r.jumps()) {
                SshTarget hopTarget;
                try {
                    hopTarget = SshTarget.parse(hop.startsWith("ssh://") ? hop.substring(6) : hop);
                } catch (InvalidValueException e) {
                    throw new TransportException("ProxyJump of " + r.label() + ": " + e.getMessage());
                }
                Resolved hr = resolve(hopTarget);
                // A hop's own ProxyJump is not followed: the chain is the one written for the target.
                Resolved direct = new Resolved(
                        hr.label(),
                        hr.user(),
                        hr.hostName(),
                        hr.port(),
                        hr.identities(),
                        List.of(),
                        r.knownHosts(),
                        hr.hostKeyAlias());
                Session s = login(direct, proxy, " (jump host for " + r.label() + ")");
                jumps.add(s);
                proxy = new JumpProxy(s);
            }
            Session s = login(r, proxy, "");
            return new Connection(s, List.copyOf(jumps));
        } catch (TransportException e) {
            for (Session j : jumps) {
                j.disconnect();
            }
            throw e;
        }
    }

    private Session login(Resolved r, Proxy proxy, String role) throws TransportException {
        KnownHosts k = r.knownHosts();
        KnownHostsCheck check = new KnownHostsCheck(k.user(), k.system(), r.label(), k.acceptNew(), k.hash(), prompts);
        JSch jsch = new JSch();
        Session s;
        try {
            s = jsch.getSession(r.user(), r.hostName(), r.port());
        } catch (JSchException e) {
            throw new TransportException("cannot prepare the SSH login to " + r.label() + ": " + e.getMessage(), e);
        }
        s.setHostKeyRepository(check);
        if (r.hostKeyAlias() != null) {
            s.setHostKeyAlias(r.hostKeyAlias());
        }
        KeyRing.Keys ids = keyRing.offer(r.identities());
        s.setIdentityRepository(ids);
        String login = r.user() + "@" + r.hostName() + (r.port() == 22 ? "" : ":" + r.port());
        s.setUserInfo(new LoginPrompter(login, prompts, passwords, promptLock));
        s.setConfig("StrictHostKeyChecking", "yes");
        s.setConfig("PreferredAuthentications", "publickey,keyboard-interactive,password");
        s.setDaemonThread(true);
        if (proxy != null) {
            s.setProxy(proxy);
        }
        try {
            s.setServerAliveInterval((int) settings.keepAliveInterval().toMillis());
            s.setServerAliveCountMax(settings.keepAliveCountMax());
            s.connect((int) settings.connectTimeout().toMillis());
            return s;
        } catch (JSchException e) {
            s.disconnect();
            throw explain(r, role, e, check, ids);
        }
    }

    private TransportException explain(
            Resolved r, String role, JSchException e, KnownHostsCheck check, KeyRing.Keys ids) {
        String where = r.label() + role + " (" + r.hostName() + ":" + r.port() + ")";
        if (check.refusal() != null) {
            return new TransportException(TransportException.Kind.HOST_KEY, check.refusal(), e);
        }
        String msg = String.valueOf(e.getMessage());
        for (Throwable t = e; t != null; t = t.getCause()) {
            String why = whyUnreachable(t, r, where);
            if (why != null) {
                return new TransportException(TransportException.Kind.UNREACHABLE, why, e);
            }
        }
        if (msg.contains("timeout") || msg.contains("timed out")) {
            return new TransportException(TransportException.Kind.UNREACHABLE, noAnswer(where), e);
        }
        if (msg.startsWith("Auth fail") || msg.startsWith("Auth cancel")) {
            return new TransportException(
                    TransportException.Kind.LOGIN_REFUSED,
                    "login as " + r.user() + " on " + where + " was refused: " + ids.describe()
                            + " Check the user name, that the public key is in ~" + r.user()
                            + "/.ssh/authorized_keys on the"
                            + " host, or give the right key (--identity / IdentityFile).",
                    e);
        }
        return new TransportException("SSH connection to " + where + " failed: " + msg, e);
    }

    /** What a network failure on the way to the host says to the user, or null when {@code t} is none. */
    private String whyUnreachable(Throwable t, Resolved r, String where) {
        if (t instanceof ConnectException) {
            return "nothing accepts SSH connections on " + where
                    + ": connection refused. Is sshd running there, on this port?";
        }
        if (t instanceof NoRouteToHostException) {
            return where + " cannot be reached: no route to host. Check the"
                    + " management address and that the host and its link are up.";
        }
        if (t instanceof SocketTimeoutException) {
            return noAnswer(where);
        }
        if (t instanceof UnknownHostException) {
            return "cannot resolve the host name '" + r.hostName() + "' of " + r.label()
                    + ". Check the spelling, or define it as a Host in " + settingsConfigName() + ".";
        }
        return null;
    }

    private String noAnswer(String where) {
        return where + " did not answer within " + settings.connectTimeout().toSeconds()
                + " s. Check the management address, the link and any firewall.";
    }

    private String settingsConfigName() {
        return settings.sshConfig() == null
                ? "~/.ssh/config"
                : settings.sshConfig().toString();
    }
}
