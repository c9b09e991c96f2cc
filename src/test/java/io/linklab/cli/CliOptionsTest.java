package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line as an iperf3 user types it: short options, GNU long options, help, typos, completion. */
class CliOptionsTest {

    private final CliCapture cli = new CliCapture();

    @TempDir
    Path dir;

    private static final String[] HOSTS = {"test", "--client", "root@198.18.0.11", "--server", "root@198.18.0.12"};

    private int test(String... args) {
        String[] all = Arrays.copyOf(HOSTS, HOSTS.length + args.length);
        System.arraycopy(args, 0, all, HOSTS.length, args.length);
        return cli.run(all);
    }

    /** The first client command line of a --dry-run. */
    private String clientLine() {
        String o = cli.out();
        int at = o.indexOf("[client root@198.18.0.11]\n");
        assertTrue(at >= 0, o);
        return o.substring(at).split("\n")[1].strip();
    }

    @Test
    void iperf3sShortOptionsMeanWhatTheyMeanInIperf3() {
        assertEquals(
                0,
                test(
                        "-c",
                        "198.19.0.2",
                        "-P",
                        "4",
                        "-t",
                        "5",
                        "-i",
                        "0.5",
                        "-O",
                        "1",
                        "-R",
                        "-u",
                        "-b",
                        "10M",
                        "-w",
                        "4M",
                        "-l",
                        "64K",
                        "-p",
                        "5300",
                        "--dry-run"),
                cli.err());
        assertEquals(
                "iperf3 -c 198.19.0.2 -p 5300 -t 5 -i 0.5 -O 1 -P 4 -R -u -b 10M -w 4M -l 64K "
                        + "--connect-timeout 5000 --forceflush",
                clientLine());
        // clustered and attached, as iperf3 takes them too
        assertEquals(0, test("-c198.19.0.2", "-t5", "-Ru", "--dry-run"), cli.err());
        assertEquals("iperf3 -c 198.19.0.2 -p 5201 -t 5 -i 1 -R -u --connect-timeout 5000 --forceflush", clientLine());
    }

    @Test
    void gnuLongOptionsTakeTheirValueAfterAnEqualsSign() {
        assertEquals(0, test("--target=198.19.0.2", "--streams=3", "--duration=7", "--bidir", "--dry-run"), cli.err());
        assertEquals(
                "iperf3 -c 198.19.0.2 -p 5201 -t 7 -i 1 -P 3 --bidir --connect-timeout 5000 --forceflush",
                clientLine());
    }

    @Test
    void aSavedPlanKeepsItsValuesUnlessAnOptionIsGivenEvenOneAtItsDefault() {
        Path plan = dir.resolve("plan.json");
        assertEquals(
                0,
                test(
                        "--target",
                        "198.19.0.2",
                        "-P",
                        "4",
                        "-t",
                        "5",
                        "-p",
                        "5300",
                        "--save-plan",
                        plan.toString(),
                        "--dry-run"),
                cli.err());
        assertEquals(0, cli.run("test", "--plan", plan.toString(), "--dry-run"), cli.err());
        assertEquals("iperf3 -c 198.19.0.2 -p 5300 -t 5 -i 1 -P 4 --connect-timeout 5000 --forceflush", clientLine());
        // -t 10 is also the default: given, it still overrides the plan's 5
        assertEquals(0, cli.run("test", "--plan", plan.toString(), "-t", "10", "--dry-run"), cli.err());
        assertEquals("iperf3 -c 198.19.0.2 -p 5300 -t 10 -i 1 -P 4 --connect-timeout 5000 --forceflush", clientLine());
    }

    @Test
    void aBitrateWithTcpPacesItAndNetperfIsRefused() {
        assertEquals(0, test("--target", "198.19.0.2", "--bitrate", "2G", "--dry-run"), cli.err());
        assertTrue(clientLine().contains(" -b 2G ") && !clientLine().contains(" -u "), clientLine());
        assertEquals(0, test("--target", "198.19.0.2", "--tool", "iperf2", "-b", "2G", "--dry-run"), cli.err());
        assertTrue(
                clientLine().startsWith("iperf -c 198.19.0.2") && clientLine().endsWith(" -b 2G"), clientLine());
        assertEquals(2, test("--target", "198.19.0.2", "--tool", "netperf", "-b", "2G", "--dry-run"));
        assertTrue(cli.err().contains("--bitrate: '2G' is not valid — netperf has no pacing"), cli.err());
    }

    @Test
    void aMisspeltOptionGetsASuggestion() {
        assertEquals(2, test("--target", "198.19.0.2", "--strems", "4", "--dry-run"));
        assertTrue(cli.err().startsWith("linklab test: unknown option '--strems'. Did you mean --streams?"), cli.err());
        assertEquals(2, cli.run("tset"));
        assertTrue(cli.err().contains("unknown subcommand 'tset'"), cli.err());
        assertEquals(2, cli.run("probe", "local", "--jsn"));
        assertTrue(cli.err().contains("unknown option '--jsn'. Did you mean --json?"), cli.err());
    }

    @Test
    void everyMissingRequiredOptionIsNamedInOneMessage() {
        assertEquals(2, cli.run("test"));
        assertEquals(
                "linklab test: --client, --server, --target and --out are required (--plan FILE can give "
                        + "--client, --server and --target; --out DIR is the folder that receives samples.csv, summary.csv, "
                        + "run.json (and sweep.csv); --dry-run only prints the commands)\n",
                cli.err());
        assertEquals(2, cli.run("test", "--server", "local", "--dry-run"));
        assertTrue(cli.err().contains("--client and --target are required"), cli.err());
    }

    @Test
    void aValueMissingBeforeTheNextOptionIsSaidSo() {
        assertEquals(2, test("--target", "198.19.0.2", "--duration", "--out", dir.toString()));
        assertTrue(cli.err().contains("'--duration'") && cli.err().contains("'--out'"), cli.err());
        assertFalse(cli.err().contains("unknown option"), cli.err());
        assertEquals(2, test("--target", "198.19.0.2", "-t", "ten", "--dry-run"));
        assertTrue(cli.err().contains("'ten' is not a whole number"), cli.err());
        assertEquals(2, test("--target", "198.19.0.2", "-P", "2", "--streams", "3", "--dry-run"));
        assertTrue(cli.err().contains("-P/--streams is given twice"), cli.err());
        assertFalse(cli.err().contains("Exception") || cli.err().contains("\tat "), cli.err());
    }

    @Test
    void versionOnTheRootAndEverySubcommand() {
        for (String[] args : new String[][] {{"-V"}, {"--version"}, {"test", "-V"}, {"import", "--version"}}) {
            assertEquals(0, cli.run(args), String.join(" ", args));
            assertEquals("LinkLab " + Cli.version() + "\n", cli.out(), String.join(" ", args));
        }
    }

    @Test
    void testsHelpShowsDefaultsShortAliasesAndThatStreamsArePerProcess() {
        assertEquals(0, cli.run("test", "--help"));
        String help = cli.out();
        assertTrue(help.contains("-P, --streams=N") && help.contains("PER PROCESS"), help);
        assertTrue(help.contains("port of the first server (default: 5201)"), help);
        assertTrue(help.contains("seconds each test measures (default: 10)"), help);
        assertTrue(help.contains("iperf3, iperf2, netperf (default: iperf3)"), help);
        assertTrue(
                help.contains("-c, --target=ADDR") && help.contains("--ssh-config=FILE") && help.contains("--force"),
                help);
        assertEquals(0, cli.run("help", "test"));
        assertEquals(help, cli.out(), "`help test` is `test --help`");
    }

    @Test
    void completionScriptsComeFromTheSameOptions() throws Exception {
        assertEquals(0, cli.run("completion", "bash"));
        String bash = cli.out();
        assertTrue(
                bash.contains("complete -F _complete_linklab") && !bash.contains("java -jar"), bash.substring(0, 400));
        for (String option : new String[] {"--streams", "--bitrate", "--ssh-config", "--force", "--format"}) {
            assertTrue(bash.contains(option), option);
        }
        assertTrue(bash.contains("(\"iperf3\" \"iperf2\" \"netperf\")"), "--tool's values");
        // and bash completes with it as a user's TAB would
        Path script = Files.writeString(dir.resolve("linklab.bash"), bash);
        assertEquals("--streams\n", complete(script, "linklab", "test", "--str"));
        assertEquals("iperf3\niperf2\n", complete(script, "linklab", "test", "--tool", "ip"));
        assertEquals("test\n", complete(script, "linklab", "te"));
        assertEquals(0, cli.run("completion", "zsh"));
        assertTrue(cli.out().contains("bashcompinit"), "the script sets zsh up for itself");
        assertEquals(2, cli.run("completion", "fish"));
        assertTrue(cli.err().contains("expected bash or zsh"), cli.err());
    }

    /** What bash offers for the last of {@code words}, one per line. */
    private static String complete(Path script, String... words) throws Exception {
        String line = String.join(" ", words);
        Process p = new ProcessBuilder(
                        "bash",
                        "-c",
                        "source \"$1\"; COMP_WORDS=(" + line + "); COMP_CWORD="
                                + (words.length - 1) + "; COMP_LINE='" + line
                                + "'; COMP_POINT=${#COMP_LINE}; _complete_linklab; "
                                + "printf '%s\\n' \"${COMPREPLY[@]}\"",
                        "bash",
                        script.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String offered = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return offered;
    }
}
