package io.linklab.tools.iperf3;

import static io.linklab.tools.iperf3.Iperf3JsonPlaces.ACCEPTED;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.CONNECTING_TO;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.ROOT;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.SERVER_OUTPUT;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.START;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.TEST_START;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.TIMESTAMP;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.child;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.fieldIndex;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.isLeaf;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.async.ByteArrayFeeder;
import io.linklab.model.MeasurementSink;
import io.linklab.model.Sample;
import io.linklab.model.ToolEvent;
import io.linklab.tools.StreamingParser;
import io.linklab.tools.ToolMeta;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Reads iperf3 -J documents (3.0 to 3.21, one or many in a row) and --json-stream events with Jackson's
 * non-blocking parser, fed line by line: each interval stream becomes a {@link Sample} the moment its
 * closing brace arrives, and no document tree is ever built, so a file of any size streams in constant
 * memory. Damage (text before a document, a syntax error, a document cut short) becomes an
 * {@code input-*} event naming the line; everything before it is kept and parsing resumes at the next
 * document.
 */
public final class Iperf3JsonParser implements StreamingParser {

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
            .build();
    private static final int MAX_DEPTH = 256;

    private final MeasurementSink sink;
    private final Iperf3JsonTotals test;
    private JsonParser parser;
    private ByteArrayFeeder feeder;

    private final int[] ctx = new int[MAX_DEPTH];
    private final boolean[] serverSide = new boolean[MAX_DEPTH];
    private int depth;
    private String field;
    private String event;

    private int runs;
    private boolean announced;

    private long lineNo;
    // Bulk feeding (whole buffers inside a document): where the current feed began, for line numbers.
    private boolean bulk;
    private byte[] bulkBuf;
    private int bulkStart;
    private long bulkLinesBefore;
    private long fedToParser;
    private long fedBeforeThisFeed;
    private boolean documentEnded;
    private boolean recovering;
    private long junkFrom;
    private long junkTo;
    private long documentStartLine;

    public Iperf3JsonParser(MeasurementSink sink) {
        this.sink = sink;
        this.test = new Iperf3JsonTotals(sink, this::currentLine);
        newParser();
    }

    private void newParser() {
        try {
            parser = FACTORY.createNonBlockingByteArrayParser();
        } catch (IOException e) {
            throw new IllegalStateException("Jackson cannot make a non-blocking parser", e);
        }
        feeder = (ByteArrayFeeder) parser.getNonBlockingInputFeeder();
        fedToParser = 0;
        depth = 0;
        field = null;
        event = null;
    }

    @Override
    public void feed(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        feed(bytes, 0, bytes.length);
    }

    /**
     * One line as raw bytes (without its terminator), for importers that read files without decoding
     * them. The bytes are consumed before this returns, so the caller may reuse the array.
     */
    public void feed(byte[] buf, int off, int len) {
        lineNo++;
        int end = off + len;
        while (end > off && (buf[end - 1] == '\r' || buf[end - 1] == '\n')) {
            end--;
        }
        int from = off;
        if (depth == 0) {
            from = documentStart(buf, off, end);
            if (from < 0) {
                return;
            }
            documentStartLine = lineNo;
        }
        try {
            fedBeforeThisFeed = fedToParser;
            feeder.feedInput(buf, from, end);
            fedToParser += end - from;
            drain();
        } catch (IOException | RuntimeException e) {
            syntaxError(e);
        }
    }

    /**
     * Whole lines at once (the importer's read buffer): inside a document the bytes go to Jackson in one
     * piece, between documents line by line so that text around documents can be skipped. The chunk
     * must end at a line end unless the input ends there.
     */
    public void feedChunk(byte[] buf, int off, int len) {
        int end = off + len;
        int pos = off;
        while (pos < end) {
            if (depth == 0) {
                int nl = ByteScan.indexOf(buf, (byte) '\n', pos, end);
                int lineEnd = nl < 0 ? end : nl;
                feed(buf, pos, lineEnd - pos);
                pos = nl < 0 ? end : nl + 1;
                continue;
            }
            bulk = true;
            bulkBuf = buf;
            bulkStart = pos;
            bulkLinesBefore = lineNo;
            documentEnded = false;
            try {
                fedBeforeThisFeed = fedToParser;
                feeder.feedInput(buf, pos, end);
                fedToParser += end - pos;
                drain();
                if (documentEnded) {
                    // Jackson still holds the bytes after the document: hand them to the line-by-line path.
                    int stop = pos + consumedInThisFeed();
                    lineNo += ByteScan.count(buf, (byte) '\n', pos, stop);
                    newParser();
                    int nl = ByteScan.indexOf(buf, (byte) '\n', stop, end);
                    int lineEnd = nl < 0 ? end : nl;
                    if (!ByteScan.blank(buf, stop, lineEnd)) {
                        lineNo--; // the rest of this line is fed as the same line again
                        feed(buf, stop, lineEnd - stop);
                    }
                    pos = nl < 0 ? end : nl + 1;
                } else {
                    lineNo += ByteScan.count(buf, (byte) '\n', pos, end);
                    if (buf[end - 1] != '\n') {
                        lineNo++; // the input ends inside a line
                    }
                    pos = end;
                }
            } catch (IOException | RuntimeException e) {
                int at = Math.min(end, pos + consumedInThisFeed());
                lineNo = bulkLinesBefore + ByteScan.count(buf, (byte) '\n', pos, at) + 1;
                syntaxError(e);
                int nl = ByteScan.indexOf(buf, (byte) '\n', at, end);
                pos = nl < 0 ? end : nl + 1;
            } finally {
                bulk = false;
                bulkBuf = null;
            }
        }
    }

    private int consumedInThisFeed() {
        long offset = parser.currentLocation().getByteOffset();
        return (int) Math.max(0, offset - fedBeforeThisFeed);
    }

    /** The line being parsed, also in the middle of a bulk feed (for messages only). */
    private long currentLine() {
        if (!bulk) {
            return lineNo;
        }
        int at = Math.min(bulkBuf.length, bulkStart + consumedInThisFeed());
        return bulkLinesBefore + ByteScan.count(bulkBuf, (byte) '\n', bulkStart, at) + 1;
    }

    /** Lines fed so far (the last one may be incomplete). */
    public long lines() {
        return lineNo;
    }

    /** Between documents: where on this line the next document starts, or -1 to skip the line. */
    private int documentStart(byte[] buf, int off, int end) {
        int i = off;
        while (i < end && (buf[i] == ' ' || buf[i] == '\t')) {
            i++;
        }
        if (i == end) {
            return -1; // blank
        }
        if (buf[i] == '{' && !(recovering && i > off)) {
            flushJunk();
            recovering = false;
            return i;
        }
        // A terminal echo such as "^C" or "^[[F" glued in front of a document.
        if (!recovering) {
            for (int j = i; j < end && j < i + 16; j++) {
                if (buf[j] == '{') {
                    flushJunk();
                    String junk = new String(buf, i, j - i, StandardCharsets.UTF_8);
                    sink.event(ToolEvent.warning(
                            ToolMeta.INPUT_JUNK,
                            "line " + lineNo + ": ignored '" + junk + "' in front of the JSON",
                            lineNo));
                    return j;
                }
                if (buf[j] == '"') {
                    break;
                }
            }
        }
        if (junkFrom == 0) {
            junkFrom = lineNo;
        }
        junkTo = lineNo;
        return -1;
    }

    private void flushJunk() {
        if (junkFrom > 0) {
            String lines = junkFrom == junkTo ? "line " + junkFrom : "lines " + junkFrom + "-" + junkTo;
            sink.event(ToolEvent.warning(ToolMeta.INPUT_JUNK, lines + ": not iperf3 JSON, skipped", junkFrom));
            junkFrom = 0;
        }
    }

    private void syntaxError(Exception e) {
        String detail = e.getMessage() == null ? e.toString() : e.getMessage();
        int nl = detail.indexOf('\n');
        if (nl > 0) {
            detail = detail.substring(0, nl);
        }
        sink.event(ToolEvent.error(
                ToolMeta.INPUT_SYNTAX,
                "line " + lineNo + ": broken JSON (" + detail + "); the document that began on line "
                        + documentStartLine + " is cut here, parsing resumes at the next document",
                lineNo));
        test.testOver();
        recovering = true;
        newParser();
    }

    @Override
    public void finish() {
        flushJunk();
        if (depth > 0) {
            sink.event(ToolEvent.error(
                    ToolMeta.INPUT_TRUNCATED,
                    "line " + lineNo + ": the JSON document that began on line " + documentStartLine
                            + " ends early (truncated output?); samples up to here are kept",
                    lineNo));
        }
        test.testOver();
        try {
            feeder.endOfInput();
            parser.close();
        } catch (IOException e) {
            // Nothing left to read either way.
        }
        newParser();
    }

    private void drain() throws IOException {
        JsonToken t;
        while ((t = parser.nextToken()) != null && t != JsonToken.NOT_AVAILABLE) {
            switch (t) {
                case FIELD_NAME:
                    field = parser.currentName();
                    break;
                case START_OBJECT:
                case START_ARRAY:
                    open(t == JsonToken.START_ARRAY);
                    break;
                case END_OBJECT:
                case END_ARRAY:
                    close();
                    if (depth == 0 && bulk) {
                        documentEnded = true;
                        return;
                    }
                    break;
                default:
                    scalar(t);
                    field = null;
                    break;
            }
        }
    }

    private void open(boolean array) {
        int parent = depth == 0 ? -1 : ctx[depth - 1];
        boolean server = depth > 0 && serverSide[depth - 1];
        int c;
        if (depth == 0) {
            c = ROOT;
            event = null;
            announce();
        } else {
            c = child(parent, field, event);
            if (parent == ROOT && "server_output_json".equals(field)) {
                c = SERVER_OUTPUT;
                server = true;
            }
        }
        if (depth >= MAX_DEPTH) {
            throw new IllegalStateException("JSON nested deeper than " + MAX_DEPTH);
        }
        ctx[depth] = c;
        serverSide[depth] = server;
        depth++;
        if (isLeaf(c)) {
            test.startLeaf();
        }
        if (c == START) {
            // Every document (and every --json-stream test) opens with "start".
            test.startTest();
            if (!server) {
                runs++;
                sink.meta(ToolMeta.RUN, Integer.toString(runs));
            }
        }
        field = null;
    }

    private void announce() {
        if (!announced) {
            announced = true;
            sink.meta(ToolMeta.TOOL, "iperf3");
        }
    }

    private void scalar(JsonToken t) throws IOException {
        if (depth == 0) {
            return;
        }
        int c = ctx[depth - 1];
        String f = field;
        if (f == null) {
            return;
        }
        if (isLeaf(c)) {
            int i = fieldIndex(f);
            if (i < 0) {
                return;
            }
            if (t == JsonToken.VALUE_TRUE || t == JsonToken.VALUE_FALSE) {
                test.set(i, t == JsonToken.VALUE_TRUE ? 1 : 0);
            } else if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
                test.set(i, parser.getDoubleValue());
            }
            return;
        }
        switch (c) {
            case ROOT:
            case SERVER_OUTPUT:
                if (f.equals("server_output_text") && t == JsonToken.VALUE_STRING) {
                    // --get-server-output from a server that was not -J: its text report, as process "server".
                    Iperf3TextParser text = Iperf3TextParser.forServerOutput(sink, test.reverse());
                    for (String l : parser.getText().split("\n")) {
                        text.feed(l);
                    }
                    text.finish();
                } else if (f.equals("event") && t == JsonToken.VALUE_STRING) {
                    event = parser.getText();
                } else if ((f.equals("error") || (f.equals("data") && "error".equals(event)))
                        && t == JsonToken.VALUE_STRING) {
                    String msg = parser.getText();
                    String prefix = serverSide[depth - 1] ? "server: " : "";
                    String kind = ToolMeta.classifyError(msg);
                    // Whatever the error (a signal, the other end gone, 3.21's "getsockopt - Bad file descriptor"
                    // when its server was stopped first), the test ended before its ends exchanged results.
                    test.endedByError();
                    sink.event(ToolEvent.error(kind, prefix + "iperf3: " + msg, currentLine()));
                }
                break;
            case START:
                if (f.equals("version") && t == JsonToken.VALUE_STRING) {
                    String v = parser.getText();
                    sink.meta(ToolMeta.VERSION, v.startsWith("iperf ") ? v.substring(6) : v);
                }
                break;
            case CONNECTING_TO:
                if (f.equals("host")) {
                    boolean client = !serverSide[depth - 1];
                    test.printedByClient(client);
                    sink.meta(ToolMeta.SIDE, client ? "client" : "server");
                    sink.meta(ToolMeta.REMOTE, parser.getText());
                }
                break;
            case ACCEPTED:
                if (f.equals("host")) {
                    test.printedByClient(false);
                    sink.meta(ToolMeta.SIDE, "server");
                    sink.meta(ToolMeta.REMOTE, parser.getText());
                }
                break;
            case TIMESTAMP:
                if (f.equals("timesecs")
                        && !serverSide[depth - 1]
                        && (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT)) {
                    // Seconds since 1970 in UTC when the test began: the absolute time of its intervals.
                    sink.meta(ToolMeta.START_UTC, parser.getText());
                }
                break;
            case TEST_START:
                if (f.equals("protocol")) {
                    sink.meta(ToolMeta.PROTOCOL, parser.getText());
                } else if (f.equals("reverse")) {
                    test.reverse(t == JsonToken.VALUE_TRUE
                            || (t == JsonToken.VALUE_NUMBER_INT && parser.getIntValue() != 0));
                }
                break;
            default:
                break;
        }
    }

    private void close() {
        if (depth == 0) {
            return;
        }
        depth--;
        int c = ctx[depth];
        boolean server = serverSide[depth];
        field = null;
        test.closed(c, server);
        if (depth == 0) {
            // A whole document (or json-stream event) is done.
            event = null;
        }
    }
}
