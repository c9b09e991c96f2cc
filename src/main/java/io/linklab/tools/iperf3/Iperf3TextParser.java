package io.linklab.tools.iperf3;

import io.linklab.model.Direction;
import io.linklab.model.MeasurementSink;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.ToolEvent;
import io.linklab.tools.BracketedTextParser;
import io.linklab.tools.TextScanner;
import io.linklab.tools.ToolMeta;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads iperf3's human-readable output (3.0 to 3.21), client or server side: "Bandwidth" and "Bitrate"
 * headers, Retr/Cwnd columns, -P with [SUM], -R, --bidir role tags, UDP jitter/loss, -O omitted
 * intervals, --timestamps and -T prefixes (the -T title becomes {@link Sample#process()}),
 * --get-server-output sections and server logs holding many tests. The zeros an error-ended test prints for the other
 * end's totals are not passed on ({@link HeldTotals}); an interval iperf3 prints a second time is passed on once.
 */
public final class Iperf3TextParser extends BracketedTextParser {

    /** Process name given to the samples of a --get-server-output section. */
    public static final String SERVER_OUTPUT = "server";

    private final Map<String, Proc> procs = new LinkedHashMap<>();
    private final Proc untitled = new Proc(null);

    /** What one iperf3 process (one -T title) has said so far about its current test. */
    private static final class Proc {
        final String title;
        boolean server;
        /** A "Connecting to host" line was seen: this is a client's output. */
        boolean client;

        boolean reverse;
        boolean udp;
        boolean senderColumns;
        boolean separatorSeen;
        boolean summarySection;
        boolean serverOutput;
        int run;
        final HeldTotals totals = new HeldTotals();
        /** Start and end of each stream's last interval, per direction: what a reprint repeats. */
        final Map<String, double[]> lastC2S = new HashMap<>();

        final Map<String, double[]> lastS2C = new HashMap<>();

        Proc(String title) {
            this.title = title;
        }

        String process() {
            if (!serverOutput) {
                return title;
            }
            return title == null ? SERVER_OUTPUT : title + "/" + SERVER_OUTPUT;
        }

        void newTest() {
            reverse = false;
            udp = false;
            senderColumns = false;
            separatorSeen = false;
            summarySection = false;
            serverOutput = false;
            run++;
            lastC2S.clear();
            lastS2C.clear();
        }

        /**
         * Whether this interval of the stream is the one it reported last, printed again: iperf3 repeats its last
         * interval when a signal or the other end's exit ends the test.
         */
        boolean reprint(String stream, Direction d, double t0, double t1, boolean omitted) {
            Map<String, double[]> last = d == Direction.S2C ? lastS2C : lastC2S;
            double[] prev = last.get(stream);
            if (prev != null && prev[0] == t0 && prev[1] == t1 && (prev[2] != 0) == omitted) {
                return true;
            }
            if (prev == null) {
                last.put(stream, new double[] {t0, t1, omitted ? 1 : 0});
            } else {
                prev[0] = t0;
                prev[1] = t1;
                prev[2] = omitted ? 1 : 0;
            }
            return false;
        }

        /**
         * Whether an interval of the stream that starts at {@code t0} carries on from the last one it reported:
         * iperf3 3.12, stopped by a signal while it reports, can print its totals and then the stopped interval
         * after them, unlabelled like 3.0's summaries but starting where the intervals left off, not at their start.
         */
        boolean carriesOn(String stream, Direction d, double t0) {
            double[] prev = (d == Direction.S2C ? lastS2C : lastC2S).get(stream);
            return prev != null && t0 > 0 && Math.abs(prev[1] - t0) < 1e-6;
        }

        /** The direction data flowed in, for lines without a --bidir role tag. */
        Direction direction() {
            if (reverse) {
                return Direction.S2C;
            }
            // A server log does not say -R; the server prints Retr/Cwnd (TCP) or only datagram counts (UDP)
            // when it is the sending end.
            return server && !serverOutput && senderColumns ? Direction.S2C : Direction.C2S;
        }

        /** Whose view an interval line without a --bidir tag is: the printing end's part in the flow. */
        Role view(Direction direction) {
            boolean serverSide = server || serverOutput;
            if (!serverSide && !client) {
                // A fragment without its banner: the columns tell, Retr/Cwnd or a datagram count for the sender.
                return senderColumns ? Role.SENDER : Role.RECEIVER;
            }
            return serverSide == (direction == Direction.S2C) ? Role.SENDER : Role.RECEIVER;
        }
    }

    public Iperf3TextParser(MeasurementSink sink) {
        super(sink, "iperf3");
    }

    /** For the server's text a -J client got with --get-server-output ("server_output_text"). */
    static Iperf3TextParser forServerOutput(MeasurementSink sink, boolean reverse) {
        Iperf3TextParser p = new Iperf3TextParser(sink);
        p.announced();
        p.untitled.serverOutput = true;
        p.untitled.reverse = reverse;
        return p;
    }

    @Override
    public void finish() {
        // Every line is complete when fed; only the other end's zero totals of a test not yet over are held.
        release(untitled);
        for (Proc p : procs.values()) {
            release(p);
        }
    }

    private void release(Proc proc) {
        proc.totals.release(sink, lineNo);
    }

    /** The -T title in front of position {@code at}: the last word before it if it ends with ':'. */
    private Proc procBefore(String line, int at) {
        int p = at - 1;
        while (p >= 0 && (line.charAt(p) == ' ' || line.charAt(p) == '\t')) {
            p--;
        }
        if (p < 1 || line.charAt(p) != ':') {
            return untitled;
        }
        int q = p - 1;
        while (q >= 0 && line.charAt(q) != ' ' && line.charAt(q) != '\t') {
            q--;
        }
        int len = p - (q + 1);
        if (len <= 0 || timeLike(line, q + 1, p)) {
            return untitled;
        }
        // Look the title up without allocating when it is one we know.
        for (Proc known : procs.values()) {
            if (known.title.length() == len && line.regionMatches(q + 1, known.title, 0, len)) {
                return known;
            }
        }
        String title = line.substring(q + 1, p);
        Proc proc = new Proc(title);
        procs.put(title, proc);
        return proc;
    }

    /** A --timestamps format such as "%T: " ends in ':' too; a -T title is not made of digits only. */
    private static boolean timeLike(String line, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = line.charAt(i);
            if (!TextScanner.isDigit(c) && c != ':' && c != '.' && c != '-') {
                return false;
            }
        }
        return true;
    }

    @Override
    protected boolean bracketLine(String line, int bracket, int end) {
        TextScanner s = sc.reset(line, bracket + 1, end);
        s.skipSpaces();
        if (s.expect("ID]")) {
            header(line, bracket, end);
            return true;
        }
        String stream = streamTag();
        if (stream == null) {
            return false;
        }
        Direction tagged = null;
        Role taggedView = null;
        if (s.peek() == '[') {
            if (s.expect("[TX-C]")) {
                tagged = Direction.C2S;
                taggedView = Role.SENDER;
            } else if (s.expect("[RX-S]")) {
                tagged = Direction.C2S;
                taggedView = Role.RECEIVER;
            } else if (s.expect("[RX-C]")) {
                tagged = Direction.S2C;
                taggedView = Role.RECEIVER;
            } else if (s.expect("[TX-S]")) {
                tagged = Direction.S2C;
                taggedView = Role.SENDER;
            } else {
                return false;
            }
        }
        s.skipSpaces();
        if (s.lookingAtDigit()) {
            return measurement(line, bracket, stream, tagged, taggedView);
        }
        if (s.lookingAt("local ")) {
            announce();
            return true;
        }
        return false;
    }

    private void header(String line, int bracket, int end) {
        announce();
        Proc proc = procBefore(line, bracket);
        proc.udp = line.indexOf("Datagrams", bracket) >= 0 || line.indexOf("Jitter", bracket) >= 0;
        proc.senderColumns = line.indexOf("Retr", bracket) >= 0 || (proc.udp && line.indexOf("Jitter", bracket) < 0);
        if (proc.separatorSeen) {
            proc.summarySection = true;
        }
        proc.separatorSeen = false;
    }

    private boolean measurement(String line, int bracket, String stream, Direction tagged, Role taggedView) {
        TextScanner s = sc;
        if (!s.readIntervalHead()) {
            return false;
        }
        announce();
        Proc proc = bracket == 0 ? untitled : procBefore(line, bracket);
        Long retr = null;
        Long cwnd = null;
        TextScanner.UdpFigures udp = new TextScanner.UdpFigures();
        Role role = null;
        boolean omitted = false;
        long count = -1;
        while (!s.skipSpaces().atEnd()) {
            char c = s.peek();
            if (TextScanner.isDigit(c) || c == '-') {
                long size = s.readBytes();
                if (size >= 0) {
                    cwnd = size;
                    continue;
                }
                double n = s.readDouble();
                if (Double.isNaN(n)) {
                    s.skipWord();
                    continue;
                }
                if (s.readJitterOrLoss(n, udp)) {
                    continue;
                }
                count = (long) n;
            } else if (c == '(') {
                if (s.expect("(omitted)")) {
                    omitted = true;
                } else {
                    int close = line.indexOf(')', s.pos());
                    s.pos(close < 0 ? s.end() : close + 1);
                }
            } else if (s.expect("sender")) {
                role = Role.SENDER;
            } else if (s.expect("receiver")) {
                role = Role.RECEIVER;
            } else {
                s.skipWord();
            }
        }
        Long packets = udp.packets();
        if (count >= 0) {
            if (proc.udp) {
                packets = count;
            } else {
                retr = count;
            }
        }
        Direction direction = tagged != null ? tagged : proc.direction();
        if (role == null && proc.summarySection && proc.carriesOn(stream, direction, s.headStart())) {
            proc.summarySection = false; // a stopped interval printed after the totals: measured like any other
        }
        if (role == null && proc.summarySection) {
            // iperf3 3.0 printed some summaries without a label: the side that printed it is the one it speaks for.
            role = udp.jitterMs() != null || (proc.server && !proc.senderColumns) ? Role.RECEIVER : Role.SENDER;
        }
        Sample interval = intervalSample(
                proc.process(),
                stream,
                direction,
                retr,
                cwnd,
                null,
                udp,
                packets,
                omitted,
                taggedView != null ? taggedView : proc.view(direction));
        if (role != null) {
            // a total's figures are the line's; whose view it is comes from its label (or the guess above)
            proc.totals.add(Summary.ofInterval(interval, role), proc.server || proc.serverOutput, sink);
        } else if (!proc.reprint(stream, direction, interval.startS(), interval.endS(), omitted)) {
            proc.separatorSeen = false;
            sink.sample(interval);
        }
        return true;
    }

    /** {@code proc} begins a new test, as its client or its server. */
    private void newTest(Proc proc, boolean client) {
        release(proc);
        proc.server = !client;
        proc.client = client;
        proc.newTest();
        sink.meta(ToolMeta.RUN, Integer.toString(proc.run));
        sink.meta(ToolMeta.SIDE, client ? "client" : "server");
    }

    @Override
    protected void otherLine(String line, int end) {
        int at;
        if ((at = line.indexOf("- - - - -")) >= 0) {
            procBefore(line, at).separatorSeen = true;
        } else if ((at = line.indexOf("Connecting to host ")) >= 0) {
            announce();
            Proc proc = procBefore(line, at);
            newTest(proc, true);
            String rest = line.substring(at + "Connecting to host ".length(), end);
            int comma = rest.indexOf(',');
            sink.meta(ToolMeta.REMOTE, comma > 0 ? rest.substring(0, comma) : rest.trim());
        } else if ((at = line.indexOf("Reverse mode")) >= 0) {
            procBefore(line, at).reverse = true;
        } else if ((at = line.indexOf("Accepted connection from ")) >= 0) {
            announce();
            Proc proc = procBefore(line, at);
            if (!proc.serverOutput) {
                newTest(proc, false);
            }
        } else if ((at = line.indexOf("Server listening on ")) >= 0) {
            announce();
            Proc proc = procBefore(line, at);
            release(proc);
            proc.server = true;
        } else if ((at = line.indexOf("iperf Done.")) >= 0) {
            release(procBefore(line, at));
        } else if ((at = line.indexOf("Server output:")) >= 0) {
            Proc proc = procBefore(line, at);
            // The client's totals are complete (the server's follow as process "server"), and the server's
            // intervals are not reprints of the client's.
            release(proc);
            proc.lastC2S.clear();
            proc.lastS2C.clear();
            proc.serverOutput = true;
            proc.summarySection = false;
            proc.separatorSeen = false;
        } else if ((at = line.indexOf("iperf3: ")) >= 0 || (at = line.indexOf("iperf3.exe: ")) >= 0) {
            toolMessage(line, at, end);
        } else if ((at = line.indexOf("Starting Test: protocol: ")) >= 0) {
            Proc proc = procBefore(line, at);
            int from = at + "Starting Test: protocol: ".length();
            int comma = line.indexOf(',', from);
            String protocol = line.substring(from, comma > 0 ? comma : end).trim();
            proc.udp = protocol.equalsIgnoreCase("UDP");
            sink.meta(ToolMeta.PROTOCOL, protocol);
        } else if ((at = line.indexOf("iperf 3")) >= 0 && line.indexOf(' ', at + 6) < 0) {
            announce();
            sink.meta(ToolMeta.VERSION, line.substring(at + 6, end).trim());
        } else if ((at = line.indexOf("CPU Utilization: ")) >= 0) {
            cpu(line, at, end);
        } else if ((at = line.indexOf("warning: ")) >= 0) {
            sink.event(ToolEvent.warning(
                    ToolMeta.TOOL_WARNING, line.substring(at, end).trim(), lineNo));
        }
    }

    private void toolMessage(String line, int at, int end) {
        announce();
        Proc proc = procBefore(line, at);
        int colon = line.indexOf(": ", at);
        String text = line.substring(colon + 2, end).trim();
        if (text.equals("exiting")) {
            return;
        }
        String message = (proc.title == null ? "" : proc.title + ": ") + "iperf3: " + text;
        String kind = ToolMeta.classifyError(text);
        if (text.startsWith("warning") || (kind.equals(ToolMeta.TOOL_ERROR) && !text.contains("error"))) {
            sink.event(ToolEvent.warning(ToolMeta.TOOL_WARNING, message, lineNo));
        } else {
            // any error (a signal, the other end gone) ended the test before its ends exchanged results
            proc.totals.endedByError();
            sink.event(ToolEvent.error(kind, message, lineNo));
        }
    }

    /** "CPU Utilization: local/sender 5.2% (0.2%u/5.0%s), remote/receiver 8.7% (1.1%u/7.6%s)" (-V). */
    private void cpu(String line, int at, int end) {
        int local = line.indexOf("local/", at);
        int remote = line.indexOf("remote/", at);
        if (local > 0) {
            sink.meta(ToolMeta.CPU_LOCAL, percentAfter(line, local, end));
        }
        if (remote > 0) {
            sink.meta(ToolMeta.CPU_REMOTE, percentAfter(line, remote, end));
        }
    }

    private String percentAfter(String line, int from, int end) {
        int space = line.indexOf(' ', from);
        int pct = line.indexOf('%', from);
        if (space < 0 || pct < 0 || pct > end) {
            return "";
        }
        return line.substring(space + 1, pct).trim();
    }
}
