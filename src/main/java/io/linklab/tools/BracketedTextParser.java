package io.linklab.tools;

import io.linklab.model.Direction;
import io.linklab.model.MeasurementSink;
import io.linklab.model.Role;
import io.linklab.model.Sample;

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

    /**
     * The stream a tag names, read by {@link #sc} up to and with its ']': "5]" is stream 5, "SUM]" (and iperf 2.1's
     * per-direction "SUM-2]") the sum; null when the tag is neither.
     */
    protected final String streamTag() {
        String stream;
        if (sc.lookingAtDigit()) {
            stream = ToolMeta.streamId(sc.readLong());
        } else if (sc.expect("SUM")) {
            stream = Sample.SUM;
            while (!sc.atEnd() && sc.peek() != ']') {
                sc.pos(sc.pos() + 1);
            }
        } else {
            return null;
        }
        sc.skipSpaces();
        return sc.expect(']') ? stream : null;
    }

    /**
     * The interval whose head {@link #sc} has just read ({@link TextScanner#readIntervalHead}), with the figures
     * that followed the head; a text line carries no stream index, start time, RTT variance or path MTU.
     *
     * @param packets the datagrams sent or received: the loss's total, or a sender's bare count
     */
    protected final Sample intervalSample(
            String process,
            String stream,
            Direction direction,
            Long retransmits,
            Long cwndBytes,
            Double rttMs,
            TextScanner.UdpFigures udp,
            Long packets,
            boolean omitted,
            Role role) {
        return new Sample(
                process,
                stream,
                direction,
                sc.headStart(),
                sc.headEnd(),
                sc.headBytes(),
                sc.headRate(),
                retransmits,
                cwndBytes,
                rttMs,
                udp.jitterMs(),
                udp.lost(),
                packets,
                omitted,
                role,
                null,
                null,
                null,
                null);
    }

    /** For output whose tool someone else has named already (a section inside another tool's document). */
    protected final void announced() {
        announced = true;
    }
}
