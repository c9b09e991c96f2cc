package io.linklab.model;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Optional;

/**
 * The rate a link is expected to reach: a fixed rate ({@code --expect 90G}) or a share of the slower end's link
 * speed ({@code --expect 90%}). The default is 90 % of the slower end's speed, the acceptance rule vendors' scripts
 * apply to a port.
 *
 * @param bitsPerSecond a fixed expected rate, or null
 * @param fraction      a share (0..1] of the slower end's link speed, used when {@code bitsPerSecond} is null
 * @param text          as the user wrote it ("90G", "90%"), for run.json and the report
 */
public record Expectation(Double bitsPerSecond, Double fraction, String text) {

    /** 90 % of the slower end's link speed. */
    public static final Expectation DEFAULT = new Expectation(null, 0.9, "90%");

    public Expectation {
        if ((bitsPerSecond == null) == (fraction == null)) {
            throw new IllegalArgumentException("an expectation is a rate or a share of the link speed");
        }
    }

    /**
     * "90G" (bits per second, as the tools write rates) or "90%" (of the slower end's link speed).
     *
     * @throws InvalidValueException naming {@code field} when the text is neither
     */
    public static Expectation parse(String field, String text) {
        String v = text == null ? "" : text.trim();
        if (v.endsWith("%")) {
            String number = v.substring(0, v.length() - 1).trim();
            double pct;
            try {
                pct = Double.parseDouble(number);
            } catch (NumberFormatException e) {
                pct = Double.NaN;
            }
            if (!(pct > 0 && pct <= 100)) {
                throw new InvalidValueException(
                        field, text, "expected a share of the link speed above 0 and at most 100%, such as 90%");
            }
            return new Expectation(null, pct / 100, v);
        }
        if (Validators.rate(v).isPresent()) {
            throw new InvalidValueException(
                    field,
                    text,
                    "expected a rate in bits/s such as 90G or 940M, or a share of the link speed such as 90%");
        }
        double bps = Validators.parseScaled(v, 1000);
        if (bps <= 0) {
            throw new InvalidValueException(field, text, "expected a rate above 0");
        }
        return new Expectation(bps, null, v);
    }

    /** What is wrong with {@code text} as an expectation ("90G" or "90%"), or empty when it is one. */
    public static Optional<String> problem(String text) {
        try {
            parse("expected rate", text);
            return Optional.empty();
        } catch (InvalidValueException e) {
            return Optional.of(e.expected());
        }
    }

    /**
     * The expected rate for a link whose slower end has {@code linkSpeedBps} (null: no end with a real speed), or
     * why there is none.
     */
    public Expected resolve(Double linkSpeedBps) {
        if (bitsPerSecond != null) {
            return new Expected(bitsPerSecond, null);
        }
        if (linkSpeedBps == null || linkSpeedBps <= 0) {
            return new Expected(
                    null,
                    "no verdict: " + percent() + " of the link speed was expected, but an end reports no link speed "
                            + "(a virtual interface such as veth or a bridge, or a link that is down); give the "
                            + "expected rate with --expect RATE");
        }
        return new Expected(fraction * linkSpeedBps, null);
    }

    private String percent() {
        return new BigDecimal(fraction * 100, new MathContext(4))
                        .stripTrailingZeros()
                        .toPlainString() + " %";
    }

    /**
     * What a run was measured against.
     *
     * @param bitsPerSecond the expected rate, or null (no verdict)
     * @param whyNone       why there is no expected rate, for the report; null when there is one
     */
    public record Expected(Double bitsPerSecond, String whyNone) {

        public static Expected none(String why) {
            return new Expected(null, why);
        }

        /** The verdict on a measured rate (null: nothing measured). */
        public Verdict judge(Double measuredBps) {
            return Verdict.of(measuredBps, bitsPerSecond, whyNone);
        }
    }
}
