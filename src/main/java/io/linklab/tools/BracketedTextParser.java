package io.linklab.tools;

import io.linklab.model.MeasurementSink;

/**
 * What the iperf text parsers share: lines are numbered, a line with a "[id]" tag before its end is read as a
 * stream's line and anything else as a banner, header or message, and the tool is named once, before its first
 * figure.
 */
public abstract class BracketedTextParser implements StreamingParser {

    protected final MeasurementSink sink;
    protected final TextScanner sc = new TextScanner();
    /** The number of the line being read, for the events that point at it. */
    protected long lineNo;

    private final String tool;
    private boolean announced;

    protected BracketedTextParser(MeasurementSink sink, String tool) {
        this.sink = sink;
        this.tool = tool;
    }

    @Override
    public final void feed(String line) {
        lineNo++;
        int end = TextScanner.lineEnd(line);
        int bracket = line.indexOf('[');
        if (bracket >= 0 && bracket < end && bracketLine(line, bracket, end)) {
            return;
        }
        otherLine(line, end);
    }

    /** A line with '[' at {@code bracket}; false when it is not a stream's line after all. */
    protected abstract boolean bracketLine(String line, int bracket, int end);

    /** Any line {@link #bracketLine} did not take; {@code end} leaves out a trailing '\r'. */
    protected abstract void otherLine(String line, int end);

    /** Names the tool in the sink's metadata the first time it is called. */
    protected final void announce() {
        if (!announced) {
            announced = true;
            sink.meta(ToolMeta.TOOL, tool);
        }
    }

    /** For output whose tool someone else has named already (a section inside another tool's document). */
    protected final void announced() {
        announced = true;
    }
}
