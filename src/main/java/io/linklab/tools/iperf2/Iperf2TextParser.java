package io.linklab.tools.iperf2;

import io.linklab.model.Direction;
import io.linklab.model.MeasurementSink;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.ToolEvent;
import io.linklab.tools.BracketedTextParser;
import io.linklab.tools.TextScanner;
import io.linklab.tools.ToolMeta;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads iperf2's human-readable output (2.0.5 to 2.2): classic and -e enhanced reports, client and server
 * sides, -P with [SUM], -d/-r/--full-duplex (directions from the connect lines and iperf 2.1's "*"
 * marks), UDP with the server's jitter and loss, and "Server Report" blocks.
 *
 * <p>iperf2 prints no sender/receiver label: a report that starts at 0 after the stream already reported
 * is the end-of-test total. A stream's only report (a run without -i) is both a sample and, once the
 * test is over, its total.
 */
public final class Iperf2TextParser extends BracketedTextParser {

    private boolean mainIsClient = true;
    private boolean sawBanner;
    private final Set<Long> clientPorts = new HashSet<>();
    private final Set<Long> listenPorts = new HashSet<>();
    private final Map<String, Direction> directions = new HashMap<>();
    private final OnlyReports onlyReports = new OnlyReports();
    /**
     * The longest report of this run that did not start at 0: about the -i interval (the longest, so that a
     * short last fragment does not make a late stream's first interval look like a total).
     */
    private double intervalS = Double.NaN;

    private Direction lastDirection;
    private boolean reportsSinceRun;
    private boolean connectsSinceRun;
    private long pendingClientPort;
    private String pendingClientLine;
    private int run;
    private String serverReportFor;
    private boolean startUtcSent;

    private boolean hdrWriteErr;
    private boolean hdrRtry;
    private boolean hdrCwndRtt;

    public Iperf2TextParser(MeasurementSink sink) {
        super(sink, "iperf2");
    }

    @Override
    public void finish() {
        flushOnlyReports();
    }

    private void newRunIfNeeded() {
        if (run == 0 || reportsSinceRun) {
            flushOnlyReports();
            directions.clear();
            onlyReports.clear();
            intervalS = Double.NaN;
            lastDirection = null;
            startUtcSent = false;
            run++;
            reportsSinceRun = false;
            connectsSinceRun = false;
            sink.meta(ToolMeta.RUN, Integer.toString(run));
        }
    }

    @Override
    protected boolean bracketLine(String line, int bracket, int end) {
        TextScanner s = sc.reset(line, bracket + 1, end);
        s.skipSpaces();
        if (s.expect("ID]")) {
            announce();
            hdrWriteErr = line.indexOf("Write/Err", bracket) >= 0;
            hdrRtry = line.indexOf("Rtry", bracket) >= 0;
            hdrCwndRtt = line.indexOf("/RTT", bracket) >= 0;
            return true;
        }
        boolean star = s.expect('*');
        String stream = streamTag();
        if (stream == null) {
            return false;
        }
        String key = star ? "*" + stream : stream;
        s.skipSpaces();
        if (s.lookingAtDigit()) {
            return report(line, stream, key, star);
        }
        if (s.expect("local ")) {
            connect(line, key, star);
            return true;
        }
        if (s.lookingAt("Server Report:")) {
            serverReportFor = key;
            return true;
        }
        if (s.lookingAt("WARNING") || s.lookingAt("WARN")) {
            sink.event(ToolEvent.warning(
                    ToolMeta.TOOL_WARNING, line.substring(s.pos(), end).trim(), lineNo));
            return true;
        }
        return false;
    }

    /** "[  4] local 10.0.0.2 port 46778 connected with 10.0.0.1 port 5001 (…)". */
    private void connect(String line, String key, boolean star) {
        announce();
        TextScanner s = sc;
        s.skipWord();
        s.skipSpaces();
        long localPort = s.expect("port ") ? s.readLong() : -1;
        int with = line.indexOf("connected with ", s.pos());
        long remotePort = -1;
        if (with > 0) {
            int port = line.indexOf(" port ", with);
            if (port > 0) {
                s.pos(port + 6);
                remotePort = s.readLong();
            }
        }
        boolean reverseMark = star || line.indexOf("(reverse)") >= 0;
        if (pendingClientPort != 0) {
            long port = pendingClientPort;
            String banner = pendingClientLine;
            pendingClientPort = 0;
            if (!reverseMark) {
                newRunIfNeeded();
                mainIsClient = true;
                listenPorts.clear();
                clientPorts.clear();
                sink.meta(ToolMeta.SIDE, "client");
                sink.meta(ToolMeta.PROTOCOL, banner.indexOf("UDP port") > 0 ? "UDP" : "TCP");
            }
            clientPorts.add(port);
        }
        if (!mainIsClient
                && !connectsSinceRun
                && !listenPorts.isEmpty()
                && localPort > 0
                && !listenPorts.contains(localPort)) {
            // A server's first connection is always to its listen port: this one goes out, so the log is a -d/-r
            // client's, whose threads printed its listener's banner and this connection before "Client connecting".
            mainIsClient = true;
            sink.meta(ToolMeta.SIDE, "client");
        }
        boolean incoming;
        if (listenPorts.contains(localPort)) {
            incoming = true;
        } else if (clientPorts.contains(remotePort)) {
            incoming = false;
        } else {
            incoming = !mainIsClient;
        }
        if (!mainIsClient && incoming && (line.indexOf("(reverse)") < 0)) {
            // A server log: each accepted connection after reports is a new test.
            newRunIfNeeded();
        } else if (run == 0) {
            newRunIfNeeded();
        }
        Direction d;
        if (star || line.indexOf("(reverse)") >= 0) {
            d = Direction.S2C;
        } else if (mainIsClient) {
            d = incoming ? Direction.S2C : Direction.C2S;
        } else {
            d = incoming ? Direction.C2S : Direction.S2C;
        }
        Sample pending = onlyReports.forget(key);
        if (pending != null) {
            emitTotal(pending, roleOf(pending.direction()));
        }
        directions.put(key, d);
        connectsSinceRun = true;
        long connectingPort = incoming ? remotePort : localPort;
        if (connectingPort > 0) {
            String id = star ? key.substring(1) : key;
            sink.meta(ToolMeta.STREAM_PORT, id + " " + d.csv() + " " + connectingPort);
            if (line.indexOf("(full-duplex)") >= 0) {
                // One socket carries both directions; the other one's reports are the "*" stream of this id.
                sink.meta(ToolMeta.STREAM_PORT, id + " " + d.opposite().csv() + " " + connectingPort);
            }
        }
        if (!startUtcSent) {
            String utc = Iperf2ConnectTime.connectedAtUtc(line);
            if (utc != null) {
                startUtcSent = true;
                sink.meta(ToolMeta.START_UTC, utc);
            }
        }
    }

    private Role roleOf(Direction d) {
        return mainIsClient == (d == Direction.C2S) ? Role.SENDER : Role.RECEIVER;
    }

    private boolean report(String line, String stream, String key, boolean star) {
        TextScanner s = sc;
        if (!s.readIntervalHead()) {
            return false;
        }
        announce();
        if (run == 0) {
            newRunIfNeeded();
        }
        reportsSinceRun = true;
        Long retr = null;
        Long cwnd = null;
        Double rtt = null;
        TextScanner.UdpFigures udp = new TextScanner.UdpFigures();
        boolean serverReport = key.equals(serverReportFor);
        serverReportFor = null;
        if (!serverReport && hdrWriteErr && (hdrRtry || hdrCwndRtt)) {
            s.skipWord(); // Write/Err
            s.skipSpaces();
            if (hdrRtry && s.lookingAtDigit()) {
                retr = s.readLong();
            }
            s.skipSpaces();
            if (hdrCwndRtt) {
                // "1278K/124(66) us" (2.1), "-1K/1346 us" (2.0.x), "1204K(832)/1435K(991)/1203(67) us" (2.2,
                // in flight first): the last two '/'-separated parts are the window and the RTT.
                String token = s.readWord();
                int slash = token == null ? -1 : token.lastIndexOf('/');
                if (slash > 0) {
                    int before = token.lastIndexOf('/', slash - 1);
                    TextScanner part = new TextScanner().reset(token, before + 1, slash);
                    long c = part.readGluedBytesLoose();
                    if (c > 0) {
                        cwnd = c;
                    }
                    double r = part.reset(token, slash + 1, token.length()).readDouble();
                    if (!Double.isNaN(r)) {
                        rtt = r / 1000.0; // iperf2 prints microseconds
                    }
                }
            }
        } else {
            while (!s.skipSpaces().atEnd()) {
                char c = s.peek();
                if (TextScanner.isDigit(c)) {
                    s.readJitterOrLoss(s.readDouble(), udp);
                    continue;
                }
                if (!s.skipWord()) {
                    break;
                }
            }
        }
        Direction d = directions.get(key);
        if (d == null) {
            if (stream.equals(Sample.SUM) && lastDirection != null) {
                d = lastDirection;
            } else if (star) {
                d = Direction.S2C;
            } else {
                d = Direction.C2S;
            }
        }
        lastDirection = d;
        Sample sample = intervalSample(null, stream, d, retr, cwnd, rtt, udp, udp.packets(), false, roleOf(d));
        double t0 = sample.startS();
        double t1 = sample.endS();
        if (serverReport) {
            // The server's view of a client's stream, sent back to the client: what was received.
            emitTotal(sample, Role.RECEIVER);
            return true;
        }
        if (onlyReports.isTotal(key, t0)) {
            emitTotal(sample, roleOf(d));
            return true;
        }
        if (t0 == 0 && t1 > 1.5 * intervalS) {
            // Longer than an interval, from 0: a total whose key printed no interval from 0 (a server's SUM
            // when its streams' first intervals did not line up). Held as an "only report" it would come
            // out only when the output ends, after a live run had stopped waiting for it.
            onlyReports.totalSeen(key);
            emitTotal(sample, roleOf(d));
            return true;
        }
        if (t0 > 0 && !(t1 - t0 <= intervalS)) {
            intervalS = t1 - t0;
        }
        onlyReports.interval(key, sample, t0);
        sink.sample(sample);
        return true;
    }

    private void emitTotal(Sample s, Role role) {
        sink.summary(Summary.ofInterval(s, role));
    }

    private void flushOnlyReports() {
        // Streams first, SUM last, as the tool prints them.
        List<Sample> pending = new ArrayList<>();
        for (Map.Entry<String, Sample> e : onlyReports.drain()) {
            pending.add(e.getValue());
        }
        pending.sort((a, b) -> Boolean.compare(a.isSum(), b.isSum()));
        for (Sample s : pending) {
            emitTotal(s, roleOf(s.direction()));
        }
    }

    @Override
    protected void otherLine(String line, int end) {
        int at;
        if ((at = line.indexOf("Client connecting to ")) >= 0) {
            announce();
            long port = portAfter(line, at, end);
            if (!mainIsClient && sawBanner && reportsSinceRun) {
                // After a server's reports this is either the server's own reverse client (-r) or a new
                // client log appended; iperf 2.1 marks the reverse connection, so decide at the connect line.
                pendingClientPort = port;
                pendingClientLine = line.substring(at, end);
                return;
            }
            if (!sawBanner || reportsSinceRun) {
                newRunIfNeeded();
                listenPorts.clear();
                clientPorts.clear();
                sink.meta(ToolMeta.PROTOCOL, line.indexOf("UDP port", at) > 0 ? "UDP" : "TCP");
            }
            // A client prints its banners before any connection; a server prints this one (for the reverse
            // half of -d/-r) only after it accepted the client.
            if (!connectsSinceRun) {
                mainIsClient = true;
                sink.meta(ToolMeta.SIDE, "client");
                int comma = line.indexOf(',', at);
                if (comma > 0) {
                    sink.meta(ToolMeta.REMOTE, line.substring(at + "Client connecting to ".length(), comma));
                }
            }
            sawBanner = true;
            clientPorts.add(port);
        } else if ((at = line.indexOf("Server listening on ")) >= 0) {
            announce();
            long port = portAfter(line, at, end);
            if (!sawBanner || reportsSinceRun) {
                newRunIfNeeded();
                mainIsClient = false;
                listenPorts.clear();
                clientPorts.clear();
                sink.meta(ToolMeta.SIDE, "server");
                sink.meta(ToolMeta.PROTOCOL, line.indexOf("UDP port", at) > 0 ? "UDP" : "TCP");
            }
            sawBanner = true;
            listenPorts.add(port);
        } else if ((at = line.indexOf("iperf version ")) >= 0) {
            announce();
            int from = at + "iperf version ".length();
            int space = line.indexOf(' ', from);
            sink.meta(ToolMeta.VERSION, line.substring(from, space > 0 ? space : end));
        } else if (line.indexOf("failed:") >= 0
                || line.indexOf("failed (") >= 0
                || line.indexOf("ERROR") >= 0
                || line.indexOf("error: ") >= 0
                || line.indexOf("Error: ") >= 0) {
            String text = line.substring(0, end).trim();
            if (text.startsWith("iperf:")) {
                text = text.substring(6).trim();
            }
            sink.event(ToolEvent.error(ToolMeta.classifyError(text), "iperf2: " + text, lineNo));
        } else if (line.indexOf("WARNING") >= 0) {
            sink.event(ToolEvent.warning(
                    ToolMeta.TOOL_WARNING, "iperf2: " + line.substring(0, end).trim(), lineNo));
        }
    }

    private long portAfter(String line, int from, int end) {
        int p = line.indexOf("port ", from);
        if (p < 0) {
            return -1;
        }
        sc.reset(line, p + 5, end);
        return sc.readLong();
    }
}
