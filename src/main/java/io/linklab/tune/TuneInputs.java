package io.linklab.tune;

import io.linklab.engine.SweepPoints;
import io.linklab.model.InvalidValueException;
import io.linklab.model.Tool;
import io.linklab.model.Validators;
import java.util.ArrayList;
import java.util.List;

/**
 * A tune's settings as people type them, on the command line and in the window alike; each problem is an
 * {@link InvalidValueException} naming the field.
 */
public final class TuneInputs {

    private TuneInputs() {}

    /** "iperf3,iperf2": the tools in order, each once. */
    public static List<Tool> tools(String field, String text) {
        List<Tool> out = new ArrayList<>();
        for (String t : (text == null ? "" : text).split(",", -1)) {
            try {
                Tool tool = Tool.fromId(t.trim());
                if (!out.contains(tool)) {
                    out.add(tool);
                }
            } catch (IllegalArgumentException e) {
                throw new InvalidValueException(field, text, "use iperf3, iperf2 or netperf, separated by commas");
            }
        }
        return out;
    }

    /** 1 to 128. */
    public static int maxStreams(String field, int n) {
        if (n < 1 || n > 128) {
            throw new InvalidValueException(field, String.valueOf(n), "expected 1 to 128");
        }
        return n;
    }

    /** "4M,16M": windows to try; empty for none. */
    public static List<String> windows(String field, String text) {
        List<String> out = new ArrayList<>();
        for (String w : (text == null ? "" : text).split(",", -1)) {
            if (!w.isBlank()) {
                String size = w.trim();
                Validators.size(size).ifPresent(m -> {
                    throw new InvalidValueException(field, size, m);
                });
                out.add(size);
            }
        }
        return out;
    }

    /** "25G" in bits per second; null for a blank text (the speed is not known). */
    public static Double linkSpeed(String field, String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        String v = text.trim();
        Validators.rate(v).ifPresent(m -> {
            throw new InvalidValueException(field, v, m);
        });
        double bps = Validators.parseScaled(v, 1000);
        if (bps <= 0) {
            throw new InvalidValueException(field, v, "expected a rate above 0");
        }
        return bps;
    }

    /** "1500,9000" or START:STOP:STEP, as an MTU sweep takes them; empty for a blank text. */
    public static List<Integer> mtus(String field, String text) {
        if (text == null || text.isBlank()) {
            return List.of();
        }
        List<Integer> out = new ArrayList<>();
        for (String v : SweepPoints.expand(field, text)) {
            try {
                out.add(Validators.requireMtu(field, Integer.parseInt(v.trim())));
            } catch (NumberFormatException e) {
                throw new InvalidValueException(field, text, "expected MTUs such as 1500,9000");
            }
        }
        return out;
    }
}
