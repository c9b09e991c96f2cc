package io.linklab.counters;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Recorded sampler output in src/test/resources/counters (see its README for how it was made). */
final class RecordedCounters {

    private RecordedCounters() {}

    static List<String> lines(String name) throws IOException {
        try (InputStream in = RecordedCounters.class.getResourceAsStream("/counters/" + name)) {
            if (in == null) {
                throw new IOException("no test resource counters/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    static List<Snapshot> snapshots(String name) throws IOException {
        List<Snapshot> out = new ArrayList<>();
        SnapshotParser p = new SnapshotParser(out::add);
        lines(name).forEach(p::line);
        return out;
    }

    /** The rows of a recorded series as an end's sampler makes them, times from its first snapshot. */
    static EndSeries series(String name, String end, String host) throws IOException {
        Sampler sampler = new Sampler(null, null, "linklab-counters", () -> {});
        lines(name).forEach(sampler.out()::line);
        List<Sampler.Timed> values = sampler.values();
        long first = values.stream()
                .mapToLong(t -> t.endNanos() - (long) (t.intervalS() * 1e9))
                .min()
                .orElse(0);
        List<HostCounterRow> rows = new ArrayList<>();
        for (Sampler.Timed t : values) {
            rows.add(new HostCounterRow(
                    (t.endNanos() - first) / 1e9, t.intervalS(), "", 1, end, host, sampler.iface(), t.value()));
        }
        return new EndSeries(end, host, sampler.iface(), sampler.speedMbps(), rows);
    }
}
