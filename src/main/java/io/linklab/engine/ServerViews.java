package io.linklab.engine;

import io.linklab.model.Direction;
import io.linklab.model.MeasurementSink;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.TestPlan;
import io.linklab.model.Tool;
import io.linklab.model.ToolEvent;
import io.linklab.remote.LineSink;
import io.linklab.tools.shape.TotalRows;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The servers' own reports during one repetition, read beside the clients': their interval lines are the
 * other end's view of every flow (the receiver's jitter and loss when the client sends, the sender's
 * retransmits and congestion window when the server sends), recorded as they come; their end-of-test totals
 * are kept aside and used only for the roles the clients did not report (iperf2's client knows only its own
 * side's total), since iperf3's client already holds both ends' totals. netserver prints no measurements.
 */
final class ServerViews {

    /** How long a server may take, after its client ended, to print the totals the client lacks. */
    static final Duration TOTALS_WAIT = Duration.ofSeconds(3);

    /** One direction and role of an end-of-test total. */
    record Part(Direction direction, Role role) {}

    private final List<View> views = new ArrayList<>();
    private final int streams;
    private final ProcessMerger merger;

    /**
     * @param names   the processes' names, as the clients' rows carry them (empty for one process)
     * @param samples where the servers' interval rows go (the journal and the listeners), SUMs of several
     *                processes included
     */
    ServerViews(TestPlan plan, ParserFactory parsers, List<String> names, Consumer<Sample> samples) {
        this.streams = plan.streams();
        // Not asked for its incomplete intervals: each server's last interval is a fragment as long as it
        // happens to be (2.00-2.02), some servers print one and others not; the clients' merge names real gaps.
        this.merger = new ProcessMerger(names, plan.streams(), samples);
        if (plan.tool() == Tool.NETPERF) {
            return;
        }
        for (int i = 0; i < plan.processes(); i++) {
            views.add(new View(names.isEmpty() ? null : names.get(i), parsers, plan.tool(), samples));
        }
    }

    /** Where the output of server {@code i} (stdout and stderr) goes besides the raw log. */
    LineSink lines(int i) {
        return i < views.size() ? views.get(i)::line : LineSink.DISCARD;
    }

    /** The parts among {@code directions} × both roles that no summary in {@code totals} has. */
    static Set<Part> lacking(List<Summary> totals, List<Direction> directions) {
        Set<Part> out = new LinkedHashSet<>();
        for (Direction d : directions) {
            for (Role r : Role.values()) {
                if (totals.stream().noneMatch(s -> s.direction() == d && s.role() == r)) {
                    out.add(new Part(d, r));
                }
            }
        }
        return out;
    }

    /**
     * The servers' totals for {@code wanted}, once every server has printed them or {@link #TOTALS_WAIT} has
     * passed: each server's totals of those parts with a SUM for a single stream's, or one made from every
     * stream's total where a server printed all of those but no SUM, journaled by the caller.
     * A part some server did not print is left out for all of them (a SUM of fewer processes would be short).
     * No total is taken after this.
     */
    List<Summary> takeTotals(Set<Part> wanted) throws InterruptedException {
        if (views.isEmpty() || wanted.isEmpty()) {
            views.forEach(View::closeTotals);
            return List.of();
        }
        long deadline = System.nanoTime() + TOTALS_WAIT.toNanos();
        while (!views.stream().allMatch(v -> v.hasAll(wanted)) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        List<List<Summary>> each = new ArrayList<>();
        for (View v : views) {
            each.add(v.closeTotals());
        }
        List<Summary> out = new ArrayList<>();
        for (Part part : wanted) {
            if (!views.stream().allMatch(v -> v.has(part))) {
                continue;
            }
            for (List<Summary> totals : each) {
                out.addAll(totalsOf(totals, part));
            }
        }
        return out;
    }

    /**
     * After a stop, once the servers' output is over: each server's totals for {@code wanted}, whatever the others
     * printed (a server stopped while it printed may have none). No SUM over the processes is made of them, so
     * none can be short. No total is taken after this.
     */
    List<Summary> takeEachServersTotals(Set<Part> wanted) {
        List<Summary> out = new ArrayList<>();
        for (View v : views) {
            List<Summary> totals = v.closeTotals();
            for (Part part : wanted) {
                out.addAll(totalsOf(totals, part));
            }
        }
        return out;
    }

    /** One server's totals of a part, with a SUM for a single stream's or one made from every stream's. */
    private List<Summary> totalsOf(List<Summary> totals, Part part) {
        List<Summary> mine = totals.stream()
                .filter(s -> s.direction() == part.direction() && s.role() == part.role())
                .toList();
        List<Summary> out = new ArrayList<>(mine);
        out.addAll(TotalRows.singleStreamSums(mine));
        out.addAll(TotalRows.sumsOfAllStreams(mine, streams));
        return out;
    }

    /** The servers' output is over: the last interval SUMs they still owe are recorded. */
    void finish() {
        views.forEach(View::finish);
    }

    /** Whether a server's totals name a part: its SUM, or its only stream's total. */
    private boolean complete(List<Summary> totals, Part part) {
        long n = totals.stream()
                .filter(s -> s.direction() == part.direction() && s.role() == part.role())
                .filter(s -> s.isSum() || streams == 1)
                .count();
        return n > 0;
    }

    /** Whether a server printed the total of each of its streams for a part (its SUM may still be missing). */
    private boolean everyStream(List<Summary> totals, Part part) {
        return streams > 1
                && totals.stream()
                                .filter(s -> s.direction() == part.direction() && s.role() == part.role())
                                .filter(s -> !s.isSum())
                                .count()
                        == streams;
    }

    /** One server: its parser and the totals it printed. The transport's reader threads feed it. */
    private final class View implements MeasurementSink {
        private final String process;
        private final ShapedParser parser;
        private final Consumer<Sample> samples;
        private final List<Summary> totals = new ArrayList<>();
        private boolean totalsClosed;
        private boolean finished;

        View(String process, ParserFactory parsers, Tool tool, Consumer<Sample> samples) {
            this.process = process;
            this.samples = samples;
            this.parser = new ShapedParser(parsers, tool, this);
        }

        synchronized void line(String line) {
            if (!finished) {
                parser.feed(line);
            }
        }

        synchronized void finish() {
            if (!finished) {
                finished = true;
                try {
                    parser.finish();
                } catch (RuntimeException e) {
                    // Part of the clean-up, which must go on even when the journal cannot take these last
                    // rows (a full disk).
                }
            }
        }

        @Override
        public void sample(Sample s) {
            Sample tagged = process == null ? s : s.withProcess(process);
            samples.accept(tagged);
            merger.sample(tagged);
        }

        @Override
        public synchronized void summary(Summary s) {
            if (!totalsClosed) {
                totals.add(process == null ? s : s.withProcess(process));
            }
        }

        @Override
        public void event(ToolEvent e) {
            // The server's messages are in raw/ and on the console; the client's say what went wrong.
        }

        /** Its SUM for the part, or failing that (after the wait) every stream's total to make one from. */
        synchronized boolean has(Part part) {
            return complete(totals, part) || everyStream(totals, part);
        }

        synchronized boolean hasAll(Set<Part> parts) {
            return parts.stream().allMatch(p -> complete(totals, p));
        }

        synchronized List<Summary> closeTotals() {
            totalsClosed = true;
            return List.copyOf(totals);
        }
    }
}
