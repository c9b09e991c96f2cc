package io.linklab.tools.importer;

import io.linklab.model.MeasurementSink;
import io.linklab.tools.ToolMeta;
import io.linklab.tools.csv.CsvTable;
import io.linklab.tools.csv.CsvTableWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The netperf omni selectors LinkLab gives no role (latency percentiles, confidence widths, the MSS…), kept as
 * netperf printed them: a row per test of each imported file, a column per selector under the name netperf
 * printed. summary.csv has a column for what LinkLab knows the meaning of; these are never guessed into one.
 */
public final class UnmappedSelectors extends MeasurementSink.Forwarding {

    private record Test(String source, String run) {}

    private final Map<Test, Map<String, String>> tests = new LinkedHashMap<>();
    private String source = "";
    private String run = "";

    public UnmappedSelectors(MeasurementSink target) {
        super(target);
    }

    /** Selectors met from now on belong to this file. */
    public void source(String file) {
        source = file;
        run = "";
    }

    /** Forgets what the current file gave: a file that failed leaves nothing behind, as in the other files. */
    public void discardSource() {
        tests.keySet().removeIf(t -> t.source().equals(source));
    }

    @Override
    public void meta(String key, String value) {
        super.meta(key, value);
        if (ToolMeta.RUN.equals(key)) {
            run = value;
        } else if (key.startsWith(ToolMeta.OMNI_SELECTOR_PREFIX)) {
            tests.computeIfAbsent(new Test(source, run), t -> new LinkedHashMap<>())
                    .put(key.substring(ToolMeta.OMNI_SELECTOR_PREFIX.length()), value);
        }
    }

    /** The selectors met, in the order first printed. */
    public List<String> names() {
        Set<String> names = new LinkedHashSet<>();
        tests.values().forEach(m -> names.addAll(m.keySet()));
        return new ArrayList<>(names);
    }

    /** Writes {@code file}: source, run, then a column per selector (empty where a test did not print it). */
    public void write(Path file) throws IOException {
        CsvTable.Builder<Map.Entry<Test, Map<String, String>>> table = CsvTable.builder();
        table.text("source", e -> e.getKey().source())
                .text("run", e -> e.getKey().run());
        for (String name : names()) {
            table.text(name, e -> e.getValue().get(name));
        }
        try (CsvTableWriter<Map.Entry<Test, Map<String, String>>> w = CsvTableWriter.create(file, table.build())) {
            tests.entrySet().forEach(w::write);
        }
    }
}
