package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.store.RunJournal;
import io.linklab.store.StoredRun;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The sender's samples of a run of several processes: each process's own stream and the SUM merged from them per
 * interval, as the engine journals them.
 *
 * @param byProcess each process's stream samples, by its process (its port)
 * @param merged    the merged SUM of every interval, in order
 */
record MergedSamples(Map<String, List<Sample>> byProcess, List<Sample> merged) {

    static MergedSamples ofSender(StoredRun run) {
        List<Sample> samples = run.samples().stream()
                .map(RunJournal.Entry::value)
                .filter(s -> s.role() == Role.SENDER)
                .toList();
        return new MergedSamples(
                samples.stream()
                        .filter(s -> s.process() != null && !s.isSum())
                        .collect(Collectors.groupingBy(Sample::process)),
                samples.stream().filter(s -> s.process() == null).toList());
    }

    /** Every merged interval carries the sum of the processes' rates in that interval (to 1 bit/s). */
    void assertEachMergedIntervalIsTheProcessesSum() {
        for (int i = 0; i < merged.size(); i++) {
            int at = i;
            double parts = byProcess.values().stream()
                    .mapToDouble(l -> l.get(at).bitsPerSecond())
                    .sum();
            assertEquals(parts, merged.get(i).bitsPerSecond(), 1, "interval " + (i + 1));
        }
    }
}
