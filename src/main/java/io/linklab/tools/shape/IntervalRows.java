package io.linklab.tools.shape;

import io.linklab.model.Direction;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The interval rows of one tool output in the one shape every CSV has: each stream numbered 1..N within its
 * process, direction and view, each interval of a single stream followed by its SUM (the tools print a SUM
 * line only for several streams), and each row stamped with its absolute start where the test's start is known.
 *
 * <p>The two ends of a flow give its stream different ids, so the numbers are what matches them: the order of
 * the streams' connecting ports where the output says them ({@code ToolMeta.STREAM_PORT}: iperf2, whose ends
 * print their streams in no fixed order), else the order the streams first report in (iperf3 lists them in
 * the order they connected on both ends).
 *
 * <p>Whether a single stream's interval has a SUM line of the tool's own (iperf3 -J always prints one) is
 * known only when the next interval of that view begins, so its SUM follows then, before that interval's
 * first row, or at {@link #flush()}.
 */
final class IntervalRows {

    /** One view of one direction of one process: the rows whose streams are numbered together. */
    private record View(String process, Direction direction, Role role) {}

    /** What is known of a view: its streams' numbers, whether the tool sums it, its single-stream interval. */
    private static final class State {
        final Map<String, Integer> index = new HashMap<>();
        boolean toolSums;
        Sample single;
    }

    private final Consumer<Sample> out;
    private final Map<View, State> views = new LinkedHashMap<>();
    /** The connecting port of each stream id, per direction, where the output names it. */
    private final Map<Direction, Map<String, Long>> ports = new HashMap<>();

    private Instant start;

    IntervalRows(Consumer<Sample> out) {
        this.out = out;
    }

    /** The absolute time the test's clock started (its 0 s), or null when it is not known. */
    void start(Instant testStart) {
        this.start = testStart;
    }

    boolean hasStart() {
        return start != null;
    }

    /** Stream {@code stream} of {@code direction} connected from port {@code port}. */
    void port(String stream, Direction direction, long port) {
        ports.computeIfAbsent(direction, d -> new HashMap<>()).put(stream, port);
    }

    void sample(Sample s) {
        if (start != null && s.startUtc() == null) {
            s = s.withStartUtc(start.plusNanos(Math.round(s.startS() * 1e9)));
        }
        State st = views.computeIfAbsent(new View(s.process(), s.direction(), s.role()), v -> new State());
        if (s.isSum()) {
            st.toolSums = true;
            st.single = null;
            out.accept(s);
            return;
        }
        Integer index = st.index.get(s.stream());
        if (index == null) {
            index = number(st, s.stream(), s.direction());
            st.index.put(s.stream(), index);
        }
        s = s.withStreamIndex(index);
        Sample before = st.single;
        if (before != null && (before.startS() != s.startS() || before.omitted() != s.omitted())) {
            // The single stream's interval ended without a SUM line of the tool's: its SUM comes first.
            out.accept(before.asSum());
        }
        st.single = st.toolSums || st.index.size() > 1 ? null : s;
        out.accept(s);
    }

    /** A new stream's number: its port's place among its direction's ports, else the next free one. */
    private int number(State st, String stream, Direction direction) {
        Map<String, Long> known = ports.getOrDefault(direction, Map.of());
        Long port = known.get(stream);
        int n = st.index.size() + 1;
        if (port != null) {
            n = 1 + (int) known.values().stream().filter(p -> p < port).count();
        }
        if (st.index.containsValue(n)) {
            n = 1;
            while (st.index.containsValue(n)) {
                n++;
            }
        }
        return n;
    }

    /** The output of the test is over (its totals began, or it ended): the last single-stream SUMs follow. */
    void flush() {
        List<Sample> last = new ArrayList<>();
        for (State st : views.values()) {
            if (st.single != null) {
                last.add(st.single.asSum());
                st.single = null;
            }
        }
        last.forEach(out);
    }

    /** A new test begins: numbering, sums and start time start over. Call {@link #flush()} first. */
    void reset() {
        views.clear();
        ports.clear();
        start = null;
    }

    /** Forgets what is pending without emitting it (its rows were taken back). */
    void discard() {
        reset();
    }
}
