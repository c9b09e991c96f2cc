package io.linklab.tune;

import io.linklab.model.Tool;

/**
 * One combination the tuner measures.
 *
 * @param processes client/server process pairs at once
 * @param streams   streams per process (netperf: always 1)
 * @param window    the socket buffer as the tool takes it ("4M"), null for the tool's default
 * @param mtu       the MTU of both data interfaces, null to leave it alone
 */
public record TuneSettings(Tool tool, int processes, int streams, Pinning pinning, String window, Integer mtu) {

    public TuneSettings {
        if (processes < 1 || streams < 1) {
            throw new IllegalArgumentException("processes and streams start at 1: " + processes + ", " + streams);
        }
    }

    /** The first thing anyone tries: one process, one stream, no pinning, the tool's window. */
    public static TuneSettings start(Tool tool) {
        return new TuneSettings(tool, 1, 1, Pinning.NONE, null, null);
    }

    public TuneSettings withTool(Tool t) {
        return new TuneSettings(t, processes, streams, pinning, window, mtu);
    }

    public TuneSettings withProcesses(int n) {
        return new TuneSettings(tool, n, streams, pinning, window, mtu);
    }

    public TuneSettings withStreams(int n) {
        return new TuneSettings(tool, processes, n, pinning, window, mtu);
    }

    public TuneSettings withPinning(Pinning p) {
        return new TuneSettings(tool, processes, streams, p, window, mtu);
    }

    public TuneSettings withWindow(String w) {
        return new TuneSettings(tool, processes, streams, pinning, w, mtu);
    }

    public TuneSettings withMtu(Integer m) {
        return new TuneSettings(tool, processes, streams, pinning, window, m);
    }

    /** Streams over all processes. */
    public int totalStreams() {
        return processes * streams;
    }

    /** The point label in the run's history and charts: "iperf3 p=2 s=4 pin=spread w=4M". */
    public String label() {
        return tool.id() + " p=" + processes + " s=" + streams + " pin=" + pinning.id() + " w="
                + (window == null ? "default" : window) + (mtu == null ? "" : " mtu=" + mtu);
    }
}
