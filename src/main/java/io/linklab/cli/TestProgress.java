package io.linklab.cli;

import io.linklab.engine.RunInfo;
import io.linklab.engine.RunListener;
import io.linklab.model.Expectation;
import io.linklab.model.Rates;
import io.linklab.model.SweepRow;
import io.linklab.model.ToolEvent;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What `linklab test` tells while it runs (stderr, for a person at a terminal) and the result table (stdout). */
final class TestProgress implements RunListener {

    private final PrintStream err;
    private final List<SweepRow> rows = new ArrayList<>();

    TestProgress(PrintStream err) {
        this.err = err;
    }

    synchronized List<SweepRow> rows() {
        return List.copyOf(rows);
    }

    @Override
    public void runStarted(RunInfo info) {
        err.println("run " + info.runId() + " → " + info.runDir());
    }

    @Override
    public void progress(String message) {
        err.println(message);
    }

    @Override
    public void event(String point, ToolEvent event) {
        if (event.severity() != ToolEvent.Severity.INFO && !"point-failed".equals(event.kind())) {
            err.println((point.isEmpty() ? "" : point + ": ")
                    + event.severity().name().toLowerCase(Locale.ROOT) + ": " + event.message());
        }
    }

    @Override
    public void pointFinished(String point, List<SweepRow> pointRows) {
        synchronized (this) {
            rows.addAll(pointRows);
        }
        for (SweepRow r : pointRows) {
            err.println((point.isEmpty() ? "" : point + " ") + r.direction().csv() + ": "
                    + (r.bitsPerSecond() == null ? "-" : gbit(r.bitsPerSecond()) + " Gbit/s")
                    + (r.ok() ? "" : " (" + r.status() + ")"));
        }
    }

    /** One line per point and direction, with its verdict against {@code expected}. */
    static void printTable(PrintStream out, List<SweepRow> rows, Expectation.Expected expected) {
        if (rows.isEmpty()) {
            return;
        }
        out.printf(
                Locale.ROOT,
                "%-18s %-4s %14s %14s %14s %8s %7s  %-10s  %s%n",
                "point",
                "dir",
                "Gbit/s",
                "min",
                "max",
                "retr",
                "gain",
                "verdict",
                "status");
        for (SweepRow r : rows) {
            out.printf(
                    Locale.ROOT,
                    "%-18s %-4s %14s %14s %14s %8s %7s  %-10s  %s%n",
                    r.point().isEmpty() ? "-" : r.point(),
                    r.direction().csv(),
                    gbit(r.bitsPerSecond()),
                    gbit(r.bitsPerSecondMin()),
                    gbit(r.bitsPerSecondMax()),
                    r.retransmits() == null ? "" : r.retransmits(),
                    r.gain() == null ? "" : String.format(Locale.ROOT, "%.2f", r.gain()),
                    expected.judge(r.bitsPerSecond()).outcome().word(),
                    r.status());
        }
    }

    /** A rate in Gbit/s as the command line's tables print it ("" for none). */
    static String gbit(Double bps) {
        return bps == null ? "" : Rates.gbit(bps, 3);
    }
}
