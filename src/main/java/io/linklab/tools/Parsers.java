package io.linklab.tools;

import io.linklab.model.MeasurementSink;
import io.linklab.model.Tool;
import io.linklab.tools.iperf2.Iperf2CsvParser;
import io.linklab.tools.iperf2.Iperf2TextParser;
import io.linklab.tools.iperf3.Iperf3JsonParser;
import io.linklab.tools.iperf3.Iperf3TextParser;
import io.linklab.tools.netperf.NetperfParser;
import java.util.Arrays;
import java.util.List;

/** Where the engine and the importer get their parsers: one per tool output, fed line by line. */
public final class Parsers {

    private Parsers() {}

    /**
     * A parser for a live run's output. {@code json} selects iperf3 -J / --json-stream, iperf2 -y C;
     * netperf's one parser reads all of its layouts.
     */
    public static StreamingParser forLive(Tool tool, boolean json, MeasurementSink sink) {
        List<LogFormat> formats =
                Arrays.stream(LogFormat.values()).filter(f -> f.tool() == tool).toList();
        // Each tool's text format comes first in LogFormat, its machine-readable one (if it has one) last.
        return forFormat(json ? formats.get(formats.size() - 1) : formats.get(0), sink);
    }

    public static StreamingParser forFormat(LogFormat format, MeasurementSink sink) {
        switch (format) {
            case IPERF3:
                return new Iperf3TextParser(sink);
            case IPERF3_JSON:
                return new Iperf3JsonParser(sink);
            case IPERF2:
                return new Iperf2TextParser(sink);
            case IPERF2_CSV:
                return new Iperf2CsvParser(sink);
            case NETPERF:
                return new NetperfParser(sink);
            default:
                throw new IllegalArgumentException("no parser for " + format);
        }
    }
}
