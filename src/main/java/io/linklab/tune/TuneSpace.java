package io.linklab.tune;

import io.linklab.model.Tool;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What the tuner may try.
 *
 * @param tools        tools installed on both ends, the one to start with first
 * @param maxProcesses the cores of the weaker end (more processes than cores only share them)
 * @param maxStreams   the most streams per process to try
 * @param pinnings     pinnings the hosts allow besides {@link Pinning#NONE} (NUMA only where the NIC's node is known)
 * @param windows      windows to try besides the tool's default ("4M", "16M")
 * @param vary         the dimensions the user lets vary; the others stay at the start settings
 * @param linkSpeedBps the link's speed in bits per second, null when not known
 * @param mtus         MTUs to try on both data interfaces (only when {@link Dimension#MTU} varies)
 * @param streamThreads whether both ends' iperf3 runs each stream on a thread of its own (3.16+): more streams, not
 *                     more processes, are then the way past one core
 */
public record TuneSpace(
        List<Tool> tools,
        int maxProcesses,
        int maxStreams,
        List<Pinning> pinnings,
        List<String> windows,
        Set<Dimension> vary,
        Double linkSpeedBps,
        List<Integer> mtus,
        boolean streamThreads) {

    public TuneSpace {
        if (tools.isEmpty()) {
            throw new IllegalArgumentException("no tool to tune");
        }
        if (maxProcesses < 1 || maxStreams < 1) {
            throw new IllegalArgumentException("maxProcesses and maxStreams start at 1");
        }
        tools = List.copyOf(tools);
        pinnings = List.copyOf(pinnings);
        windows = List.copyOf(windows);
        vary = vary.isEmpty() ? EnumSet.noneOf(Dimension.class) : EnumSet.copyOf(vary);
        mtus = List.copyOf(mtus);
    }

    public boolean varies(Dimension d) {
        return vary.contains(d);
    }

    /** The tools to try: all of them when the tool varies, else only the first. */
    public List<Tool> toolsToTry() {
        return varies(Dimension.TOOL) ? tools : List.of(tools.get(0));
    }

    /** The most streams one process of {@code tool} takes: netperf runs one stream per process. */
    public int maxStreams(Tool tool) {
        return tool == Tool.NETPERF ? 1 : maxStreams;
    }

    /** Every combination the tuner could try: what an exhaustive grid over the same dimensions runs. */
    public List<TuneSettings> grid() {
        List<TuneSettings> out = new ArrayList<>();
        List<Integer> processes = varies(Dimension.PROCESSES) ? powersUpTo(maxProcesses) : List.of(1);
        List<Pinning> pins = new ArrayList<>(List.of(Pinning.NONE));
        if (varies(Dimension.PINNING)) {
            pins.addAll(pinnings);
        }
        List<String> wins = new ArrayList<>();
        wins.add(null);
        if (varies(Dimension.WINDOW)) {
            wins.addAll(windows);
        }
        List<Integer> mtuList = new ArrayList<>();
        mtuList.add(null);
        if (varies(Dimension.MTU)) {
            mtuList.addAll(mtus);
        }
        for (Tool t : toolsToTry()) {
            List<Integer> streams = varies(Dimension.STREAMS) ? powersUpTo(maxStreams(t)) : List.of(1);
            for (int p : processes) {
                for (int s : streams) {
                    for (Pinning pin : pins) {
                        for (String w : wins) {
                            for (Integer m : mtuList) {
                                out.add(new TuneSettings(t, p, s, pin, w, m));
                            }
                        }
                    }
                }
            }
        }
        return out;
    }

    /** 1, 2, 4, … and {@code max} itself: the steps the tuner takes. */
    static List<Integer> powersUpTo(int max) {
        List<Integer> out = new ArrayList<>();
        for (int n = 1; n < max; n *= 2) {
            out.add(n);
        }
        out.add(max);
        return out;
    }
}
