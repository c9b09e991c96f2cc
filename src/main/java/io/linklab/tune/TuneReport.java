package io.linklab.tune;

import io.linklab.engine.PlanScript;
import io.linklab.model.Rates;
import io.linklab.model.TestPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** A tune's result as people read it: the winner, its rate and spread, the share of the link, why it stopped. */
public final class TuneReport {

    private TuneReport() {}

    /** One probe as the progress prints it: "step 3 processes 1 -> 2: iperf3 p=2 s=1 …: 18.2 Gbit/s (17.9-18.5)". */
    public static String stepLine(TuneStep s) {
        Probe p = s.probe();
        return "step " + s.step() + " " + s.reason() + ": " + p.settings().label() + ": "
                + (p.ok()
                        ? gbps(p.rate()) + " Gbit/s (" + gbps(p.min()) + "-" + gbps(p.max()) + ")"
                        : "failed: " + p.failure());
    }

    /**
     * The result in lines: the winner's settings and rate, how it was confirmed (and how sure the pick is against the
     * runner-up, where they were measured side by side), why the search stopped, what the
     * hosts kept from being tried, and the winner's commands per host as a shell script.
     *
     * @param winnerPlan the winner as a full-length plan (for the script), null when nothing was measured
     */
    public static List<String> lines(TuneResult r, Double linkSpeedBps, TestPlan winnerPlan) {
        return lines(r, linkSpeedBps, winnerPlan, List.of());
    }

    /**
     * As {@link #lines(TuneResult, Double, TestPlan)}, the script's ssh lines with {@code sshOptions}: the login the
     * tune used ({@link PlanScript#of(TestPlan, java.util.function.Function, List)}).
     */
    public static List<String> lines(TuneResult r, Double linkSpeedBps, TestPlan winnerPlan, List<String> sshOptions) {
        if (r.best() == null) {
            List<String> out = new ArrayList<>(List.of("no setting measured: " + r.detail()));
            out.addAll(r.notes());
            return out;
        }
        Probe w = r.winner();
        String how = r.confirmed() != null
                ? "confirmed over " + runs(r.confirmation().repetitions()) + " of "
                        + r.confirmation().durationS() + " s"
                : "unconfirmed: the short probes' rate, no time was left for a full-length run";
        StringBuilder rate = new StringBuilder("rate " + gbps(w.rate()) + " Gbit/s, min " + gbps(w.min()) + ", max "
                + gbps(w.max()) + " (" + how + ")");
        if (linkSpeedBps != null) {
            rate.append(String.format(
                    Locale.ROOT,
                    ", %.0f %% of the link's %s Gbit/s",
                    100 * w.rate() / linkSpeedBps,
                    gbps(linkSpeedBps)));
        }
        String script = winnerPlan == null ? "" : PlanScript.of(winnerPlan, login -> Optional.empty(), sshOptions);
        List<String> out = new ArrayList<>(List.of("best: " + r.best().label(), rate.toString()));
        if (r.sideBySide() != null) {
            out.add("side by side: " + r.sideBySide().text());
        }
        out.addAll(List.of("stopped: " + r.why().text() + (r.detail() == null ? "" : " (" + r.detail() + ")")));
        out.addAll(r.notes());
        out.addAll(List.of("", "# the winner's commands per host:", script));
        return out;
    }

    private static String runs(int n) {
        return n == 1 ? "1 run" : n + " runs";
    }

    static String gbps(double bps) {
        return Rates.gbit(bps, 2);
    }
}
