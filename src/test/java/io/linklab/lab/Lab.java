package io.linklab.lab;

import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.remote.SshSettings;
import io.linklab.testing.Await;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The namespace test lab made by src/test/lab/lab.sh, as lab tests see it. Lab tests are tagged
 * "lab" and run with -Plab; when the lab is not up they fail with the command that brings it up.
 */
public final class Lab {

    /** Where lab.sh up records each lab's folder (a symlink lab-N), writable by root alone. */
    static final Path POINTERS = Path.of("/run/linklab");

    private final Map<String, String> env;

    private Lab(Map<String, String> env) {
        this.env = env;
    }

    /**
     * The lab of this test JVM: run-all-tests.sh runs the tests in two surefire forks and gives each a lab of its
     * own ({@code linklab.labIds}, one id per fork, numbered by {@code linklab.fork}), so that the lab tests of one
     * fork never meet the other's processes, MTUs or stopped sshd on a host. A plain {@code mvn -Plab test} has one
     * fork and the lab of LINKLAB_LAB_ID (default 0).
     */
    static String labId() {
        String ids = System.getProperty("linklab.labIds", "").trim();
        if (ids.isEmpty()) {
            return System.getenv().getOrDefault("LINKLAB_LAB_ID", "0");
        }
        // two forks on one lab would meet on its hosts: no lab at all is the clearer failure
        String given = System.getProperty("linklab.fork", "");
        String fork = given.replaceFirst("^fork", "");
        if (!fork.matches("[1-9][0-9]?")) {
            throw new IllegalStateException(
                    "linklab.labIds names a lab per test fork (" + ids + "), but this JVM's fork number is not known "
                            + "(linklab.fork='" + given + "'): see surefire's systemPropertyVariables in pom.xml");
        }
        String[] each = ids.split(",");
        int i = Integer.parseInt(fork) - 1;
        if (i >= each.length) {
            throw new IllegalStateException(
                    "test fork " + fork + " has no lab: linklab.labIds names " + each.length + " (" + ids + ")");
        }
        return each[i].trim();
    }

    /**
     * The lab of {@link #labId()}, found the way lab.sh finds it: through the symlink
     * /run/linklab/lab-N to the folder lab.sh up made with mktemp -d. Both must belong to root and be
     * writable by nobody else, so no other user can slip the tests a lab of their own.
     */
    public static Lab get() {
        String id = labId();
        if (!id.matches("[0-9]{1,2}")) {
            throw new IllegalStateException("LINKLAB_LAB_ID must be 0..99, not '" + id + "'");
        }
        Path pointer = POINTERS.resolve("lab-" + id);
        if (!Files.isSymbolicLink(pointer)) {
            throw new IllegalStateException("The namespace test lab " + id + " is not up (no " + pointer + "). "
                    + "Bring it up as root with: LINKLAB_LAB_ID=" + id + " bash src/test/lab/lab.sh up");
        }
        Path envFile;
        try {
            Path dir = Files.readSymbolicLink(pointer);
            requireRootOnly(POINTERS);
            requireRootOnly(dir);
            envFile = dir.resolve("lab.env");
            requireRootOnly(envFile);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the lab folder from " + pointer + ": " + e.getMessage(), e);
        }
        Map<String, String> values = new HashMap<>();
        try {
            for (String line : Files.readAllLines(envFile)) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    values.put(line.substring(0, eq), line.substring(eq + 1));
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + envFile + ": " + e.getMessage(), e);
        }
        return new Lab(values);
    }

    /** Refuses a path that is a symlink, not root's, or writable by group or others. */
    private static void requireRootOnly(Path p) throws IOException {
        int uid = (Integer) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS);
        if (Files.isSymbolicLink(p)
                || uid != 0
                || perms.contains(PosixFilePermission.GROUP_WRITE)
                || perms.contains(PosixFilePermission.OTHERS_WRITE)) {
            throw new IllegalStateException(p + " is not root's alone (owner uid " + uid + ", "
                    + PosixFilePermissions.toString(perms) + "): not trusted as the lab. "
                    + "Bring the lab up again as root with: bash src/test/lab/lab.sh up");
        }
    }

    public String value(String key) {
        String v = env.get(key);
        if (v == null) {
            throw new IllegalStateException("lab.env has no " + key);
        }
        return v;
    }

    /**
     * The iperf3 3.21 built from the vendored release source by src/test/lab/iperf3-build.sh (which
     * run-all-tests.sh runs and names in {@code linklab.iperf3.latest}); the lab hosts share this machine's files,
     * so the same path runs it on every host.
     */
    public static Path iperf3Latest() {
        Path bin = Path.of(System.getProperty("linklab.iperf3.latest", "/opt/linklab-test/iperf-3.21/bin/iperf3"));
        if (!Files.isExecutable(bin)) {
            throw new IllegalStateException("iperf3 3.21 is not built at " + bin + ". Build it once as root with: "
                    + "bash src/test/lab/iperf3-build.sh");
        }
        return bin;
    }

    public Path identity() {
        return Path.of(value("IDENTITY"));
    }

    public Path knownHosts() {
        return Path.of(value("KNOWN_HOSTS"));
    }

    public Path sshConfig() {
        return Path.of(value("SSH_CONFIG"));
    }

    /** `linklab test` from h1 to h2's data address, the hosts named as aliases of the lab's ssh config. */
    public List<String> testThroughSshConfig() {
        return testThroughSshConfig(sshConfig());
    }

    /** The same through another ssh config (the lab's, changed by the test). */
    public List<String> testThroughSshConfig(Path config) {
        return List.of(
                "test", "--client", "h1", "--server", "h2", "--target", h2().data(), "--ssh-config", config.toString());
    }

    /** LinkLab's SSH settings for the lab's hosts: its key and known_hosts, no ssh config, no agent. */
    public SshSettings sshSettings() {
        return SshSettings.defaults()
                .withSshConfig(null)
                .withKnownHosts(knownHosts())
                .withIdentity(identity())
                .withAgent(false);
    }

    /** OpenSSH's client running one command on a host as root, through the lab's ssh config, never asking. */
    public List<String> ssh(Host host, String command) {
        return List.of(
                "ssh",
                "-F",
                sshConfig().toString(),
                "-o",
                "BatchMode=yes",
                "-o",
                "ConnectTimeout=5",
                host.login(),
                command);
    }

    /** LinkLab's command line in a JVM of its own (this test's class path), as a user starts it. */
    public static List<String> launcher() {
        return List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "io.linklab.Launcher");
    }

    /** `linklab test` from h1 to h2's data address, the hosts named by login with the lab's key and known_hosts. */
    public List<String> testByLogin() {
        return List.of(
                "test",
                "--client",
                h1().login(),
                "--server",
                h2().login(),
                "--target",
                h2().data(),
                "--identity",
                identity().toString(),
                "--known-hosts",
                knownHosts().toString());
    }

    /**
     * What still runs on h1 and h2 (other than their sshd) once whatever was ending had 5 s to go: empty as soon
     * as nothing runs.
     */
    public String leftRunning() throws Exception {
        return Await.poll(
                () -> h1().processes() + h2().processes(),
                String::isEmpty,
                Duration.ofSeconds(5),
                Duration.ofMillis(100));
    }

    public Host h1() {
        return host("H1");
    }

    public Host h2() {
        return host("H2");
    }

    /** The third host: on the management bridge only, its data address is its management address (lab.sh). */
    public Host h3() {
        return host("H3");
    }

    /**
     * Runs {@code lab.sh ARGS} on this lab ("sshd-down", "h3"), as root like the tests; fails with its output.
     */
    public void labSh(String... args) throws IOException, InterruptedException {
        String[] cmd = new String[args.length + 2];
        cmd[0] = "bash";
        cmd[1] = Path.of("src/test/lab/lab.sh").toAbsolutePath().toString();
        System.arraycopy(args, 0, cmd, 2, args.length);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("LINKLAB_LAB_ID", value("LAB_ID"));
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException("lab.sh " + String.join(" ", args) + " failed: " + out);
        }
    }

    private Host host(String p) {
        return new Host(
                value(p + "_NS"),
                value(p + "_MGMT"),
                value(p + "_DATA_IF"),
                value(p + "_DATA"),
                value(p + "_MGMT_VETH"),
                Integer.parseInt(value("SLOW_LOGIN_PORT")),
                Path.of(value(p + "_LOGIN_LOG")));
    }

    /**
     * A namespace host.
     *
     * @param namespace  the network namespace name (for `ip netns pids/exec`)
     * @param mgmt       management address, where its sshd listens
     * @param dataIf     data interface name inside the namespace
     * @param data       data address
     * @param mgmtVeth   root-namespace end of its management link (set down to cut the host off)
     * @param slowLoginPort where its second sshd listens, whose root login shell costs 0.9 s of CPU (lab.sh)
     * @param loginLog   one line per login shell of that sshd: "EPOCHREALTIME PID"
     */
    public record Host(
            String namespace,
            String mgmt,
            String dataIf,
            String data,
            String mgmtVeth,
            int slowLoginPort,
            Path loginLog) {

        public String login() {
            return "root@" + mgmt;
        }

        /** Root's login through the host's slow-login sshd: every command sshd starts there pays 0.9 s of CPU. */
        public String slowLogin() {
            return "root@" + mgmt + ":" + slowLoginPort;
        }

        /** When each login shell of {@link #slowLogin()} started so far, in seconds since the epoch, in order. */
        public List<Double> loginShells() throws IOException {
            return Files.readAllLines(loginLog).stream()
                    .filter(l -> !l.isBlank())
                    .map(l -> Double.parseDouble(l.split(" ")[0]))
                    .toList();
        }

        /** Runs a command inside the namespace as root on this machine (test set-up and checks only). */
        public String exec(String... cmd) throws IOException, InterruptedException {
            String[] full = new String[cmd.length + 4];
            full[0] = "ip";
            full[1] = "netns";
            full[2] = "exec";
            full[3] = namespace;
            System.arraycopy(cmd, 0, full, 4, cmd.length);
            return Lab.exec(full);
        }

        /**
         * Command lines of every process running in the namespace other than its sshd, one line each (a
         * script's newlines become spaces).
         */
        public String processes() throws IOException, InterruptedException {
            String pids = Lab.exec("ip", "netns", "pids", namespace).trim();
            StringBuilder sb = new StringBuilder();
            for (String pid : pids.split("\\s+")) {
                if (pid.isEmpty()) {
                    continue;
                }
                Path cmdline = Path.of("/proc", pid, "cmdline");
                try {
                    String c = Files.readString(cmdline)
                            .replace('\0', ' ')
                            .replace('\n', ' ')
                            .trim();
                    // an exited process not yet reaped (the session of an ssh command that just returned, torn
                    // down by its sshd a moment later) has no command line: it runs nothing any more
                    if (!c.isEmpty() && !c.startsWith("sshd:") && !c.contains("/usr/sbin/sshd")) {
                        sb.append(pid).append(' ').append(c).append('\n');
                    }
                } catch (IOException gone) {
                    // exited between listing and reading: not running any more
                }
            }
            return sb.toString();
        }

        /**
         * This host as a lab drawn in LinkLab holds it: {@code id} as its id and name, logged in to as root at its
         * management address, its data interface with its data address.
         */
        public HostSpec spec(String id) {
            return new HostSpec(
                    id, id, mgmt, "root", 22, null, null, List.of(new InterfaceSpec(dataIf, data, 1500, null)), 0, 0);
        }

        /**
         * Makes {@code iperf3} on this host the given binary until the returned handle is closed: a bind mount over
         * /usr/bin/iperf3 inside the mount namespace of the host's sshd (ip netns exec gave it one of its own, a
         * slave of the machine's), so every login to this host runs that release and nothing else on the machine,
         * another lab's hosts included, sees it. A lab host profile per iperf3 version, with no change to how
         * LinkLab finds its tool.
         */
        public AutoCloseable iperf3Is(Path binary) throws IOException, InterruptedException {
            String sshd = sshdPid();
            // a bind mount in the machine's own mount namespace would change iperf3 for everyone: refuse
            if (Files.readSymbolicLink(Path.of("/proc", sshd, "ns", "mnt"))
                    .equals(Files.readSymbolicLink(Path.of("/proc/self/ns/mnt")))) {
                throw new IllegalStateException("the sshd of " + namespace + " shares this machine's mount namespace;"
                        + " not binding " + binary + " over /usr/bin/iperf3 there");
            }
            Lab.exec("nsenter", "-t", sshd, "-m", "mount", "--bind", binary.toString(), "/usr/bin/iperf3");
            return () -> Lab.exec("nsenter", "-t", sshdPid(), "-m", "umount", "/usr/bin/iperf3");
        }

        /**
         * A listening sshd of this host (one whose parent is no sshd), which lives as long as the lab. The sshd of
         * a login ends with its login, and its pid then leads nowhere: a test's iperf3 stayed bound over
         * /usr/bin/iperf3 when the login whose sshd had been taken ended before the test did.
         */
        private String sshdPid() throws IOException, InterruptedException {
            for (String pid : Lab.exec("ip", "netns", "pids", namespace).trim().split("\\s+")) {
                try {
                    if (isSshd(pid) && !parentIsSshd(pid)) {
                        return pid;
                    }
                } catch (IOException gone) {
                    // exited between listing and reading
                }
            }
            throw new IllegalStateException("no listening sshd runs in " + namespace + ": is the lab up?");
        }

        private static boolean isSshd(String pid) throws IOException {
            return Files.readSymbolicLink(Path.of("/proc", pid, "exe"))
                    .toString()
                    .equals("/usr/sbin/sshd");
        }

        /** By the parent's name, which anyone may read (a listener's parent is init, whose exe only root may). */
        private static boolean parentIsSshd(String pid) throws IOException {
            String stat = Files.readString(Path.of("/proc", pid, "stat"));
            String parent = stat.substring(stat.lastIndexOf(')') + 2).split(" ")[1];
            return Files.readString(Path.of("/proc", parent, "comm")).strip().equals("sshd");
        }

        public int mtu() throws IOException, InterruptedException {
            return Integer.parseInt(
                    exec("cat", "/sys/class/net/" + dataIf + "/mtu").trim());
        }
    }

    static String exec(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("timed out: " + String.join(" ", cmd));
        }
        if (p.exitValue() != 0) {
            throw new IOException("failed (" + p.exitValue() + "): " + String.join(" ", cmd) + "\n" + out);
        }
        return out;
    }
}
