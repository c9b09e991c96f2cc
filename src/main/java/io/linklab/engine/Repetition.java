package io.linklab.engine;

import io.linklab.counters.CounterSession;
import io.linklab.model.Direction;
import io.linklab.model.MeasurementSink;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.model.ToolEvent;
import io.linklab.remote.BoundedLines;
import io.linklab.remote.LineSink;
import io.linklab.remote.RemoteCommand;
import io.linklab.remote.RemoteProcess;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import io.linklab.store.RawLog;
import io.linklab.tools.StreamingParser;
import io.linklab.tools.driver.ToolDriver;
import io.linklab.tools.shape.TotalRows;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * One repetition of a point: its servers started and heard listening, its clients started and watched (time
 * limit, silence, lost hosts), their output parsed into the journal and the listener, every process stopped
 * whatever happened, and the totals per direction summed over the processes.
 */
final class Repetition {

    /** Error output kept per command and repetition (first and last lines): messages come from its ends. */
    static final int KEPT_STDERR_CHARS = 64 * 1024;

    /** Work done between starting the servers and starting the clients (the point's MTU change). */
    interface Step {
        void run() throws PointFailure, Run.RunAbort, InterruptedException;
    }

    private final RunContext run;
    private final PointHooks hooks;
    private final SweepPoint point;
    private final TestPlan p;
    private final String pl;
    private final int rep;
    private final List<Direction> directions;
    private final ToolDriver tool;
    private final RunControl control;
    /** The processes' names (1..N, as the CSVs number them) when there are several, else empty. */
    private final List<String> names = new ArrayList<>();

    private final String prefix;
    private final BoundedLines errors = new BoundedLines(KEPT_STDERR_CHARS);
    private final AtomicLong lastOutput = new AtomicLong(System.nanoTime());
    private boolean measuring;
    /** A host stopped answering: nothing more will come from it. */
    private boolean lostContact;

    Repetition(RunContext run, PointHooks hooks, SweepPoint point, int index, int rep, List<Direction> directions) {
        this.run = run;
        this.hooks = hooks;
        this.point = point;
        this.p = point.plan();
        this.pl = point.label();
        this.rep = rep;
        this.directions = directions;
        this.tool = run.tool();
        this.control = run.control();
        for (int i = 0; p.processes() > 1 && i < p.processes(); i++) {
            // 1..N as CSV.md promises: scripts filter on process == 1 whatever --port was
            names.add(String.valueOf(i + 1));
        }
        this.prefix = String.format("%03d-%s-r%d", index + 1, pl.isEmpty() ? "test" : pl.replace('=', '-'), rep);
    }

    Map<Direction, PointRunner.Totals> run(Step beforeClients) throws PointFailure, Run.RunAbort, InterruptedException {
        int n = p.processes();
        RunHosts hosts = run.hosts();
        ProcessSummaries summaries = new ProcessSummaries();
        ProcessMerger merger = new ProcessMerger(names, p.streams(), s -> {
            run.journal().sample(pl, rep, s);
            run.listener().sample(pl, s);
        });
        ServerViews serverViews = new ServerViews(p, run.parsers(), names, s -> {
            run.journal().sample(pl, rep, s);
            run.listener().sample(pl, s);
        });
        List<RemoteProcess> servers = new ArrayList<>();
        List<RemoteProcess> clients = new ArrayList<>();
        List<RemoteProcess> samplers = new ArrayList<>();
        CounterSession counters = run.counters() == null
                ? null
                : run.counters()
                        .session(
                                pl,
                                rep,
                                point.mtu(),
                                p,
                                hosts.client(),
                                hosts.clientLabel(),
                                hosts.server(),
                                hosts.serverLabel());
        List<StreamingParser> clientParsers = new ArrayList<>();
        List<Summary> all;
        List<String> incomplete;
        try {
            // Servers first, all at once; each must say it listens before any client starts.
            List<CountDownLatch> ready = new ArrayList<>();
            List<BoundedLines> serverErr = new ArrayList<>();
            List<ProcessStarts.Start> serverStarts = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                CountDownLatch latch = new CountDownLatch(1);
                BoundedLines err = new BoundedLines(KEPT_STDERR_CHARS);
                ready.add(latch);
                serverErr.add(err);
                serverStarts.add(serverStart(i, serverViews.lines(i), latch, err));
            }
            // Each host's counter sampler starts with the servers (one round trip), before any client.
            List<ProcessStarts.Start> starts = new ArrayList<>();
            if (counters != null) {
                counters.starts()
                        .forEach(
                                c -> starts.add(new ProcessStarts.Start(c.transport(), c.command(), c.out(), c.err())));
            }
            int samplerCount = starts.size();
            starts.addAll(serverStarts);
            List<RemoteProcess> started = ProcessStarts.startAll(starts, control);
            samplers.addAll(started.subList(0, samplerCount));
            servers.addAll(started.subList(samplerCount, started.size()));
            control.serving(servers);
            beforeClients.run();
            awaitServers(servers, ready, serverErr);
            if (counters != null) {
                counters.awaitFirstSnapshot(run.timings().countersStart().toMillis());
            }
            measuring = true;
            hooks.measurementStarting(point, rep, hosts);
            // Clients, all at once.
            List<ProcessStarts.Start> clientStarts = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                clientStarts.add(clientStart(i, merger, summaries, clientParsers));
            }
            clients.addAll(ProcessStarts.startAll(clientStarts, control));
            control.checkCancelled(); // a Stop during the starts: the clients it let start are stopped below
            if (counters != null) {
                counters.clientsStarted();
            }
            run.listener()
                    .progress("running " + tool.program() + " for " + (p.omitS() + p.durationS()) + " s"
                            + (n > 1 ? " (" + n + " processes)" : ""));
            awaitClients(clients);
            if (counters != null) {
                counters.clientsEnded();
            }
            endMeasurement();
            finish(clientParsers);
            // The clients are over and their output is in: the SUMs are made from what was taken until now.
            all = new ArrayList<>(summaries.close());
            // The totals only the servers print (iperf2's receiver), once they have printed them.
            for (Summary t : serverViews.takeTotals(ServerViews.lacking(all, directions))) {
                record(t);
                all.add(t);
            }
            incomplete = merger.incomplete();
            for (int i = 0; i < n; i++) {
                OptionalInt exit = clients.get(i).waitFor(Duration.ofSeconds(1));
                if (exit.isPresent() && exit.getAsInt() < 0) {
                    // No exit status: the connection went, not the tool. Say which host, end the run.
                    checkContact(hosts.client(), hosts.clientLabel());
                    checkContact(hosts.server(), hosts.serverLabel());
                }
                if (exit.isPresent() && exit.getAsInt() != 0) {
                    throw new PointFailure(tool.program() + " client to port " + (p.basePort() + i) + " failed: "
                            + (errors.isEmpty() ? "exit status " + exit.getAsInt() : lastOf(errors)));
                }
            }
        } catch (TransportException e) {
            lostContact = true;
            throw new Run.RunAbort("lost contact: " + e.getMessage());
        } finally {
            // Stopping the processes and taking in their last lines (a stopped iperf3 prints its last interval and
            // totals) must not be cut short by a Stop's interrupt: an interrupted wait gives up on those lines.
            control.holdInterrupts();
            try {
                for (RemoteProcess c : clients) {
                    control.stop(c);
                }
                finish(clientParsers); // their output is all in: what it never reported can now be told
                endMeasurement();
                if (p.tool() == Tool.IPERF3) {
                    // A one-off iperf3 server ends by itself right after its client; give it a moment to do so.
                    for (RemoteProcess s : servers) {
                        s.waitFor(Duration.ofMillis(500));
                    }
                }
                for (RemoteProcess s : servers) {
                    control.stop(s);
                }
                serverViews.finish();
                if (!summaries.closed()) {
                    keepServersTotals(serverViews, summaries.close());
                }
                run.logs().closeAll();
                stopCounters(counters, samplers);
            } finally {
                control.allowInterrupts(); // even when a step threw: a later point must stay stoppable at once
            }
        }
        for (String gap : incomplete) {
            run.warn(pl, rep, "no merged SUM for " + gap);
        }
        Map<Direction, PointRunner.Totals> totals = totals(all);
        if (counters != null) {
            // findings.csv; the command line prints it after its table, the report lists it
            counters.findings(
                    all,
                    tool.program(),
                    n,
                    p.omitS() + p.durationS(),
                    p.protocol() == TestPlan.Protocol.UDP,
                    directions);
        }
        return totals;
    }

    /**
     * After a stop or a failure, the totals the servers printed for what the clients' own totals lack: a stopped
     * iperf3 client prints the receiver's total as zero (the two ends never exchanged them), while its server
     * printed what it received. The servers' output is over, so nothing is waited for, and each server's are kept
     * whether or not the others printed theirs.
     */
    private void keepServersTotals(ServerViews serverViews, List<Summary> taken) {
        try {
            for (Summary t : serverViews.takeEachServersTotals(ServerViews.lacking(taken, directions))) {
                record(t);
            }
        } catch (RuntimeException e) {
            // the clean-up goes on even when the journal cannot take these rows (a full disk)
            run.record()
                    .warning("the servers' totals of " + (pl.isEmpty() ? "the test" : pl) + " repetition " + rep
                            + " could not be kept: " + e.getMessage());
        }
    }

    private void record(Summary t) {
        run.journal().summary(pl, rep, t);
        run.listener().summary(pl, t);
    }

    /**
     * Stops the counter samplers once each has a snapshot from after the clients ended (not after a Stop, nor
     * when a host stopped answering: its snapshot will not come, and the user would wait for nothing), and
     * writes their rows: also when the repetition failed, what was measured is kept.
     */
    private void stopCounters(CounterSession session, List<RemoteProcess> samplers) {
        if (session != null) {
            session.stop(samplers, !control.cancelled() && control.broken() == null && !lostContact, control::stop);
        }
    }

    private ProcessStarts.Start serverStart(int i, LineSink view, CountDownLatch ready, BoundedLines err) {
        int port = p.basePort() + i;
        String label = run.hosts().serverLabel();
        RemoteCommand cmd = ToolDriver.pinned(tool.server(p, port, CommandPreview.serverLifetime(p)), p.server(), i);
        RawLog log = run.logs().open(prefix + "-server-" + port, label, cmd);
        LineSink out = line -> {
            log.line(line);
            run.listener().output(label, line);
            view.line(line);
            if (tool.serverReady(line)) {
                ready.countDown();
            }
        };
        LineSink errSink = line -> {
            log.line(line);
            run.listener().output(label, line);
            view.line(line);
            err.line(line);
            if (tool.serverReady(line)) {
                ready.countDown();
            }
        };
        return new ProcessStarts.Start(
                run.hosts().server(), cmd, control.guarded(out, cmd), control.guarded(errSink, cmd));
    }

    private ProcessStarts.Start clientStart(
            int i, ProcessMerger merger, ProcessSummaries summaries, List<StreamingParser> clientParsers) {
        int port = p.basePort() + i;
        String label = run.hosts().clientLabel();
        String process = names.isEmpty() ? null : names.get(i);
        RemoteCommand cmd = ToolDriver.pinned(tool.client(p, port), p.client(), i);
        RawLog log = run.logs().open(prefix + "-client-" + port, label, cmd);
        String who = tool.program() + " client to port " + port;
        StreamingParser parser = new ShapedParser(run.parsers(), p.tool(), sink(process, who, merger, summaries));
        clientParsers.add(parser);
        LineSink out = line -> {
            lastOutput.set(System.nanoTime());
            log.line(line);
            run.listener().output(label, line);
            synchronized (parser) {
                parser.feed(line);
            }
        };
        LineSink errSink = line -> {
            lastOutput.set(System.nanoTime());
            log.line(line);
            run.listener().output(label, line);
            errors.line(line);
            synchronized (parser) {
                parser.feed(line);
            }
        };
        return new ProcessStarts.Start(
                run.hosts().client(), cmd, control.guarded(out, cmd), control.guarded(errSink, cmd));
    }

    private void awaitServers(List<RemoteProcess> servers, List<CountDownLatch> ready, List<BoundedLines> serverErr)
            throws PointFailure, InterruptedException {
        String label = run.hosts().serverLabel();
        long serverDeadline = System.nanoTime() + run.timings().serverStart().toNanos();
        for (int i = 0; i < servers.size(); i++) {
            while (!ready.get(i).await(50, TimeUnit.MILLISECONDS)) {
                control.checkCancelled();
                if (!servers.get(i).isAlive()) {
                    throw new PointFailure(tool.program() + " server on " + label + " port " + (p.basePort() + i)
                            + " did not start: " + lastOf(serverErr.get(i)));
                }
                if (System.nanoTime() > serverDeadline) {
                    throw new PointFailure(tool.program() + " server on " + label + " port " + (p.basePort() + i)
                            + " did not report listening within "
                            + run.timings().serverStart().toSeconds() + " s");
                }
            }
        }
    }

    /** Tells the hooks the measurement is over, once, whichever way it ended. */
    private void endMeasurement() {
        if (!measuring) {
            return;
        }
        measuring = false;
        try {
            hooks.measurementEnded(point, rep, run.hosts());
        } catch (RuntimeException e) {
            run.record().warning("after " + (pl.isEmpty() ? "the test" : pl) + " repetition " + rep + ": " + e);
        }
    }

    /** The port of a process by its name (1..N), as a message names it for the user to find in raw/. */
    private String port(String name) {
        return String.valueOf(p.basePort() + Integer.parseInt(name) - 1);
    }

    private Map<Direction, PointRunner.Totals> totals(List<Summary> all) throws PointFailure {
        int n = p.processes();
        Map<Direction, PointRunner.Totals> totals = new EnumMap<>(Direction.class);
        List<String> missingTotals = new ArrayList<>();
        List<Summary> shown = new ArrayList<>(all);
        for (Direction d : directions) {
            ProcessMerger.Total recvTotal = ProcessMerger.total(all, names, d, Role.RECEIVER);
            ProcessMerger.Total sendTotal = ProcessMerger.total(all, names, d, Role.SENDER);
            for (ProcessMerger.Total t : List.of(sendTotal, recvTotal)) {
                if (!t.missing().isEmpty()) {
                    missingTotals.add(
                            "the " + tool.program() + " client" + (t.missing().size() == 1 ? "" : "s")
                                    + " to port "
                                    + t.missing().stream().map(this::port).collect(Collectors.joining(", "))
                                    + " reported no " + d.csv() + " "
                                    + (t == recvTotal ? Role.RECEIVER : Role.SENDER).csv() + " total");
                } else if (n > 1 && t.sum() != null) {
                    run.journal().summary(pl, rep, t.sum());
                    run.listener().summary(pl, t.sum());
                    shown.add(t.sum());
                }
            }
            if (!missingTotals.isEmpty()) {
                continue;
            }
            Summary recv = recvTotal.sum();
            Summary send = sendTotal.sum();
            Summary rate = recv != null && recv.bitsPerSecond() != null ? recv : send;
            if (rate == null || rate.bitsPerSecond() == null) {
                throw new PointFailure(tool.program() + " reported no end-of-test totals for " + d.csv()
                        + (errors.isEmpty() ? "" : " (" + lastOf(errors) + ")"));
            }
            Long retr = send != null && send.retransmits() != null
                    ? send.retransmits()
                    : recv != null ? recv.retransmits() : null;
            totals.put(d, new PointRunner.Totals(rate.bitsPerSecond(), retr));
        }
        for (Summary note : TotalRows.missingRoles(shown, p.tool().id())) {
            // a role neither end reports: an empty row that says so; after a stop the tool would have reported
            // it, had the test ended
            run.journal().summary(pl, rep, control.cancelled() ? note.withNote("interrupted") : note);
        }
        if (!missingTotals.isEmpty()) {
            // The other processes' totals are in the journal; a SUM without these would be short, so there is none.
            throw new PointFailure(String.join("; ", missingTotals) + " (its output in raw/ ends without it); a SUM "
                    + "of the " + n + " processes would be short without it, so none is given");
        }
        return totals;
    }

    /** Tells each parser its output is over, once (the list is emptied). */
    private static void finish(List<StreamingParser> parsers) {
        for (StreamingParser parser : parsers) {
            synchronized (parser) {
                parser.finish();
            }
        }
        parsers.clear();
    }

    private MeasurementSink sink(String process, String who, ProcessMerger merger, ProcessSummaries summaries) {
        return new MeasurementSink() {
            @Override
            public void sample(Sample s) {
                Sample tagged = process == null ? s : s.withProcess(process);
                run.journal().sample(pl, rep, tagged);
                run.listener().sample(pl, tagged);
                merger.sample(tagged);
            }

            @Override
            public void summary(Summary s) {
                Summary tagged = process == null ? s : s.withProcess(process);
                if (summaries.offer(tagged, t -> run.journal().summary(pl, rep, t))) {
                    run.listener().summary(pl, tagged);
                } else {
                    run.warn(
                            pl,
                            rep,
                            who + " printed a "
                                    + (s.role() == null ? "" : s.role().csv() + " ")
                                    + "total after its end was taken (" + s.bitsPerSecond()
                                    + " bit/s); it is left out of "
                                    + "the results and the SUM");
                }
            }

            @Override
            public void event(ToolEvent e) {
                run.journal().event(pl, rep, e);
                run.listener().event(pl, e);
                if (e.severity() == ToolEvent.Severity.ERROR) {
                    errors.line(e.message());
                }
            }
        };
    }

    private void awaitClients(List<RemoteProcess> clients) throws PointFailure, Run.RunAbort, InterruptedException {
        RunHosts hosts = run.hosts();
        long startNs = System.nanoTime();
        long limit = startNs
                + Duration.ofSeconds(p.omitS() + p.durationS())
                        .plus(run.timings().clientGrace())
                        .toNanos();
        long stallNs = TimeUnit.MILLISECONDS.toNanos(
                (long) Math.max(run.timings().silence().toMillis(), p.intervalS() * 5000));
        for (RemoteProcess c : clients) {
            while (c.waitFor(Duration.ofMillis(100)).isEmpty()) {
                control.checkCancelled();
                long now = System.nanoTime();
                if (now > limit) {
                    throw new PointFailure("timed out: the " + tool.program() + " client was still running "
                            + Duration.ofNanos(now - startNs).toSeconds() + " s after it started");
                }
                if (now - lastOutput.get() > stallNs) {
                    // Silence: a host may have dropped off the network. Ask both before deciding.
                    checkContact(hosts.client(), hosts.clientLabel());
                    checkContact(hosts.server(), hosts.serverLabel());
                    lastOutput.set(System.nanoTime());
                }
            }
        }
    }

    private void checkContact(Transport t, String who) throws Run.RunAbort, InterruptedException {
        // A round trip to the SSH server, not a command: a command pays the host's login shell, which on a
        // busy host was seen to take longer than this whole check while the host was perfectly reachable.
        Duration timeout = run.timings().contactTimeout();
        if (!t.answers(timeout)) {
            lostContact = true;
            throw new Run.RunAbort("lost contact with " + who + ": it stopped answering (no output for several "
                    + "seconds, and its SSH server did not answer within " + timeout.toSeconds()
                    + " s); the samples measured until then are kept");
        }
    }

    private static String lastOf(BoundedLines lines) {
        String last = lines.lastNonBlank();
        return last.isEmpty() ? "no message" : last;
    }
}
