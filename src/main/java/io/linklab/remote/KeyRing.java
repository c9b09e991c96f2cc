package io.linklab.remote;

import com.jcraft.jsch.AgentIdentityRepository;
import com.jcraft.jsch.AgentProxyException;
import com.jcraft.jsch.Identity;
import com.jcraft.jsch.IdentityRepository;
import com.jcraft.jsch.JSch;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.SSHAgentConnector;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;

/** The keys a login offers: ssh-agent's and the key files, each file loaded once per connector. */
final class KeyRing {

    private static final Logger LOG = Logger.getLogger(KeyRing.class.getName());

    private final SshSettings settings;
    // Keys are decrypted in place by JSch; sharing them means a passphrase is asked once per run.
    private final Map<Path, List<Identity>> keys = new ConcurrentHashMap<>();

    KeyRing(SshSettings settings) {
        this.settings = settings;
    }

    Keys offer(List<Path> identityFiles) {
        List<Identity> files = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (Path p : identityFiles) {
            List<Identity> loaded = keys.computeIfAbsent(p.toAbsolutePath(), KeyRing::loadKey);
            if (loaded.isEmpty()) {
                missing.add(p.toString());
            }
            files.addAll(loaded);
        }
        IdentityRepository agent = null;
        Path socket = settings.agentSocket() != null
                ? settings.agentSocket()
                : System.getenv("SSH_AUTH_SOCK") != null ? Path.of(System.getenv("SSH_AUTH_SOCK")) : null;
        if (settings.useAgent() && socket != null) {
            try {
                agent = new AgentIdentityRepository(new SSHAgentConnector(socket));
            } catch (AgentProxyException e) {
                LOG.info("ssh-agent not usable: " + e.getMessage());
            }
        }
        return new Keys(agent, files, identityFiles, missing);
    }

    private static List<Identity> loadKey(Path p) {
        if (!Files.isReadable(p)) {
            return List.of();
        }
        try {
            JSch jsch = new JSch();
            jsch.addIdentity(p.toString());
            return List.copyOf(jsch.getIdentityRepository().getIdentities());
        } catch (JSchException e) {
            LOG.warning("cannot use the key " + p + ": " + e.getMessage());
            return List.of();
        }
    }

    /** The agent's keys first, then the key files, as OpenSSH orders them. */
    static final class Keys implements IdentityRepository {
        private final IdentityRepository agent;
        private final List<Identity> files;
        private final List<Path> tried;
        private final List<String> missing;

        Keys(IdentityRepository agent, List<Identity> files, List<Path> tried, List<String> missing) {
            this.agent = agent;
            this.files = files;
            this.tried = tried;
            this.missing = missing;
        }

        @Override
        public String getName() {
            return "linklab";
        }

        @Override
        public int getStatus() {
            return RUNNING;
        }

        @Override
        public Vector<Identity> getIdentities() {
            Vector<Identity> v = new Vector<>();
            if (agent != null && agent.getStatus() == RUNNING) {
                v.addAll(agent.getIdentities());
            }
            v.addAll(files);
            return v;
        }

        String describe() {
            int agentKeys = agent != null && agent.getStatus() == RUNNING
                    ? agent.getIdentities().size()
                    : 0;
            return "none of the keys was accepted (ssh-agent: " + (agent == null ? "not used" : agentKeys + " keys")
                    + "; key files tried: "
                    + tried.stream()
                            .filter(p -> !missing.contains(p.toString()))
                            .map(Path::toString)
                            .toList() + (missing.isEmpty() ? "" : "; not found: " + missing)
                    + ") and no password was given.";
        }

        @Override
        public boolean add(byte[] identity) {
            return false;
        }

        @Override
        public boolean remove(byte[] blob) {
            return false;
        }

        @Override
        public void removeAll() {}
    }
}
