package io.linklab.tools.iperf2;

import io.linklab.model.Sample;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * iperf 2's rule for totals, which its text and CSV readers share: a report from 0 after its stream already
 * reported is the stream's total, and a stream's only report (a run without -i) is held, to become its total
 * too once the test is over.
 */
final class OnlyReports {

    private final Set<String> reported = new HashSet<>();
    private final Map<String, Sample> held = new HashMap<>();

    /** Whether a report from {@code startS} is the total of a stream that already reported; then none is held. */
    boolean isTotal(String key, double startS) {
        if (startS == 0 && reported.contains(key)) {
            held.remove(key);
            return true;
        }
        return false;
    }

    /** A total found another way: the stream counts as reported and nothing is held for it. */
    void totalSeen(String key) {
        held.remove(key);
        reported.add(key);
    }

    /** An interval of the stream: one from 0 may be its only report, so it is held until another comes. */
    void interval(String key, Sample sample, double startS) {
        reported.add(key);
        if (startS == 0) {
            held.put(key, sample);
        } else {
            held.remove(key);
        }
    }

    /** Forgets the stream (a new connection takes its id) and gives back what was held for it, or null. */
    Sample forget(String key) {
        reported.remove(key);
        return held.remove(key);
    }

    /** What is held, by stream, and nothing held any more. */
    List<Map.Entry<String, Sample>> drain() {
        List<Map.Entry<String, Sample>> out = new ArrayList<>();
        for (Map.Entry<String, Sample> e : held.entrySet()) {
            out.add(Map.entry(e.getKey(), e.getValue()));
        }
        held.clear();
        return out;
    }

    /** A new test: no stream has reported yet. */
    void clear() {
        reported.clear();
        held.clear();
    }
}
