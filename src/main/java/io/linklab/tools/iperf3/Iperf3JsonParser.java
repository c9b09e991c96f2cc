package io.linklab.tools.iperf3;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.async.ByteArrayFeeder;
import io.linklab.model.Direction;
import io.linklab.model.MeasurementSink;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.ToolEvent;
import io.linklab.tools.StreamingParser;
import io.linklab.tools.ToolMeta;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads iperf3 -J documents (3.0 to 3.21, one or many in a row) and --json-stream events with Jackson's
 * non-blocking parser, fed line by line: each interval stream becomes a {@link Sample} the moment its
 * closing brace arrives, and no document tree is ever built, so a file of any size streams in constant
 * memory. Damage (text before a document, a syntax error, a document cut short) becomes an
 * {@code input-*} event naming the line; everything before it is kept and parsing resumes at the next
 * document.
 */
public final class Iperf3JsonParser implements StreamingParser {

    // Where a container sits in an iperf3 document. Children's places follow from their parent's.
    private static final int OTHER = 0;
    private static final int ROOT = 1;
    private static final int START = 2;
    private static final int TEST_START = 3;
    private static final int CONNECTING_TO = 4;
    private static final int ACCEPTED = 5;
    private static final int INTERVALS = 6;
    private static final int INTERVAL = 7;
    private static final int I_STREAMS = 8;
    private static final int I_STREAM = 9;
    private static final int I_SUM = 10;
    private static final int I_SUM_REV = 11;
    private static final int END = 12;
    private static final int E_STREAMS = 13;
    private static final int E_STREAM = 14;
    private static final int E_SENDER = 15;
    private static final int E_RECEIVER = 16;
    private static final int E_UDP = 17;
    private static final int E_SUM_SENT = 18;
    private static final int E_SUM_RECEIVED = 19;
    private static final int E_SUM = 20;
    private static final int E_SUM_SENT_REV = 21;
    private static final int E_SUM_RECEIVED_REV = 22;
    private static final int E_CPU = 23;
    private static final int SERVER_OUTPUT = 24;
    private static final int TIMESTAMP = 25;

    // Scalar fields of the leaf objects (interval streams, sums, end totals, CPU).
    private static final int F_SOCKET = 0;
    private static final int F_START = 1;
    private static final int F_END = 2;
    private static final int F_BYTES = 3;
    private static final int F_BPS = 4;
    private static final int F_RETR = 5;
    private static final int F_CWND = 6;
    private static final int F_RTT = 7;
    private static final int F_JITTER = 8;
    private static final int F_LOST = 9;
    private static final int F_PACKETS = 10;
    private static final int F_HOST_TOTAL = 11;
    private static final int F_REMOTE_TOTAL = 12;
    private static final int F_OMITTED = 13;
    private static final int F_SENDER = 14;
    private static final int F_PMTU = 15;
    private static final int FIELDS = 16;

    /**
     * iperf3 writes one UDP end object per stream ("udp") and one total ("sum") for both ends: bytes and rate
     * are the sender's count (iperf_print_results uses bytes_sent, from the peer's results when this end
     * received), while jitter and loss are what the receiver measured. Their role is inferred, so say so.
     */
    static final String UDP_MIXED_NOTE = "role inferred: sender's bytes and rate, receiver's jitter and loss"
            + " (iperf3 writes one UDP total for both ends)";

    /** Marks the pre-3.x UDP "end.sum" total until it is known whether sum_sent/sum_received follow. */
    private static final String OLD_UDP_SUM = "SUM*";

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(com.fasterxml.jackson.core.StreamReadFeature.USE_FAST_DOUBLE_PARSER).build();
    private static final int MAX_DEPTH = 256;

    private final MeasurementSink sink;
    private JsonParser parser;
    private ByteArrayFeeder feeder;

    private final int[] ctx = new int[MAX_DEPTH];
    private final boolean[] serverSide = new boolean[MAX_DEPTH];
    private int depth;
    private String field;
    private String event;

    private final double[] val = new double[FIELDS];
    private final boolean[] has = new boolean[FIELDS];

    // Facts of the current document.
    private boolean client = true;
    private boolean reverse;
    private int runs;
    private boolean announced;
    private final List<Summary> endTotals = new ArrayList<>();
    private boolean sawSumSentOrReceived;
    private Double cpuLocal;
    private Double cpuRemote;
    private double pmtu;

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
                int nl = indexOf(buf, (byte) '\n', pos, end);
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
                    lineNo += count(buf, (byte) '\n', pos, stop);
                    newParser();
                    int nl = indexOf(buf, (byte) '\n', stop, end);
                    int lineEnd = nl < 0 ? end : nl;
                    if (!blank(buf, stop, lineEnd)) {
                        lineNo--; // the rest of this line is fed as the same line again
                        feed(buf, stop, lineEnd - stop);
                    }
                    pos = nl < 0 ? end : nl + 1;
                } else {
                    lineNo += count(buf, (byte) '\n', pos, end);
                    if (buf[end - 1] != '\n') {
                        lineNo++; // the input ends inside a line
                    }
                    pos = end;
                }
            } catch (IOException | RuntimeException e) {
                int at = Math.min(end, pos + consumedInThisFeed());
                lineNo = bulkLinesBefore + count(buf, (byte) '\n', pos, at) + 1;
                syntaxError(e);
                int nl = indexOf(buf, (byte) '\n', at, end);
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
        return bulkLinesBefore + count(bulkBuf, (byte) '\n', bulkStart, at) + 1;
    }

    private static int indexOf(byte[] buf, byte b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (buf[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private static final java.lang.invoke.VarHandle LONGS = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
            long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;

    /** How many {@code b} bytes lie in buf[from, to): eight bytes at a time, this runs once per input byte. */
    static int count(byte[] buf, byte b, int from, int to) {
        long pattern = (b & 0xFFL) * 0x0101010101010101L;
        int n = 0;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long x = (long) LONGS.get(buf, i) ^ pattern;
            // A byte of x is zero exactly where buf held b; its high bit ends up set in y, nowhere else.
            long y = ~(((x & LOW7) + LOW7) | x | LOW7);
            n += Long.bitCount(y);
        }
        for (; i < to; i++) {
            if (buf[i] == b) {
                n++;
            }
        }
        return n;
    }

    /** Lines fed so far (the last one may be incomplete). */
    public long lines() {
        return lineNo;
    }

    private static boolean blank(byte[] buf, int from, int to) {
        for (int i = from; i < to; i++) {
            byte c = buf[i];
            if (c != ' ' && c != '\t' && c != '\r') {
                return false;
            }
        }
        return true;
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
                    sink.event(ToolEvent.warning(ToolMeta.INPUT_JUNK,
                            "line " + lineNo + ": ignored '" + junk + "' in front of the JSON", lineNo));
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
        sink.event(ToolEvent.error(ToolMeta.INPUT_SYNTAX,
                "line " + lineNo + ": broken JSON (" + detail + "); the document that began on line "
                        + documentStartLine + " is cut here, parsing resumes at the next document", lineNo));
        flushEndTotals();
        recovering = true;
        newParser();
    }

    @Override
    public void finish() {
        flushJunk();
        if (depth > 0) {
            sink.event(ToolEvent.error(ToolMeta.INPUT_TRUNCATED,
                    "line " + lineNo + ": the JSON document that began on line " + documentStartLine
                            + " ends early (truncated output?); samples up to here are kept", lineNo));
            flushEndTotals();
        }
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
            c = child(parent, array);
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
            java.util.Arrays.fill(has, false);
        }
        if (c == START) {
            // Every document (and every --json-stream test) opens with "start".
            startTest();
            if (!server) {
                runs++;
                sink.meta(ToolMeta.RUN, Integer.toString(runs));
            }
        }
        field = null;
    }

    private void startTest() {
        client = true;
        reverse = false;
        endTotals.clear();
        sawSumSentOrReceived = false;
        cpuLocal = null;
        cpuRemote = null;
    }

    private void announce() {
        if (!announced) {
            announced = true;
            sink.meta(ToolMeta.TOOL, "iperf3");
        }
    }

    private int child(int parent, boolean array) {
        String f = field;
        switch (parent) {
            case ROOT:
            case SERVER_OUTPUT:
                if (f == null) {
                    return OTHER;
                }
                if (f.equals("data") && event != null) {
                    switch (event) {
                        case "start": return START;
                        case "interval": return INTERVAL;
                        case "end": return END;
                        default: return OTHER;
                    }
                }
                switch (f) {
                    case "start": return START;
                    case "intervals": return INTERVALS;
                    case "end": return END;
                    default: return OTHER;
                }
            case START:
                if ("test_start".equals(f)) {
                    return TEST_START;
                }
                if ("connecting_to".equals(f)) {
                    return CONNECTING_TO;
                }
                if ("accepted_connection".equals(f)) {
                    return ACCEPTED;
                }
                if ("timestamp".equals(f)) {
                    return TIMESTAMP;
                }
                return OTHER;
            case INTERVALS:
                return INTERVAL;
            case INTERVAL:
                if (f == null) {
                    return OTHER;
                }
                switch (f) {
                    case "streams": return I_STREAMS;
                    case "sum": return I_SUM;
                    case "sum_bidir_reverse": return I_SUM_REV;
                    default: return OTHER;
                }
            case I_STREAMS:
                return I_STREAM;
            case END:
                if (f == null) {
                    return OTHER;
                }
                switch (f) {
                    case "streams": return E_STREAMS;
                    case "sum_sent": return E_SUM_SENT;
                    case "sum_received": return E_SUM_RECEIVED;
                    case "sum": return E_SUM;
                    case "sum_sent_bidir_reverse": return E_SUM_SENT_REV;
                    case "sum_received_bidir_reverse": return E_SUM_RECEIVED_REV;
                    case "cpu_utilization_percent": return E_CPU;
                    default: return OTHER;
                }
            case E_STREAMS:
                return E_STREAM;
            case E_STREAM:
                if (f == null) {
                    return OTHER;
                }
                switch (f) {
                    case "sender": return E_SENDER;
                    case "receiver": return E_RECEIVER;
                    case "udp": return E_UDP;
                    default: return OTHER;
                }
            default:
                return OTHER;
        }
    }

    private static boolean isLeaf(int c) {
        return c >= I_STREAM && c != INTERVALS && c != END && c != E_STREAMS && c != E_STREAM
                && c != SERVER_OUTPUT && c != I_STREAMS && c != TIMESTAMP;
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
                val[i] = t == JsonToken.VALUE_TRUE ? 1 : 0;
                has[i] = true;
            } else if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
                val[i] = parser.getDoubleValue();
                has[i] = true;
            }
            return;
        }
        switch (c) {
            case ROOT:
            case SERVER_OUTPUT:
                if (f.equals("server_output_text") && t == JsonToken.VALUE_STRING) {
                    // --get-server-output from a server that was not -J: its text report, as process "server".
                    Iperf3TextParser text = Iperf3TextParser.forServerOutput(sink, reverse);
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
                    sink.event(ToolEvent.error(ToolMeta.classifyError(msg), prefix + "iperf3: " + msg, currentLine()));
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
                    client = !serverSide[depth - 1];
                    sink.meta(ToolMeta.SIDE, client ? "client" : "server");
                    sink.meta(ToolMeta.REMOTE, parser.getText());
                }
                break;
            case ACCEPTED:
                if (f.equals("host")) {
                    client = false;
                    sink.meta(ToolMeta.SIDE, "server");
                    sink.meta(ToolMeta.REMOTE, parser.getText());
                }
                break;
            case TIMESTAMP:
                if (f.equals("timesecs") && !serverSide[depth - 1]
                        && (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT)) {
                    // Seconds since 1970 in UTC when the test began: the absolute time of its intervals.
                    sink.meta(ToolMeta.START_UTC, parser.getText());
                }
                break;
            case TEST_START:
                if (f.equals("protocol")) {
                    sink.meta(ToolMeta.PROTOCOL, parser.getText());
                } else if (f.equals("reverse")) {
                    reverse = t == JsonToken.VALUE_TRUE
                            || (t == JsonToken.VALUE_NUMBER_INT && parser.getIntValue() != 0);
                }
                break;
            default:
                break;
        }
    }

    private static int fieldIndex(String f) {
        switch (f) {
            case "socket": return F_SOCKET;
            case "start": return F_START;
            case "end": return F_END;
            case "bytes": return F_BYTES;
            case "bits_per_second": return F_BPS;
            case "retransmits": return F_RETR;
            case "snd_cwnd": return F_CWND;
            case "rtt": return F_RTT;
            case "jitter_ms": return F_JITTER;
            case "lost_packets": return F_LOST;
            case "packets": return F_PACKETS;
            case "host_total": return F_HOST_TOTAL;
            case "remote_total": return F_REMOTE_TOTAL;
            case "omitted": return F_OMITTED;
            case "sender": return F_SENDER;
            case "pmtu": return F_PMTU;
            default: return -1;
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
        switch (c) {
            case I_STREAM:
                if (has[F_PMTU] && val[F_PMTU] != pmtu) {
                    // The path MTU the kernel reported for the stream (iperf3 3.12+): what an MTU sweep set.
                    pmtu = val[F_PMTU];
                    sink.meta(ToolMeta.PMTU, Long.toString((long) pmtu));
                }
                sink.sample(sample(server, streamId()));
                break;
            case I_SUM:
                sink.sample(sample(server, Sample.SUM));
                break;
            case I_SUM_REV: {
                Direction d = has[F_SENDER] ? direction() : forward().opposite();
                sink.sample(sample(server, Sample.SUM).withDirection(d).withRole(view(server, d)));
                break;
            }
            case E_SENDER:
                endTotals.add(total(server, streamId(), Role.SENDER, direction()));
                break;
            case E_RECEIVER:
                endTotals.add(total(server, streamId(), Role.RECEIVER, direction()));
                break;
            case E_UDP:
                endTotals.add(total(server, streamId(), Role.SENDER, direction()).withNote(UDP_MIXED_NOTE));
                break;
            case E_SUM_SENT:
                // The "sender" flags of the end sums are not reliable for UDP (3.12 marks sum_received of a
                // client false); the test's own direction is.
                sawSumSentOrReceived = true;
                endTotals.add(total(server, Sample.SUM, Role.SENDER, forward()));
                break;
            case E_SUM_RECEIVED:
                sawSumSentOrReceived = true;
                endTotals.add(total(server, Sample.SUM, Role.RECEIVER, forward()));
                break;
            case E_SUM:
                // Same figures as the streams' "udp" objects, added up: the sender's view like them.
                endTotals.add(total(server, OLD_UDP_SUM, Role.SENDER, forward()).withNote(UDP_MIXED_NOTE));
                break;
            case E_SUM_SENT_REV:
                endTotals.add(total(server, Sample.SUM, Role.SENDER, forward().opposite()));
                break;
            case E_SUM_RECEIVED_REV:
                endTotals.add(total(server, Sample.SUM, Role.RECEIVER, forward().opposite()));
                break;
            case E_CPU:
                if (has[F_HOST_TOTAL]) {
                    cpuLocal = val[F_HOST_TOTAL];
                    sink.meta(ToolMeta.CPU_LOCAL, Double.toString(cpuLocal));
                }
                if (has[F_REMOTE_TOTAL]) {
                    cpuRemote = val[F_REMOTE_TOTAL];
                    sink.meta(ToolMeta.CPU_REMOTE, Double.toString(cpuRemote));
                }
                break;
            case END:
                flushEndTotals();
                break;
            default:
                break;
        }
        if (depth == 0) {
            // A whole document (or json-stream event) is done.
            event = null;
        }
    }

    private void flushEndTotals() {
        for (Summary s : endTotals) {
            if (s.stream().equals(OLD_UDP_SUM)) {
                // Old UDP "sum": only when the newer sum_sent/sum_received are absent.
                if (sawSumSentOrReceived) {
                    continue;
                }
                s = new Summary(s.process(), Sample.SUM, s.direction(), s.role(), s.startS(), s.endS(), s.bytes(),
                        s.bitsPerSecond(), s.retransmits(), s.jitterMs(), s.lostPackets(), s.packets(), null, null,
                        null, null, s.note());
            }
            if (s.isSum() && (cpuLocal != null || cpuRemote != null)) {
                s = new Summary(s.process(), s.stream(), s.direction(), s.role(), s.startS(), s.endS(), s.bytes(),
                        s.bitsPerSecond(), s.retransmits(), s.jitterMs(), s.lostPackets(), s.packets(), cpuLocal,
                        cpuRemote, null, null, s.note());
            }
            sink.summary(s);
        }
        endTotals.clear();
        sawSumSentOrReceived = false;
    }

    private String streamId() {
        return has[F_SOCKET] ? ToolMeta.streamId((long) val[F_SOCKET]) : "?";
    }

    private Direction forward() {
        return reverse ? Direction.S2C : Direction.C2S;
    }

    /** Data flows client→server when the printing end is the client and sends, or the server and receives. */
    private Direction direction() {
        if (!has[F_SENDER]) {
            return forward();
        }
        boolean sender = val[F_SENDER] != 0;
        return (client == sender) ? Direction.C2S : Direction.S2C;
    }

    private Long longOrNull(int i) {
        return has[i] ? Long.valueOf((long) val[i]) : null;
    }

    private Double doubleOrNull(int i) {
        return has[i] ? Double.valueOf(val[i]) : null;
    }

    private Sample sample(boolean server, String stream) {
        Direction d = direction();
        return new Sample(server ? Iperf3TextParser.SERVER_OUTPUT : null, stream, d, val[F_START],
                val[F_END], longOrNull(F_BYTES), doubleOrNull(F_BPS), longOrNull(F_RETR), longOrNull(F_CWND),
                has[F_RTT] ? val[F_RTT] / 1000.0 : null, doubleOrNull(F_JITTER), longOrNull(F_LOST),
                longOrNull(F_PACKETS), has[F_OMITTED] && val[F_OMITTED] != 0, view(server, d), null, null);
    }

    /**
     * Whose view an interval is: its "sender" flag (3.1+), else the printing end's part in direction
     * {@code d} (a --get-server-output section is printed by the server).
     */
    private Role view(boolean server, Direction d) {
        if (has[F_SENDER]) {
            return val[F_SENDER] != 0 ? Role.SENDER : Role.RECEIVER;
        }
        boolean byClient = client && !server;
        return byClient == (d == Direction.C2S) ? Role.SENDER : Role.RECEIVER;
    }

    private Summary total(boolean server, String stream, Role role, Direction direction) {
        return new Summary(server ? Iperf3TextParser.SERVER_OUTPUT : null, stream, direction, role, val[F_START],
                val[F_END], longOrNull(F_BYTES), doubleOrNull(F_BPS), longOrNull(F_RETR), doubleOrNull(F_JITTER),
                longOrNull(F_LOST), longOrNull(F_PACKETS), null, null, null, null);
    }
}
