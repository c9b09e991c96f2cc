package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.lab.Lab;
import io.linklab.model.Sample;
import io.linklab.model.TestPlan;
import io.linklab.remote.CommandResult;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshConnector;
import io.linklab.remote.SshSettings;
import io.linklab.remote.SshTarget;
import io.linklab.remote.SshTransport;
import io.linklab.store.ResultsStore;
import io.linklab.store.RunRecord;
import io.linklab.store.StoredRun;
import io.linklab.testing.Await;
import io.linklab.testing.RecordingTransport;
import io.linklab.tools.Parsers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MTU sweep on a host shared with other users (LinkLab issue 13): the dead-man switch trusts nothing
 * another user can write, signals only its own watcher, a failed keep-alive stops the sweep, a switch left
 * by a killed run is restored before the next run reads the original, the restore ends before the host
 * clean-up begins, and a non-root login needs nothing but the documented sudoers line.
 */
@Tag("lab")
class MtuSafetyLabTest {

    private static final int PORT = 5566;
    private static final String OTHER_USER = "linklab-nopw";
    /**
     * The runs' dead-man period: what these tests prove does not depend on its length, and the killed run's switch
     * (which the next run waits out) and the keep-alive (a fifth of it) take a third of the standard 15 s.
     */
    private static final RunTimings TIMINGS = RunTimings.STANDARD.withDeadMan(Duration.ofSeconds(5));

    private final Lab lab = Lab.get();
    private final List<String> events = new CopyOnWriteArrayList<>();
    private final List<String> started = new ArrayList<>();

    @TempDir
    Path workspace;

    private SshConnector connector;
    private TestEngine engine;

    @BeforeEach
    void engine() throws Exception {
        SshSettings settings = lab.sshSettings();
        connector = new SshConnector(settings, LoginPrompts.NONE);
        engine = new TestEngine(
                new ResultsStore(workspace),
                login -> new RecordingTransport(connector.connect(SshTarget.parse(login)), events),
                (tool, sink) -> Parsers.forLive(tool, false, sink),
                PointHooks.NONE,
                TIMINGS);
        assertEquals(1500, lab.h1().mtu(), "lab h1 data MTU must start at 1500");
        assertEquals(1500, lab.h2().mtu(), "lab h2 data MTU must start at 1500");
        assertEquals(List.of(), switches(lab.h1()), "a switch of an earlier test is left on h1");
    }

    @AfterEach
    void hostsAreLeftClean() throws Exception {
        for (String pid : started) {
            Lab.Host h = lab.h1();
            h.exec("sh", "-c", "kill " + pid + " 2>/dev/null; true");
        }
        for (Lab.Host h : List.of(lab.h1(), lab.h2())) {
            h.exec("sh", "-c", "rm -rf /tmp/linklab-mtu.PLANTED* /tmp/linklab-deadman-planted*");
        }
        assertEquals("", lab.leftRunning(), "left running on the lab hosts");
        assertEquals(List.of(), switches(lab.h1()), "switch folders left on h1");
        assertEquals(List.of(), switches(lab.h2()), "switch folders left on h2");
        assertEquals(1500, lab.h1().mtu(), "h1 MTU not restored");
        assertEquals(1500, lab.h2().mtu(), "h2 MTU not restored");
    }

    @Test
    void aNonRootSweepNeedsOnlyTheDocumentedSudoersLineAndIgnoresWhatAnotherUserPlants() throws Exception {
        String user = lab.value("SUDO_USER");
        // The rule in force for the lab user is the documented one, and it is narrow: no other ip command.
        String rules = lab.h1().exec("cat", "/etc/sudoers.d/linklab-lab");
        assertTrue(
                rules.lines().anyMatch(MtuCommands.sudoersLine(user)::equals),
                "the lab's sudoers rule is not the documented one (bring the lab up again): " + rules);
        assertTrue(
                Files.readString(Path.of("README.md")).contains(MtuCommands.sudoersLine("alice")),
                "README documents another line than " + MtuCommands.sudoersLine("alice"));
        assertEquals(
                "refused", as(lab.h1(), user, "sudo -n ip netns list >/dev/null 2>&1 && echo allowed || echo refused"));
        assertEquals(
                "refused", as(lab.h1(), user, "sudo -n sh -c true >/dev/null 2>&1 && echo allowed || echo refused"));

        // Processes a trusted pid file would hit: one of the sweeping user, one of root.
        String userVictim = startVictim(user);
        String rootVictim = startVictim("root");
        // Another user plants the names the switch used to have, and folders shaped like today's, all
        // claiming this interface with a bogus original MTU and a victim's pid.
        String info = String.join(
                "\\n",
                lab.h1().exec("cat", "/proc/sys/kernel/random/boot_id").trim(),
                netns(lab.h1()),
                lab.h1().dataIf(),
                "1234",
                "planted",
                "client");
        for (String victim : List.of(userVictim, rootVictim)) {
            String token = victim + " " + startTime(victim);
            as(
                    lab.h1(),
                    OTHER_USER,
                    "for f in /tmp/linklab-deadman-planted" + victim + "-client-data0; do echo 1 > $f;"
                            + " echo " + victim + " > $f.pid; done; umask 077; "
                            + "for d in /tmp/linklab-mtu.PLANTED" + victim + "a /tmp/linklab-mtu.PLANTED" + victim
                            + "b; do mkdir $d && printf '" + info + "\\n' > $d/info && echo 0 > $d/deadline && echo '"
                            + token + "' > $d/pid; done; chmod 755 /tmp/linklab-mtu.PLANTED" + victim + "b; echo ok");
        }
        String planted = lab.h1().exec("sh", "-c", "cat /tmp/linklab-mtu.PLANTED*/* /tmp/linklab-deadman-planted*");

        StoredRun run = run(sweep(user + "@" + lab.h1().mgmt(), 2, "4000"), new RunListener() {});
        assertEquals(RunRecord.State.OK, run.record().state(), run.record().message());
        assertTrue(run.rows().get(0).ok(), run.rows().get(0).toString());
        assertEquals(
                1500,
                run.record().originalMtus().get(user + "@" + lab.h1().mgmt() + " data0"),
                run.record().originalMtus().toString());
        assertTrue(
                run.record().mtuRestore().contains("restored 1500"),
                run.record().mtuRestore());
        assertTrue(alive(userVictim) && alive(rootVictim), "a planted pid was signalled");
        assertEquals(
                planted,
                lab.h1().exec("sh", "-c", "cat /tmp/linklab-mtu.PLANTED*/* /tmp/linklab-deadman-planted*"),
                "another user's files were changed");
        assertRestoredBeforeCleanup(2);
    }

    @Test
    void aLoginWithoutTheRuleIsRefusedBeforeAnythingChangesAndToldTheLineToAdd() throws Exception {
        String user = lab.value("NOPW_USER");
        StoredRun run = run(sweep(user + "@" + lab.h1().mgmt(), 2, "4000"), new RunListener() {});
        assertEquals(RunRecord.State.FAILED, run.record().state());
        assertTrue(
                run.record()
                                .message()
                                .contains("changing the MTU on " + user + "@"
                                        + lab.h1().mgmt() + " needs root")
                        && run.record().message().contains(MtuCommands.sudoersLine(user)),
                run.record().message());
        assertTrue(
                events.stream().noneMatch(e -> e.contains("automatic MTU restore") || e.contains("set the MTU")),
                events.toString());
    }

    @Test
    void disarmAndKeepAliveSignalNothingButTheirOwnWatcher() throws Exception {
        String victim = startVictim("root");
        try (SshTransport t = connector.connect(SshTarget.parse(lab.h1().login()))) {
            CommandResult armed =
                    t.run(MtuCommands.arm("hostile", "client", "data0", 1500, 60), Duration.ofSeconds(20));
            assertEquals(0, armed.exitStatus(), armed.stderr());
            String folder = armed.stdout().strip();
            assertTrue(folder.startsWith("/run/linklab-mtu."), folder);
            assertEquals(
                    "drwx------ root",
                    lab.h1().exec("stat", "-c", "%A %U", folder).trim());
            String watcher = lab.h1().exec("cat", folder + "/pid").split(" ")[0];
            // A pid file naming another process of the same user, in its own session, with its true start
            // time: everything matches but the command line.
            lab.h1().exec("sh", "-c", "echo '" + victim + " " + startTime(victim) + "' > " + folder + "/pid");
            CommandResult extended = t.run(MtuCommands.extend(folder, "data0", 15), Duration.ofSeconds(20));
            assertEquals(1, extended.exitStatus());
            assertTrue(extended.stderr().contains("watcher is gone"), extended.stderr());
            CommandResult disarmed = t.run(MtuCommands.disarm(folder, "data0"), Duration.ofSeconds(20));
            assertEquals(0, disarmed.exitStatus(), disarmed.stderr());
            assertTrue(alive(victim), "disarm signalled a process that is not its watcher");
            assertFalse(Files.exists(Path.of(folder)));
            // The real watcher, no longer named by the file, still ends: its folder is gone.
            waitUntil(() -> !alive(watcher), Duration.ofSeconds(5), "the watcher outlived its folder");

            // Another user's folder is never taken for ours, not even by root.
            as(
                    lab.h1(),
                    OTHER_USER,
                    "umask 077; mkdir /tmp/linklab-mtu.PLANTEDxx0 && echo '" + victim + " " + startTime(victim)
                            + "' > /tmp/linklab-mtu.PLANTEDxx0/pid; echo ok");
            CommandResult foreign =
                    t.run(MtuCommands.disarm("/tmp/linklab-mtu.PLANTEDxx0", "data0"), Duration.ofSeconds(20));
            assertEquals(1, foreign.exitStatus());
            assertTrue(foreign.stderr().contains("is not a private folder of root; left alone"), foreign.stderr());
            assertTrue(alive(victim));
            assertTrue(Files.exists(Path.of("/tmp/linklab-mtu.PLANTEDxx0/pid")));
        }
    }

    @Test
    void aSwitchLeftByAKilledRunRestoresItsOriginalBeforeTheNextRunReadsIt() throws Exception {
        // What a run killed at MTU 9000 leaves: the sweep's MTU, and a switch nobody keeps alive.
        try (SshTransport t = connector.connect(SshTarget.parse(lab.h1().login()))) {
            CommandResult armed = t.run(
                    MtuCommands.arm("killedrun", "client", "data0", 1500, TIMINGS.deadManSeconds()),
                    Duration.ofSeconds(20));
            assertEquals(0, armed.exitStatus(), armed.stderr());
        }
        lab.h1().exec("ip", "link", "set", "dev", "data0", "mtu", "9000");
        StoredRun run = run(sweep(lab.h1().login(), 2, "4000"), new RunListener() {});
        assertEquals(RunRecord.State.OK, run.record().state(), run.record().message());
        assertEquals(
                1500,
                run.record().originalMtus().get(lab.h1().login() + " data0"),
                "the next run took the killed run's MTU for the original: "
                        + run.record().originalMtus());
        assertTrue(
                run.record().warnings().stream()
                        .anyMatch(w -> w.startsWith("an earlier run (killedrun, client) left" + " data0 on "
                                + lab.h1().login() + " changed; its original MTU 1500 was restored")),
                run.record().warnings().toString());
    }

    @Test
    void aLiveSwitchIsJudgedByItsOwnPeriodNotTheClaimingRuns() throws Exception {
        // A live run with the shortest period keeps its deadline at most 4 s ahead, less than a standard switch's
        // 8 s: judged by the standard period it would pass for a left-over, and have its MTU set back under it.
        try (SshTransport t = connector.connect(SshTarget.parse(lab.h1().login()));
                SshTransport other = connector.connect(SshTarget.parse(lab.h1().login()))) {
            CommandResult armed = t.run(MtuCommands.arm("liverun", "client", "data0", 1500, 4), Duration.ofSeconds(20));
            assertEquals(0, armed.exitStatus(), armed.stderr());
            String folder = armed.stdout().strip();
            ScheduledExecutorService keepalive = Executors.newSingleThreadScheduledExecutor();
            try {
                keepalive.scheduleWithFixedDelay(
                        () -> {
                            try {
                                t.run(MtuCommands.extend(folder, "data0", 4), Duration.ofSeconds(20));
                            } catch (Exception e) {
                                events.add("keep-alive failed: " + e);
                            }
                        },
                        0,
                        700,
                        TimeUnit.MILLISECONDS);
                // watched for a second: a live switch is still ahead at its end, a left-over one is restored at once
                CommandResult claim = other.run(MtuCommands.claim("nextrun", "data0", 1), Duration.ofSeconds(30));
                assertEquals(3, claim.exitStatus(), claim.stdout() + claim.stderr());
                assertTrue(claim.stdout().startsWith("busy liverun client 1500"), claim.stdout());
            } finally {
                keepalive.shutdownNow();
                keepalive.awaitTermination(20, TimeUnit.SECONDS);
                t.run(MtuCommands.disarm(folder, "data0"), Duration.ofSeconds(20));
            }
        }
    }

    @Test
    void aKeepAliveThatFailsStopsTheSweepWithAClearError() throws Exception {
        CountDownLatch measuring = new CountDownLatch(1);
        RunHandle h = engine.start(sweep(lab.h1().login(), 30, "4000,9000"), new RunListener() {
            @Override
            public void sample(String point, Sample sample) {
                measuring.countDown();
            }
        });
        assertTrue(measuring.await(60, TimeUnit.SECONDS), "the sweep never measured");
        assertEquals(4000, lab.h1().mtu());
        // The watcher dies (OOM killer, an admin): the sweep has no way back on that host any more.
        List<String> folders = switches(lab.h1());
        assertEquals(1, folders.size(), folders.toString());
        String watcher = lab.h1().exec("cat", folders.get(0) + "/pid").split(" ")[0];
        lab.h1().exec("kill", "-TERM", "--", "-" + watcher);
        long killed = System.nanoTime();
        RunOutcome o = h.await(Duration.ofSeconds(60)).orElseThrow(() -> new AssertionError("run did not end"));
        double took = (System.nanoTime() - killed) / 1e9;
        assertEquals(RunOutcome.Status.FAILED, o.status(), o.message());
        assertTrue(
                o.message()
                        .startsWith("stopped the sweep: the automatic MTU restore on "
                                + lab.h1().login() + " did not take a new deadline (its watcher is gone"),
                o.message());
        // The next keep-alive notices, then the stop, the restore and the clean-up.
        double keepalive = MtuTransaction.keepalivePeriod(TIMINGS).toMillis() / 1000.0;
        assertTrue(took < keepalive + 15, "the sweep went on for " + took + " s");
        StoredRun run = engine.store().open(h.runId());
        assertEquals(RunRecord.State.FAILED, run.record().state());
        assertEquals(o.message(), run.record().message());
        assertFalse(
                run.rows().stream().anyMatch(r -> Integer.valueOf(9000).equals(r.mtu()) && r.ok()),
                "the sweep went on to 9000: " + run.rows());
        assertRestoredBeforeCleanup(2);
    }

    @Test
    void theRestoreEndsBeforeTheHostCleanupKillsTheRunsProcessGroupsOnStop() throws Exception {
        CountDownLatch measuring = new CountDownLatch(1);
        RunHandle h = engine.start(sweep(lab.h1().login(), 30, "9000"), new RunListener() {
            @Override
            public void sample(String point, Sample sample) {
                measuring.countDown();
            }
        });
        assertTrue(measuring.await(60, TimeUnit.SECONDS), "the sweep never measured");
        h.cancel();
        RunOutcome o = h.await(Duration.ofSeconds(60)).orElseThrow(() -> new AssertionError("run did not end"));
        assertEquals(RunOutcome.Status.CANCELLED, o.status(), o.message());
        assertRestoredBeforeCleanup(2);
    }

    // ---- helpers -------------------------------------------------------------------------------------------

    /**
     * Every original MTU was set and every switch disarmed (count of them) before any host clean-up began:
     * a clean-up overlapping them would kill their process groups.
     */
    private void assertRestoredBeforeCleanup(int switches) {
        List<String> seen = List.copyOf(events);
        int firstCleanup = -1;
        int lastRestore = -1;
        int disarms = 0;
        for (int i = 0; i < seen.size(); i++) {
            String e = seen.get(i);
            if (e.endsWith(" cleanup") && firstCleanup < 0) {
                firstCleanup = i;
            }
            if (e.contains(" done disarm the automatic MTU restore")
                    || e.contains(" done set the MTU of data0 to 1500")) {
                lastRestore = i;
                if (e.contains(" done disarm")) {
                    disarms++;
                }
            }
        }
        assertEquals(switches, disarms, seen.toString());
        assertTrue(firstCleanup > lastRestore, "a host clean-up began before the restore ended: " + seen);
    }

    private TestPlan sweep(String clientLogin, int duration, String mtus) {
        return TestPlan.defaults(
                        new TestPlan.End(clientLogin, lab.h1().dataIf()),
                        new TestPlan.End(lab.h2().login(), lab.h2().dataIf()),
                        lab.h2().data())
                .toBuilder()
                .durationS(duration)
                .basePort(PORT)
                .sweep(new TestPlan.Sweep(TestPlan.SweepKind.MTU, List.of(mtus.split(","))))
                .build();
    }

    private StoredRun run(TestPlan plan, RunListener listener) throws Exception {
        RunHandle h = engine.start(plan, listener);
        h.await(Duration.ofSeconds(180)).orElseThrow(() -> new AssertionError("run did not end"));
        return engine.store().open(h.runId());
    }

    /** Runs a script as {@code user} on the host; its output, trimmed. */
    private static String as(Lab.Host host, String user, String script) throws Exception {
        return host.exec("su", "-s", "/bin/sh", user, "-c", script).trim();
    }

    /** A sleep of {@code user}'s, leader of its own session like a watcher; killed after the test. */
    private String startVictim(String user) throws Exception {
        String pid = as(lab.h1(), user, "setsid sleep 300 </dev/null >/dev/null 2>&1 & echo $!");
        started.add(pid);
        return pid;
    }

    private static boolean alive(String pid) {
        try {
            String stat = Files.readString(Path.of("/proc", pid, "stat"));
            return !stat.substring(stat.lastIndexOf(") ") + 2).startsWith("Z");
        } catch (IOException gone) {
            return false;
        }
    }

    /** Field 22 of /proc/PID/stat: what the watcher writes next to its pid. */
    private static String startTime(String pid) throws Exception {
        String stat = Files.readString(Path.of("/proc", pid, "stat"));
        return stat.substring(stat.lastIndexOf(") ") + 2).split(" ")[19];
    }

    private static String netns(Lab.Host host) throws Exception {
        String link = host.exec("readlink", "/proc/self/ns/net").trim();
        return link.substring(link.indexOf('[') + 1, link.indexOf(']'));
    }

    /** Switch folders (of any user, planted ones excepted) that name the host's network namespace. */
    private static List<String> switches(Lab.Host host) throws Exception {
        String out = host.exec(
                "sh",
                "-c",
                "for d in /run/linklab-mtu.* /tmp/linklab-mtu.*; do "
                        + "case $d in *PLANTED*) continue;; esac; "
                        + "[ -d \"$d\" ] && [ \"$(sed -n 2p \"$d/info\" 2>/dev/null)\" = " + netns(host)
                        + " ] && echo \"$d\"; "
                        + "done; true");
        return out.lines().filter(l -> !l.isBlank()).toList();
    }

    private interface Check {
        boolean ok() throws Exception;
    }

    private static void waitUntil(Check check, Duration bound, String failure) throws Exception {
        assertTrue(Await.poll(check::ok, ok -> ok, bound, Duration.ofMillis(50)), failure);
    }
}
