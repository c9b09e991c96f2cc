package io.linklab.model;

/** Which way the data flows between the test's client and server ends. */
public enum Direction {
    /** Client sends, server receives (the tools' default). */
    C2S,
    /** Server sends, client receives (iperf -R, TCP_MAERTS, the reverse half of a bidirectional test). */
    S2C;

    /** The spelling used in CSV files and run records. */
    public String csv() {
        return this == C2S ? "c2s" : "s2c";
    }

    public Direction opposite() {
        return this == C2S ? S2C : C2S;
    }
}
