package io.linklab.ui.history;

import io.linklab.model.Direction;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.SweepRow;
import io.linklab.model.TestPlan;
import io.linklab.model.Verdict;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A finished run (or an imported log) as the history, comparison and export views need it: what it was, its
 * headline figures, its recorded environment and its measurements. Built from the engine's stored runs (its
 * RunRecord and StoredRun) or from an imported log ({@link ImportedLogRun}); plain data, no JavaFX.
 *
 * @param state       how it ended, as its run.json says; IMPORTED for a log; null when not known
 * @param stateDetail what qualifies the state (an imported log's damage), else null
 * @param plan        null for imported logs (no plan is known)
 * @param headline    the SUM receiver rate per direction (bits/s)
 * @param environment recorded facts, flattened to "h1 iperf3 version" → "3.12", "h2 data0 mtu" → "9000" …
 * @param samples     every interval, with its sweep point ("" outside sweeps); empty in a listing
 * @param readWarning what could not be read back when it was opened (damaged journal lines), else null
 * @param verdict     the whole run's: fail if a direction or point fell below the expected rate (run.json)
 */
public record PastRun(
        String id,
        String name,
        String note,
        State state,
        String stateDetail,
        Instant started,
        Instant ended,
        String tool,
        List<String> hosts,
        TestPlan plan,
        Map<Direction, Double> headline,
        Map<String, String> environment,
        List<PointSample> samples,
        List<PointSummary> summaries,
        List<SweepRow> sweepRows,
        Path dir,
        boolean imported,
        String readWarning,
        Verdict.Outcome verdict) {

    public PastRun {
        verdict = verdict == null ? Verdict.Outcome.NONE : verdict;
        hosts = List.copyOf(hosts);
        headline = Map.copyOf(headline);
        environment = Map.copyOf(environment);
        samples = List.copyOf(samples);
        summaries = List.copyOf(summaries);
        sweepRows = List.copyOf(sweepRows);
    }

    /** The engine's run states (RunRecord.State) and IMPORTED for a log read from a file. */
    public enum State {
        RUNNING,
        OK,
        FAILED,
        CANCELLED,
        INTERRUPTED,
        IMPORTED
    }

    public record PointSample(String point, int repetition, Sample sample) {}

    public record PointSummary(String point, int repetition, Summary summary) {}

    /** The name the user gave it, else its id. */
    public String title() {
        return name == null || name.isBlank() ? id : name;
    }

    public boolean isSweep() {
        return plan != null
                ? plan.isSweep()
                : sweepRows.stream().map(SweepRow::point).distinct().count() > 1;
    }

    /** Text the history filter searches: id, name, note, tool, hosts, plan. */
    public String searchText() {
        return String.join(
                        " ",
                        id,
                        name == null ? "" : name,
                        note == null ? "" : note,
                        tool == null ? "" : tool,
                        String.join(" ", hosts),
                        planSummary(),
                        stateText())
                .toLowerCase(Locale.ROOT);
    }

    /** "OK", "FAILED", "IMPORTED (damaged: …)"; "" when the state is not known. */
    public String stateText() {
        return state == null ? "" : state.name() + (stateDetail == null ? "" : " (" + stateDetail + ")");
    }

    public String planSummary() {
        return plan == null ? (imported ? "imported log" : "") : PlanText.summary(plan);
    }
}
