package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.remote.CommandResult;
import io.linklab.remote.LineSink;
import io.linklab.remote.RemoteCommand;
import io.linklab.remote.RemoteProcess;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import io.linklab.store.RunRecord;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The MTU transaction's answers to what hosts say, with a scripted transport (the lab tests run the
 * real scripts): a lost switch stops the sweep, no MTU changes without a live switch, a left-over
 * switch is reported, another live run's switch refuses the run.
 */
class MtuTransactionTest {

    private static final String FOLDER = "/run/linklab-mtu.AbCdEfGh12";
    /** Keep-alives ten times a second, so that what a failed one does shows at once (not after 3 s). */
    private static final Duration KEEPALIVE = Duration.ofMillis(100);

    /** Answers each command by its guard action ("claim", "arm", "extend", "disarm") or "ip". */
    private static final class ScriptedHost implements Transport {
        final List<String> commands = new CopyOnWriteArrayList<>();
        final List<List<String>> argvs = new CopyOnWriteArrayList<>();
        volatile Function<String, CommandResult> answer;

        ScriptedHost(Function<String, CommandResult> answer) {
            this.answer = answer;
        }

        @Override
        public String hostLabel() {
            return "root@h1";
        }

        @Override
        public RemoteProcess start(RemoteCommand command, LineSink stdout, LineSink stderr) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CommandResult run(RemoteCommand command, Duration timeout) {
            String action = command.argv().get(0).equals("sh")
                    ? command.argv().get(4)
                    : command.argv().get(0);
            commands.add(action);
            argvs.add(command.argv());
            return answer.apply(action);
        }

        @Override
        public void close() {}
    }

    private static CommandResult ok(String out) {
        return new CommandResult(0, out, "", false);
    }

    private static CommandResult healthy(String action) {
        return switch (action) {
            case "claim" -> ok("mtu 1500\n");
            case "arm" -> ok(FOLDER + "\n");
            default -> ok("");
        };
    }

    @Test
    void aSwitchThatIsGoneStopsTheSweepWithTheHostsWords() throws Exception {
        ScriptedHost host = new ScriptedHost(MtuTransactionTest::healthy);
        List<String> stops = new CopyOnWriteArrayList<>();
        CountDownLatch stopped = new CountDownLatch(1);
        MtuTransaction t = new MtuTransaction(
                        "r1",
                        List.of(new MtuTransaction.End("client", "root@h1", host, "eth1")),
                        RunTimings.STANDARD,
                        p -> {},
                        m -> {
                            stops.add(m);
                            stopped.countDown();
                        })
                .keepaliveEvery(KEEPALIVE);
        t.begin(new RunRecord("r1"));
        host.answer = a -> a.equals("extend")
                ? new CommandResult(1, "", "its watcher is gone (it may have restored the MTU already)\n", false)
                : healthy(a);
        assertTrue(stopped.await(5, TimeUnit.SECONDS), "the sweep was not stopped");
        assertEquals(
                List.of(
                        "stopped the sweep: the automatic MTU restore on root@h1 did not take a new deadline (its "
                                + "watcher is gone (it may have restored the MTU already)); eth1 may be back at MTU 1500 already"),
                stops);
        // and no MTU is changed without it
        PointFailure f = assertThrows(PointFailure.class, () -> t.apply(9000, host, "10.0.0.2", 0));
        assertTrue(f.getMessage().contains("did not take a new deadline"), f.getMessage());
        assertFalse(host.commands.contains("ip"), host.commands.toString());
        t.restore();
        assertEquals(1, stops.size(), "reported once: " + stops);
    }

    @Test
    void aHostThatDoesNotAnswerIsRetriedNotStoppedAtOnce() throws Exception {
        ScriptedHost host = new ScriptedHost(MtuTransactionTest::healthy);
        List<String> stops = new CopyOnWriteArrayList<>();
        MtuTransaction t = new MtuTransaction(
                        "r1",
                        List.of(new MtuTransaction.End("client", "root@h1", host, "eth1")),
                        RunTimings.STANDARD,
                        p -> {},
                        stops::add)
                .keepaliveEvery(KEEPALIVE);
        t.begin(new RunRecord("r1"));
        CountDownLatch tried = new CountDownLatch(2);
        host.answer = a -> {
            if (a.equals("extend")) {
                tried.countDown();
                return new CommandResult(-1, "", "", true);
            }
            return healthy(a);
        };
        assertTrue(tried.await(5, TimeUnit.SECONDS), "no retry");
        assertEquals(List.of(), stops, "stopped although the host's deadline had not passed");
        t.restore();
    }

    @Test
    void aLeftOverSwitchIsReportedAndAnotherRunsLiveSwitchRefusesTheRun() throws Exception {
        ScriptedHost host = new ScriptedHost(
                a -> a.equals("claim") ? ok("restored 1500 20261202-1 client\nmtu 1500\n") : healthy(a));
        RunRecord record = new RunRecord("r1");
        List<String> progress = new CopyOnWriteArrayList<>();
        MtuTransaction t = new MtuTransaction(
                "r1",
                List.of(new MtuTransaction.End("client", "root@h1", host, "eth1")),
                RunTimings.STANDARD,
                progress::add,
                m -> {});
        t.begin(record);
        assertEquals(
                List.of("an earlier run (20261202-1, client) left eth1 on root@h1 changed; its original MTU 1500"
                        + " was restored before this run read it"),
                record.warnings());
        t.restore();

        ScriptedHost busy = new ScriptedHost(
                a -> a.equals("claim") ? new CommandResult(3, "busy 20261202-2 client 1500\n", "", false) : healthy(a));
        MtuTransaction refused = new MtuTransaction(
                "r2",
                List.of(new MtuTransaction.End("client", "root@h1", busy, "eth1")),
                RunTimings.STANDARD,
                p -> {},
                m -> {});
        TransportException e = assertThrows(TransportException.class, () -> refused.begin(new RunRecord("r2")));
        assertTrue(
                e.getMessage().startsWith("another LinkLab run (20261202-2) is changing the MTU of eth1 on root@h1"),
                e.getMessage());
        assertFalse(busy.commands.contains("arm"), busy.commands.toString());
    }

    @Test
    void theRunsDeadManPeriodReachesTheHostAndSetsTheKeepAlive() throws Exception {
        ScriptedHost host = new ScriptedHost(MtuTransactionTest::healthy);
        RunTimings quick = RunTimings.STANDARD.withDeadMan(Duration.ofSeconds(5));
        MtuTransaction t = new MtuTransaction(
                "r1", List.of(new MtuTransaction.End("client", "root@h1", host, "eth1")), quick, p -> {}, m -> {});
        t.begin(new RunRecord("r1"));
        t.restore();
        // claim IF RUN LIMIT: another run's switch is watched for up to a period
        assertEquals(List.of("claim", "eth1", "r1", "5"), guardArgs(host, "claim"));
        assertEquals(List.of("arm", "r1", "client", "eth1", "1500", "5"), guardArgs(host, "arm"));
        assertEquals(Duration.ofSeconds(1), MtuTransaction.keepalivePeriod(quick));
        assertEquals(Duration.ofSeconds(3), MtuTransaction.keepalivePeriod(RunTimings.STANDARD));
    }

    /** A guard command's action and arguments (without the watcher script that arm passes last). */
    private static List<String> guardArgs(ScriptedHost host, String action) {
        List<String> argv = host.argvs.stream()
                .filter(a -> a.size() > 4 && a.get(4).equals(action))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + action + " in " + host.commands));
        List<String> args = argv.subList(4, argv.size());
        return action.equals("arm") ? args.subList(0, args.size() - 1) : args;
    }

    @Test
    void aDeadManPeriodOutsideItsBoundsNeverReachesAHost() {
        for (Duration bad : List.of(Duration.ofSeconds(3), Duration.ofMillis(4500), Duration.ofSeconds(3601))) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> RunTimings.STANDARD.withDeadMan(bad));
            assertTrue(e.getMessage().contains("whole seconds from 4 to 3600"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> MtuCommands.arm("r1", "client", "eth1", 1500, 3));
        assertThrows(IllegalArgumentException.class, () -> MtuCommands.extend(FOLDER, "eth1", 3601));
        assertThrows(IllegalArgumentException.class, () -> MtuCommands.claim("r1", "eth1", 0));
    }

    @Test
    void onlyAFolderAsArmPrintsItReachesACommand() {
        assertEquals(FOLDER, MtuCommands.requireFolder(FOLDER));
        for (String bad : List.of(
                "/tmp/linklab-deadman-x-client-eth1",
                "/run/linklab-mtu.abc",
                "/run/linklab-mtu.AbCdEfGh12/../x",
                "/home/linklab-mtu.AbCdEfGh12",
                "/run/linklab-mtu.AbCdEfGh1;")) {
            assertThrows(IllegalArgumentException.class, () -> MtuCommands.requireFolder(bad), bad);
        }
    }
}
