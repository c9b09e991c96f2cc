package io.linklab.engine;

import io.linklab.model.MeasurementSink;
import io.linklab.model.Tool;
import io.linklab.tools.StreamingParser;
import io.linklab.tools.driver.ToolDriver;

/** Makes the parser for one live tool process's output. */
@FunctionalInterface
public interface ParserFactory {

    StreamingParser create(Tool tool, MeasurementSink sink);

    /** The parsers for the text output the engine's command builders ask for: each tool driver's own. */
    static ParserFactory live() {
        return (tool, sink) -> ToolDriver.forTool(tool).liveParser(sink);
    }
}
