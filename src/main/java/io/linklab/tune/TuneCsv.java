package io.linklab.tune;

import io.linklab.tools.csv.CsvTable;
import io.linklab.tools.csv.CsvTableWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** tune.csv: one row per probe of a tune, the confirmation last (docs/CSV.md). */
public final class TuneCsv {

    public static final String FILE = "tune.csv";
    /** Between a failed probe's reason and its failure in the reason column. */
    static final String FAILED = ": failed: ";

    public static final CsvTable<TuneStep> TABLE = CsvTable.<TuneStep>builder()
            .number("step", TuneStep::step)
            .text("tool", s -> s.probe().settings().tool().id())
            .number("processes", s -> s.probe().settings().processes())
            .number("streams", s -> s.probe().settings().streams())
            .text("pinning", s -> s.probe().settings().pinning().id())
            .text("window", s -> s.probe().settings().window())
            .number("mtu", s -> s.probe().settings().mtu())
            .number("bits_per_second", s -> s.probe().ok() ? s.probe().rate() : null)
            .number("bits_per_second_min", s -> s.probe().ok() ? s.probe().min() : null)
            .number("bits_per_second_max", s -> s.probe().ok() ? s.probe().max() : null)
            .text(
                    "reason",
                    s -> s.probe().ok()
                            ? s.reason()
                            : s.reason() + FAILED + s.probe().failure())
            .build();

    private TuneCsv() {}

    public static void write(Path dir, List<TuneStep> steps) throws IOException {
        try (CsvTableWriter<TuneStep> w = CsvTableWriter.create(dir.resolve(FILE), TABLE)) {
            steps.forEach(w::write);
        }
    }
}
