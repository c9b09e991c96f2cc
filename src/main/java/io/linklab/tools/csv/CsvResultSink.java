package io.linklab.tools.csv;

import io.linklab.model.MeasurementSink;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.ToolEvent;
import io.linklab.tools.ToolMeta;
import io.linklab.tools.shape.ShapedRows;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A sink that appends every sample to samples.csv and every total to summary.csv, stamped with the
 * current source (imported file), sweep point and run, in the one shape of those files (tools.shape:
 * stream numbers, a SUM for every interval, both roles of every total). Either writer may be null to skip
 * that file.
 */
public final class CsvResultSink implements MeasurementSink, Closeable {

    private final CsvTableWriter<ResultTables.SampleRow> samples;
    private final CsvTableWriter<ResultTables.SummaryRow> summaries;
    private String source = "";
    private String point = "";
    private String run;
    /** What the parsers give goes through this first; what it lets out is written ({@link Rows}). */
    private final ShapedRows shaped = ShapedRows.forImport(new Rows());
    /** Where the shaped rows go besides the files, so what is shown of an import is what the files hold. */
    private final MeasurementSink written;

    public CsvResultSink(
            CsvTableWriter<ResultTables.SampleRow> samples, CsvTableWriter<ResultTables.SummaryRow> summaries) {
        this(samples, summaries, null);
    }

    /** @param written receives every row as written (its meta too), after the file has it; null for none */
    public CsvResultSink(
            CsvTableWriter<ResultTables.SampleRow> samples,
            CsvTableWriter<ResultTables.SummaryRow> summaries,
            MeasurementSink written) {
        this.samples = samples;
        this.summaries = summaries;
        this.written = written;
    }

    /** Rows written from now on carry this source (a file name on import, empty for a test). */
    public void source(String newSource) {
        this.source = newSource == null ? "" : newSource;
        this.run = null;
    }

    /**
     * Starts the rows of one imported file: they carry its name, and {@link #discardSource()} can take them
     * all back. Both writers must come from {@link CsvTableWriter#create}.
     */
    public void beginSource(String newSource) throws IOException {
        shaped.finish(); // the last rows of the previous file, still under its name
        source(newSource);
        for (CsvTableWriter<?> w : writers()) {
            w.mark();
        }
    }

    /** Takes back every row written since {@link #beginSource}: a file that failed leaves nothing behind. */
    public void discardSource() throws IOException {
        shaped.discard();
        for (CsvTableWriter<?> w : writers()) {
            w.rollback();
        }
    }

    private List<CsvTableWriter<?>> writers() {
        List<CsvTableWriter<?>> list = new ArrayList<>(2);
        if (samples != null) {
            list.add(samples);
        }
        if (summaries != null) {
            list.add(summaries);
        }
        return list;
    }

    /** Rows written from now on carry this sweep point ("mtu=9000"), or none. */
    public void point(String newPoint) {
        this.point = newPoint == null ? "" : newPoint;
    }

    @Override
    public void sample(Sample sample) {
        shaped.sample(sample);
    }

    @Override
    public void summary(Summary summary) {
        shaped.summary(summary);
    }

    @Override
    public void event(ToolEvent event) {
        // Events go to the run record and the console, not to the CSV tables.
    }

    @Override
    public void meta(String key, String value) {
        shaped.meta(key, value);
    }

    /** The shaped rows, written with the source, point and run they belong to. */
    private final class Rows implements MeasurementSink {
        @Override
        public void sample(Sample sample) {
            if (samples != null) {
                samples.write(new ResultTables.SampleRow(source, point, run, sample));
            }
            if (written != null) {
                written.sample(sample);
            }
        }

        @Override
        public void summary(Summary summary) {
            if (summaries != null) {
                summaries.write(new ResultTables.SummaryRow(source, point, run, summary));
            }
            if (written != null) {
                written.summary(summary);
            }
        }

        @Override
        public void event(ToolEvent event) {}

        @Override
        public void meta(String key, String value) {
            if (ToolMeta.RUN.equals(key)) {
                run = value;
            }
            if (written != null) {
                written.meta(key, value);
            }
        }
    }

    @Override
    public void close() throws IOException {
        IOException first = null;
        try {
            shaped.finish();
        } catch (UncheckedIOException e) {
            first = e.getCause();
        }
        for (Closeable c : new Closeable[] {samples, summaries}) {
            if (c != null) {
                try {
                    c.close();
                } catch (IOException e) {
                    if (first == null) {
                        first = e;
                    }
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
