package io.linklab.engine;

import io.linklab.model.InvalidValueException;
import io.linklab.model.TestPlan;
import io.linklab.model.TestPlan.SweepKind;
import io.linklab.model.Validators;
import java.util.ArrayList;
import java.util.List;

/** Turns a plan into its points: one plain point, or one per sweep value with that value applied. */
public final class SweepPoints {

    private SweepPoints() {}

    public static List<SweepPoint> of(TestPlan plan) {
        if (!plan.isSweep()) {
            return List.of(new SweepPoint("", plan, null, null));
        }
        List<SweepPoint> points = new ArrayList<>();
        for (String raw : plan.sweep().values()) {
            String v = raw.trim();
            SweepKind kind = plan.sweep().kind();
            // an MTU point is the whole plan (the MTU is set on the interfaces); the others are plain plans
            TestPlan.Builder point = plan.toBuilder().sweep(null);
            TestPlan p = switch (kind) {
                case MTU -> plan;
                case STREAMS -> point.streams(Integer.parseInt(v)).build();
                case PROCESSES -> point.processes(Integer.parseInt(v)).build();
                case WINDOW -> point.window(v).build();
                case MESSAGE_SIZE -> point.messageSize(v).build();
            };
            points.add(new SweepPoint(
                    label(kind) + "=" + v, p, kind == SweepKind.MTU ? Integer.parseInt(v) : null, value(kind, v)));
        }
        return points;
    }

    /** A sweep value as a number: sizes in bytes ("128K" is 131072, as the tools read it); null if not one. */
    private static Double value(SweepKind kind, String v) {
        try {
            return switch (kind) {
                case MTU, STREAMS, PROCESSES -> Double.valueOf(Integer.parseInt(v));
                case WINDOW, MESSAGE_SIZE -> Validators.size(v).isEmpty() ? Validators.parseScaled(v, 1024) : null;
            };
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The parameter's name in point labels and CSV ("mtu", "message-size"). */
    public static String label(SweepKind kind) {
        return kind.name().toLowerCase().replace('_', '-');
    }

    /**
     * Expands a value list as users type it: "1500,4000,9000", or "START:STOP:STEP" counting like
     * {@code seq START STEP STOP} ("1500:9000:250" gives 1500, 1750, …, 9000).
     *
     * @param field the flag or field name for the error message
     */
    public static List<String> expand(String field, String spec) {
        if (spec == null || spec.isBlank()) {
            throw new InvalidValueException(field, spec, "expected a list such as 1500,4000,9000 or START:STOP:STEP");
        }
        String s = spec.trim();
        if (s.contains(":")) {
            String[] parts = s.split(":", -1);
            if (parts.length != 3) {
                throw new InvalidValueException(field, spec, "expected START:STOP:STEP such as 1500:9000:250");
            }
            long start;
            long stop;
            long step;
            try {
                start = Long.parseLong(parts[0].trim());
                stop = Long.parseLong(parts[1].trim());
                step = Long.parseLong(parts[2].trim());
            } catch (NumberFormatException e) {
                throw new InvalidValueException(field, spec, "START, STOP and STEP must be whole numbers");
            }
            if (step == 0 || (stop - start) / step < 0) {
                throw new InvalidValueException(field, spec, "STEP must be non-zero and go from START towards STOP");
            }
            if ((stop - start) / step >= 1000) {
                throw new InvalidValueException(field, spec, "at most 1000 points; use a larger STEP");
            }
            List<String> out = new ArrayList<>();
            for (long v = start; step > 0 ? v <= stop : v >= stop; v += step) {
                out.add(String.valueOf(v));
            }
            return out;
        }
        List<String> out = new ArrayList<>();
        for (String part : s.split(",", -1)) {
            if (part.isBlank()) {
                throw new InvalidValueException(field, spec, "an empty value in the list; write e.g. 1500,4000,9000");
            }
            out.add(part.trim());
        }
        return out;
    }
}
