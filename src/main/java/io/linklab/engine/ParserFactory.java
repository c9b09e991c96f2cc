package io.linklab.engine;

import io.linklab.model.MeasurementSink;
import io.linklab.model.Tool;
import io.linklab.tools.StreamingParser;

/** Makes the parser for one live tool process's output. */
@FunctionalInterface
public interface ParserFactory {

    StreamingParser create(Tool tool, MeasurementSink sink);

    /** The parsers for the text output the engine's command builders ask for. */
    static ParserFactory live() {
        return (tool, sink) -> io.linklab.tools.Parsers.forLive(tool, false, sink);
    }
}
