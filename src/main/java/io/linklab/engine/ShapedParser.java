package io.linklab.engine;

import io.linklab.model.MeasurementSink;
import io.linklab.model.Tool;
import io.linklab.tools.StreamingParser;
import io.linklab.tools.shape.ShapedRows;
import java.time.Instant;

/**
 * A live tool process's parser whose rows come out in the one CSV shape (tools.shape.ShapedRows: stream
 * numbers, a SUM for every interval, absolute times from this machine's clock); the "not reported" notes are
 * the run's to add, over both ends' outputs.
 */
final class ShapedParser implements StreamingParser {

    private final StreamingParser parser;
    private final ShapedRows shaped;

    ShapedParser(ParserFactory parsers, Tool tool, MeasurementSink sink) {
        this.shaped = new ShapedRows(sink, false, Instant::now);
        this.parser = parsers.create(tool, shaped);
    }

    @Override
    public void feed(String line) {
        parser.feed(line);
    }

    @Override
    public void finish() {
        parser.finish();
        shaped.finish();
    }
}
