package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linklab.lab.Lab;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshConnector;
import io.linklab.remote.SshTarget;
import io.linklab.store.ResultsStore;
import io.linklab.store.RunJournal;
import io.linklab.store.RunRecord;
import io.linklab.store.StoredRun;
import io.linklab.testing.Await;
import io.linklab.tools.Parsers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Stop keeps every interval line the stopped iperf3 printed: its samples are those of its raw output, the
 * partial last interval included, wherever in an interval the Stop falls (issue 30). Twenty runs, each stopped a
 * twentieth of an interval later after its first stream connected; a Stop takes about half a second to reach
 * iperf3 over ssh, so the stops fall across one whole interval, each at another point of it.
 */
@Tag("lab")
class StopKeepsEveryIntervalLabTest {

    private static final int PORT = 5566;
    /** Stops spread over one interval. */
    private static final int STOPS = 20;

    private static final double INTERVAL_S = 0.5;
    private static final Pattern INTERVAL =
            Pattern.compile("\\[\\s*(\\d+|SUM)\\]\\s+(\\d+\\.\\d+)-(\\d+\\.\\d+)\\s+sec");

    private final Lab lab = Lab.get();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();

    @TempDir
    Path workspace;

    @AfterEach
    void nothingLeftRunning() throws Exception {
        timer.shutdownNow();
        Await.until(() -> processes().isEmpty(), Duration.ofSeconds(10), () -> "left running: " + processes());
    }

    private String processes() {
        try {
            return lab.h1().processes() + lab.h2().processes();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aStopAnywhereInAnIntervalKeepsEveryPrintedIntervalInTheSamples() throws Exception {
        SshConnector connector = new SshConnector(lab.sshSettings(), LoginPrompts.NONE);
        TestEngine engine = new TestEngine(
                new ResultsStore(workspace),
                login -> connector.connect(SshTarget.parse(login)),
                (tool, sink) -> Parsers.forLive(tool, false, sink),
                PointHooks.NONE,
                RunTimings.STANDARD);
        TestPlan plan = TestPlan.defaults(
                        new TestPlan.End(lab.h1().login(), lab.h1().dataIf()),
                        new TestPlan.End(lab.h2().login(), lab.h2().dataIf()),
                        lab.h2().data())
                .toBuilder()
                .tool(Tool.IPERF3)
                .durationS(5)
                .intervalS(INTERVAL_S)
                .streams(1)
                .processes(2)
                .basePort(PORT)
                .build();
        List<String> differences = new ArrayList<>();
        for (int k = 0; k < STOPS; k++) {
            long delayMs = Math.round(k * INTERVAL_S * 1000 / STOPS);
            AtomicBoolean connected = new AtomicBoolean();
            RunHandle[] handle = new RunHandle[1];
            Object lock = new Object();
            RunListener listener = new RunListener() {
                @Override
                public void output(String host, String line) {
                    // the client's first stream is connected: its first interval starts about now
                    if (line.contains("local ")
                            && line.contains(" connected to ")
                            && connected.compareAndSet(false, true)) {
                        timer.schedule(
                                () -> {
                                    synchronized (lock) {
                                        handle[0].cancel();
                                    }
                                },
                                delayMs,
                                TimeUnit.MILLISECONDS);
                    }
                }
            };
            synchronized (lock) {
                handle[0] = engine.start(plan, listener);
            }
            handle[0].await(Duration.ofSeconds(60)).orElseThrow(() -> new AssertionError("run did not end"));
            StoredRun run = engine.store().open(handle[0].runId());
            assertEquals(
                    RunRecord.State.CANCELLED,
                    run.record().state(),
                    run.record().message());
            for (int port = PORT; port < PORT + 2; port++) {
                Set<String> inRaw = new TreeSet<>();
                Path raw = run.dir().resolve("raw").resolve("001-test-r1-client-" + port + ".txt");
                for (String line : Files.readAllLines(raw)) {
                    Matcher m = INTERVAL.matcher(line);
                    if (m.find() && !line.contains("sender") && !line.contains("receiver")) {
                        inRaw.add(m.group(1) + " " + Double.parseDouble(m.group(2)) + "-"
                                + Double.parseDouble(m.group(3)));
                    }
                }
                Set<String> inSamples = new TreeSet<>();
                for (Sample s :
                        run.samples().stream().map(RunJournal.Entry::value).toList()) {
                    // process i is the pair on port PORT + i - 1
                    if (String.valueOf(port - PORT + 1).equals(s.process())
                            && Boolean.TRUE.equals(s.printedByClient())
                            && s.role() == Role.SENDER
                            && !s.isSum()) {
                        inSamples.add(s.stream() + " " + s.startS() + "-" + s.endS());
                    }
                }
                if (!inSamples.equals(inRaw)) {
                    differences.add("stop " + delayMs + " ms after the first stream connected, port " + port
                            + ": samples " + inSamples + ", raw " + inRaw + "\n" + Files.readString(raw));
                }
            }
        }
        assertEquals(List.of(), differences);
    }
}
