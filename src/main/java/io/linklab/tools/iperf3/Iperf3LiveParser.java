package io.linklab.tools.iperf3;

import io.linklab.model.MeasurementSink;
import io.linklab.tools.StreamingParser;

/**
 * A live iperf3 process's output, text or {@code --json-stream} (the client of a 3.17+ host): its first line
 * that is not blank says which, since iperf3's text never begins a line with '{' and every JSON event does. Blank
 * lines before that are handed on once it is decided, so line numbers in messages stay the tool's, and output with
 * no such line is the text parser's, as before there was a choice.
 */
public final class Iperf3LiveParser implements StreamingParser {

    private final MeasurementSink sink;
    private StreamingParser parser;
    private int blanksBefore;

    public Iperf3LiveParser(MeasurementSink sink) {
        this.sink = sink;
    }

    @Override
    public void feed(String line) {
        if (parser == null) {
            String start = line.stripLeading();
            if (start.isEmpty()) {
                blanksBefore++;
                return;
            }
            decide(start.charAt(0) == '{' ? new Iperf3JsonParser(sink) : new Iperf3TextParser(sink));
        }
        parser.feed(line);
    }

    @Override
    public void finish() {
        if (parser == null) {
            decide(new Iperf3TextParser(sink));
        }
        parser.finish();
    }

    private void decide(StreamingParser chosen) {
        parser = chosen;
        for (; blanksBefore > 0; blanksBefore--) {
            parser.feed("");
        }
    }
}
