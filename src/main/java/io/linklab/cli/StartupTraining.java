package io.linklab.cli;

import com.jcraft.jsch.Cipher;
import com.jcraft.jsch.HASH;
import com.jcraft.jsch.JSch;
import com.jcraft.jsch.KEM;
import com.jcraft.jsch.KeyPair;
import com.jcraft.jsch.MAC;
import com.jcraft.jsch.Random;
import com.jcraft.jsch.Signature;
import com.jcraft.jsch.SignatureEdDSA;
import com.jcraft.jsch.XDH;
import io.linklab.jvm.ClassList;
import io.linklab.model.MeasurementSink;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.Tool;
import io.linklab.model.ToolEvent;
import io.linklab.remote.TransportException;
import io.linklab.store.ResultsStore;
import io.linklab.store.RunFolder;
import io.linklab.store.StoredRun;
import io.linklab.tools.Parsers;
import io.linklab.tools.StreamingParser;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

/**
 * The training run for the class-data archive (docs/decisions/0802-class-data-archive.md): one JVM goes
 * through what `linklab test` and `linklab import` load — the CLI with its help texts, plans saved and read,
 * every parser on a bundled sample, the run record, journal and CSVs of a test run, JSch with the key, key
 * exchange, cipher and signature classes of a login — so that the archive made from the list of the classes it
 * loaded ({@code -XX:DumpLoadedClassList}) holds them.
 * <p>
 * It never opens a connection: the `test` run it makes gets hosts that refuse at once, and JSch's algorithms
 * run on local buffers. The classes only a connected login reaches (socket channels, JSch's session and
 * channel internals, the engine's process handling) are loaded, without running them, from the list
 * {@code startup-classes.txt}, recorded from a real `linklab test` over SSH. Everything it writes lives in one
 * temporary folder, which it deletes.
 */
public final class StartupTraining {

    /** The bundled samples, one per format the importer and the live parsers read. */
    static final List<String> SAMPLES = List.of(
            "iperf3-text.txt",
            "iperf3.json",
            "iperf3-stream.json",
            "iperf2-text.txt",
            "iperf2-csv.txt",
            "netperf-classic.txt",
            "netperf-demo.txt",
            "netperf-keyval.txt",
            "netperf-omni-csv.txt",
            "netperf-rr.txt");

    static final String CLASS_LIST = "startup-classes.txt";

    /** What one training run did, for the caller that wants to know (tests, the archive script's -v). */
    public record Report(
            int cliCommands,
            long importedSampleRows,
            List<String> runFiles,
            int parsedSamples,
            int listedClasses,
            int listedClassesLoaded) {}

    private StartupTraining() {}

    /** Runs the training; prints nothing when it works, one line on stderr when a step fails. */
    public static void main(String[] args) {
        try {
            // -Dlinklab.training.trace=true shows what each command printed, to check the steps still do their work
            PrintStream trace = Boolean.getBoolean("linklab.training.trace") ? System.err : null;
            Report r = run(Path.of(System.getProperty("java.io.tmpdir")), trace);
            if (args.length > 0 && args[0].equals("-v")) {
                System.out.println("training: " + r.cliCommands() + " commands, " + r.importedSampleRows()
                        + " sample rows imported, run files " + r.runFiles() + ", " + r.parsedSamples()
                        + " samples parsed live, " + r.listedClassesLoaded() + " of " + r.listedClasses()
                        + " listed classes loaded");
            }
        } catch (Exception | LinkageError e) {
            // The archive is an optimisation: the caller keeps going without it, so one line is enough.
            System.err.println("linklab startup training failed: " + e);
            if (Boolean.getBoolean("linklab.training.trace")) {
                e.printStackTrace();
            }
            System.exit(1);
        }
    }

    /** Runs every step in a temporary folder under {@code tempParent} and deletes that folder again. */
    public static Report run(Path tempParent) throws Exception {
        return run(tempParent, null);
    }

    /** @param trace where the commands' own output goes (null: nowhere) */
    public static Report run(Path tempParent, PrintStream trace) throws Exception {
        Path work = Files.createTempDirectory(tempParent, "linklab-training-");
        try {
            int commands = cli(work, trace);
            long rows;
            try (var lines = Files.lines(work.resolve("samples.csv"))) {
                rows = lines.count() - 1;
            }
            List<String> runFiles = new ArrayList<>();
            try (var files = Files.list(work.resolve("run"))) {
                files.forEach(f -> runFiles.add(f.getFileName().toString()));
            }
            runFiles.sort(null);
            int parsed = liveParsers();
            ssh(work);
            int[] listed = listedClasses();
            return new Report(commands, rows, runFiles, parsed, listed[0], listed[1]);
        } finally {
            RunFolder.deleteTree(work);
        }
    }

    // ---- the CLI, as `linklab import` and `linklab test` run it -------------------------------------------------

    private static int cli(Path work, PrintStream trace) throws IOException {
        PrintStream quiet =
                trace != null ? trace : new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        List<Path> logs = new ArrayList<>();
        Path samples = Files.createDirectory(work.resolve("samples"));
        for (String name : SAMPLES) {
            Path file = samples.resolve(name);
            try (InputStream in = sample(name)) {
                Files.copy(in, file);
            }
            logs.add(file);
        }
        List<List<String>> runs = new ArrayList<>();
        runs.add(List.of("--help"));
        runs.add(List.of("--version"));
        runs.add(List.of("import", "--help"));
        runs.add(List.of("test", "--help"));
        List<String> importArgs = new ArrayList<>();
        logs.forEach(p -> importArgs.add(p.toString()));
        importArgs.addAll(List.of(
                "--samples",
                work.resolve("samples.csv").toString(),
                "--summary",
                work.resolve("summary.csv").toString()));
        runs.add(prepend("import", importArgs));
        runs.add(List.of("import", logs.get(1).toString(), "--format", "iperf3-json"));
        // A wrong option: the usage-error path every typo takes.
        runs.add(List.of("import", "--no-such-option"));

        // `test`: hosts from documentation ranges that are never contacted (the transports below refuse).
        List<String> test = List.of(
                "test",
                "--client",
                "training@192.0.2.1",
                "--server",
                "training@192.0.2.2",
                "--target",
                "192.0.2.3",
                "--client-if",
                "eth0",
                "--server-if",
                "eth0",
                "--duration",
                "5",
                "--streams",
                "2");
        Path plan = work.resolve("plan.json");
        runs.add(concat(test, List.of("--mtu", "1500:9000:2500", "--save-plan", plan.toString(), "--dry-run")));
        runs.add(List.of("test", "--plan", plan.toString(), "--tool", "iperf2", "--dry-run"));
        runs.add(List.of(
                "test",
                "--plan",
                plan.toString(),
                "--tool",
                "netperf",
                "--streams",
                "1",
                "--processes",
                "2",
                "--sweep",
                "message-size=1k,64k",
                "--dry-run"));
        runs.add(concat(test, List.of("--out", work.resolve("run").toString())));
        runs.add(concat(
                test,
                List.of("--reverse", "--bidir", "--out", work.resolve("bad").toString())));

        RunTestCommand refusing = new RunTestCommand((settings, prompts, lab) -> {
            // The real SSH settings are built by then (their classes load); refuse every host: no traffic at all.
            return login -> {
                throw new TransportException(
                        TransportException.Kind.UNREACHABLE,
                        login + ": the start-up training connects to no host",
                        null);
            };
        });
        for (List<String> args : runs) {
            if (args.get(0).equals("test") && args.contains("--out")) {
                // with --out the run writes only there, never into the results store in the user's home
                refusing.run(args.subList(1, args.size()), quiet, quiet);
            } else {
                Cli.run(args.toArray(String[]::new), quiet, quiet);
            }
        }
        Path run = work.resolve("run");
        if (Files.isDirectory(run)) {
            try {
                StoredRun stored = ResultsStore.openFolder(run);
                new ResultsStore(work.resolve("store")).list();
                stored.toString();
            } catch (Exception ignored) {
                // a failed run's folder can lack files; reading what is there is the point
            }
        }
        return runs.size();
    }

    // ---- the live parsers the engine feeds line by line -------------------------------------------------------

    private static int liveParsers() throws IOException {
        int parsed = 0;
        MeasurementSink sink = new MeasurementSink() {
            @Override
            public void sample(Sample s) {}

            @Override
            public void summary(Summary s) {}

            @Override
            public void event(ToolEvent e) {}
        };
        for (String name : SAMPLES) {
            Tool tool =
                    name.startsWith("iperf3") ? Tool.IPERF3 : name.startsWith("iperf2") ? Tool.IPERF2 : Tool.NETPERF;
            boolean json = name.endsWith(".json") || name.equals("iperf2-csv.txt");
            StreamingParser parser = Parsers.forLive(tool, json, sink);
            try (BufferedReader in = new BufferedReader(new InputStreamReader(sample(name), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    parser.feed(line);
                }
            }
            parser.finish();
            parsed++;
        }
        return parsed;
    }

    // ---- JSch: keys, host keys, key exchange, cipher, MAC — everything of a login but the socket ---------------

    private static void ssh(Path work) throws Exception {
        JSch jsch = new JSch();
        Path key = work.resolve("id_ed25519");
        KeyPair pair = KeyPair.genKeyPair(jsch, KeyPair.ED25519);
        // the format ssh-keygen writes for ed25519 (JSch cannot write ed25519 keys as PEM)
        pair.writeOpenSSHv1PrivateKey(key.toString(), null);
        pair.writePublicKey(key + ".pub", "linklab-training");
        byte[] publicBlob = pair.getPublicKeyBlob();
        pair.dispose();
        jsch.addIdentity(key.toString());
        KeyPair loaded = KeyPair.load(jsch, key.toString());
        byte[] data = "linklab".getBytes(StandardCharsets.US_ASCII);
        byte[] signed = loaded.getSignature(data);
        loaded.getVerifier().toString();
        loaded.dispose();

        // The host's key is checked against known_hosts, hashed as ssh-keygen -H writes it.
        Path knownHosts = work.resolve("known_hosts");
        Files.writeString(
                knownHosts,
                "|1|c2FsdHNhbHRzYWx0c2FsdHNhbHQ=|aGFzaGhhc2hoYXNoaGFzaGhhc2g= ssh-ed25519 "
                        + Base64.getEncoder().encodeToString(publicBlob) + "\n");
        jsch.setKnownHosts(knownHosts.toString());
        jsch.getHostKeyRepository().getHostKey();
        // A session object, never connected.
        jsch.getSession("training", "127.0.0.1", 22).setConfig("StrictHostKeyChecking", "yes");

        verify(publicBlob, data, signed);
        keyExchangeAndCiphers(data);
    }

    /** A login's own signature (ed25519, with a key made in memory) and the host key's check: no files. */
    static void signAndVerify() throws Exception {
        KeyPair pair = KeyPair.genKeyPair(new JSch(), KeyPair.ED25519);
        byte[] data = "linklab".getBytes(StandardCharsets.US_ASCII);
        byte[] signed = pair.getSignature(data);
        verify(pair.getPublicKeyBlob(), data, signed);
        pair.dispose();
    }

    /** The host key check of a login: an ed25519 signature verified. */
    private static void verify(byte[] publicBlob, byte[] data, byte[] signed) throws Exception {
        Signature verifier = instance(JSch.getConfig("ssh-ed25519"), Signature.class);
        verifier.init();
        ((SignatureEdDSA) verifier)
                .setPubKey(Arrays.copyOfRange(publicBlob, publicBlob.length - 32, publicBlob.length));
        verifier.update(data);
        verifier.verify(signed);
    }

    /**
     * What every login computes once connected: the key exchange, the hash, the ciphers and MAC it may agree on,
     * and JSch's random source. No files, no socket.
     */
    static void keyExchangeAndCiphers(byte[] data) throws Exception {
        // Key exchange: OpenSSH 9.9+ prefers mlkem768x25519, older servers curve25519.
        XDH ours = instance(JSch.getConfig("xdh"), XDH.class);
        ours.init("X25519", 32);
        XDH theirs = instance(JSch.getConfig("xdh"), XDH.class);
        theirs.init("X25519", 32);
        ours.validate(theirs.getQ());
        ours.getSecret(theirs.getQ());
        try {
            // JSch's ML-KEM needs Bouncy Castle, which LinkLab does not ship: JSch skips it the same way
            instance(JSch.getConfig("mlkem768"), KEM.class).init();
        } catch (ReflectiveOperationException | LinkageError | RuntimeException noBouncyCastle) {
            // the classes JSch touched on the way are loaded all the same
        }
        HASH sha = instance(JSch.getConfig("sha-256"), HASH.class);
        sha.init();
        sha.update(data, 0, data.length);
        sha.digest();
        for (String cipherName : List.of("aes128-gcm@openssh.com", "chacha20-poly1305@openssh.com", "aes128-ctr")) {
            String cls = JSch.getConfig(cipherName);
            if (cls == null || cls.isEmpty()) {
                continue;
            }
            try {
                Cipher cipher = instance(cls, Cipher.class);
                cipher.init(Cipher.ENCRYPT_MODE, new byte[64], new byte[64]);
                byte[] block = new byte[64];
                cipher.update(block, 0, 32, block, 0);
            } catch (LinkageError noBouncyCastle) {
                // chacha20-poly1305 needs Bouncy Castle; JSch leaves it out of the offer in the same way
            }
        }
        MAC mac = instance(JSch.getConfig("hmac-sha2-256-etm@openssh.com"), MAC.class);
        mac.init(new byte[32]);
        mac.update(data, 0, data.length);
        mac.doFinal(new byte[32], 0);
        instance(JSch.getConfig("random"), Random.class).fill(new byte[16], 0, 16);
    }

    private static <T> T instance(String className, Class<T> type) throws ReflectiveOperationException {
        return type.cast(Class.forName(className).getDeclaredConstructor().newInstance());
    }

    // ---- what only a connected run reaches: loaded by name, not run --------------------------------------------

    /** @return {listed, loaded}; names this runtime or jar lacks are skipped (the list is a hint, not a contract) */
    static int[] listedClasses() throws IOException {
        if (Boolean.getBoolean("linklab.training.skipClassList")) {
            // src/test/lab/startup-class-list.sh: what do the steps alone load?
            return new int[] {0, 0};
        }
        // initialize=false: no static initialiser runs, so nothing starts (threads, sockets, providers)
        ClassList.Loaded l = ClassList.load(classList(), StartupTraining.class.getClassLoader(), name -> false);
        return new int[] {l.listed(), l.loaded()};
    }

    static List<String> classList() throws IOException {
        return ClassList.read(StartupTraining.class, CLASS_LIST);
    }

    // ---- files -------------------------------------------------------------------------------------------------

    private static InputStream sample(String name) {
        return resource("training/" + name);
    }

    private static InputStream resource(String name) {
        InputStream in = StartupTraining.class.getResourceAsStream(name);
        if (in == null) {
            throw new IllegalStateException("the jar lacks " + name + " next to " + StartupTraining.class.getName());
        }
        return in;
    }

    private static List<String> prepend(String first, List<String> rest) {
        return concat(List.of(first), rest);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
