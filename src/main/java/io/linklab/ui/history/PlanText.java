package io.linklab.ui.history;

import io.linklab.model.TestPlan;
import java.util.List;
import java.util.Locale;

/** A plan in one line, as lists and titles show it: "iperf3 TCP, 2 streams, 3 s, bidir, mtu sweep 1500…9000 (4 points)". */
public final class PlanText {

    private PlanText() {}

    public static String summary(TestPlan p) {
        if (p == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder(p.tool().id()).append(' ').append(p.protocol());
        if (p.streams() > 1) {
            sb.append(", ").append(p.streams()).append(" streams");
        }
        if (p.processes() > 1) {
            sb.append(", ").append(p.processes()).append(" processes");
        }
        sb.append(", ").append(p.durationS()).append(" s");
        if (p.mode() != TestPlan.Mode.NORMAL) {
            sb.append(", ").append(p.mode().name().toLowerCase(Locale.ROOT));
        }
        if (p.window() != null) {
            sb.append(", window ").append(p.window());
        }
        if (p.repetitions() > 1) {
            sb.append(", ×").append(p.repetitions());
        }
        if (p.isSweep()) {
            List<String> v = p.sweep().values();
            sb.append(", ")
                    .append(p.sweep().kind().name().toLowerCase(Locale.ROOT).replace('_', ' '))
                    .append(" sweep ")
                    .append(v.get(0))
                    .append('…')
                    .append(v.get(v.size() - 1))
                    .append(" (")
                    .append(v.size())
                    .append(" points)");
        }
        return sb.toString();
    }
}
