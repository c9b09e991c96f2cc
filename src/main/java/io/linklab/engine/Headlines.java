package io.linklab.engine;

import io.linklab.model.Headline;
import io.linklab.model.Rates;
import io.linklab.model.SweepRow;
import java.util.ArrayList;
import java.util.List;

/** The words a run ends with (its outcome's message), and each sweep row's gain over the first point. */
final class Headlines {

    private Headlines() {}

    /** A run that measured everything: the rate per direction, or how many points a sweep measured. */
    static String headline(List<SweepRow> rows) {
        if (rows.isEmpty()) {
            return "nothing measured";
        }
        if (rows.stream().map(SweepRow::point).distinct().count() > 1) {
            return rows.stream().map(SweepRow::point).distinct().count() + " points measured";
        }
        StringBuilder sb = new StringBuilder();
        Headline.of(rows)
                .forEach((direction, bps) -> sb.append(sb.length() == 0 ? "" : ", ")
                        .append(direction.csv())
                        .append(' ')
                        .append(Rates.gbit(bps, 2) + " Gbit/s"));
        return sb.toString();
    }

    /** A run with failed points: the first failure, and for a sweep how many of its points failed. */
    static String failureSummary(List<SweepRow> rows, int failedPoints) {
        long total = rows.stream().map(SweepRow::point).distinct().count();
        String first = rows.stream()
                .filter(r -> !r.ok())
                .findFirst()
                .map(r -> (r.point().isEmpty() ? "" : r.point() + ": ")
                        + r.status().replaceFirst("^failed: ", ""))
                .orElse("");
        if (total <= 1) {
            return first;
        }
        return failedPoints + " of " + total + " points failed (first: " + first + ")";
    }

    /** A run stopped from outside: by whom, and how far it got. */
    static String stopped(String by, int donePoints, int points) {
        return "stopped by " + by + " after " + donePoints + " of " + points + " point" + (points == 1 ? "" : "s");
    }

    /** The rows with their gain: the ratio to the first measured rate of the same direction. */
    static List<SweepRow> withGain(List<SweepRow> rows, List<SweepRow> earlier) {
        List<SweepRow> out = new ArrayList<>();
        for (SweepRow r : rows) {
            Double base = null;
            for (SweepRow e : earlier) {
                if (e.direction() == r.direction() && e.bitsPerSecond() != null) {
                    base = e.bitsPerSecond();
                    break;
                }
            }
            if (base == null && r.bitsPerSecond() != null) {
                base = r.bitsPerSecond();
            }
            Double gain = base == null || r.bitsPerSecond() == null || base == 0 ? null : r.bitsPerSecond() / base;
            out.add(new SweepRow(
                    r.point(),
                    r.mtu(),
                    r.streams(),
                    r.processes(),
                    r.value(),
                    r.direction(),
                    r.bitsPerSecond(),
                    r.bitsPerSecondMin(),
                    r.bitsPerSecondMax(),
                    r.retransmits(),
                    gain,
                    r.status()));
        }
        return out;
    }
}
