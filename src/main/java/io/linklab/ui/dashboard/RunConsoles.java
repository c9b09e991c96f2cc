package io.linklab.ui.dashboard;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The console of each host, bounded to its last lines (the full output is in the run folder), and the lines
 * not yet handed to the view. Not thread-safe: its owner guards it.
 */
final class RunConsoles {

    private final int limit;
    private final Map<String, ArrayDeque<String>> kept = new LinkedHashMap<>();
    private final Map<String, List<String>> fresh = new LinkedHashMap<>();

    RunConsoles(int limit) {
        this.limit = limit;
    }

    void append(String host, String line) {
        ArrayDeque<String> lines = kept.computeIfAbsent(host, h -> new ArrayDeque<>());
        lines.addLast(line);
        if (lines.size() > limit) {
            lines.removeFirst();
        }
        List<String> pending = fresh.computeIfAbsent(host, h -> new ArrayList<>());
        pending.add(line);
        if (pending.size() > limit) {
            pending.subList(0, pending.size() - limit).clear();
        }
    }

    /** The console of a host as kept. */
    List<String> of(String host) {
        ArrayDeque<String> lines = kept.get(host);
        return lines == null ? List.of() : List.copyOf(lines);
    }

    /** The lines added since the last call, per host. */
    Map<String, List<String>> takeFresh() {
        Map<String, List<String>> lines = new LinkedHashMap<>(fresh);
        fresh.clear();
        return lines;
    }
}
