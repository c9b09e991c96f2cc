package io.linklab.tune;

/** Why the search ended. */
public enum StopReason {
    LINE_RATE("line rate reached"),
    CPU_BOUND("CPU-bound on the receiver"),
    NO_GAIN("no further gain"),
    BUDGET("budget used up"),
    STOPPED("stopped"),
    FAILED("no probe measured");

    private final String text;

    StopReason(String text) {
        this.text = text;
    }

    /** As the result says it. */
    public String text() {
        return text;
    }
}
