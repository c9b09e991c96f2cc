package io.linklab.tools.netperf;

import static io.linklab.tools.netperf.NetperfText.cpu;
import static io.linklab.tools.netperf.NetperfText.exact;
import static io.linklab.tools.netperf.NetperfText.isHeaderLine;
import static io.linklab.tools.netperf.NetperfText.isKey;
import static io.linklab.tools.netperf.NetperfText.isOmniCsvHeader;
import static io.linklab.tools.netperf.NetperfText.number;
import static io.linklab.tools.netperf.NetperfText.omniKey;
import static io.linklab.tools.netperf.NetperfText.plain;
import static io.linklab.tools.netperf.NetperfText.splitCsv;
import static io.linklab.tools.netperf.NetperfText.startsNumeric;
import static io.linklab.tools.netperf.NetperfText.unitMultiplier;

import io.linklab.model.Direction;
import io.linklab.model.MeasurementSink;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.ToolEvent;
import io.linklab.tools.StreamingParser;
import io.linklab.tools.TextScanner;
import io.linklab.tools.ToolMeta;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads netperf 2.x output: the classic TCP_STREAM / TCP_MAERTS / UDP_STREAM / request-response tables
 * (with or without -c -C CPU and service demand columns, with or without the banner and headers of
 * -P 0), demo-mode "Interim result" lines (-D) as samples, and the omni output selectors -k (key=value)
 * and -o (CSV). netperf runs one connection, reported as stream "1"; its throughput is computed from
 * the bytes the receiving end got, so the table row is a receiver total (UDP_STREAM prints both ends).
 */
public final class NetperfParser implements StreamingParser {

    public static final String STREAM = "1";
    // -O wraps a column's name over at most four lines; keep a few more, not a whole file of prose.
    private static final int MAX_TITLE_LINES = 8;

    private final MeasurementSink sink;
    private final TextScanner sc = new TextScanner();
    private long lineNo;
    private boolean announced;
    private int run;

    private String test = "TCP_STREAM";
    private Direction direction = Direction.C2S;
    private boolean inRun;
    private final StringBuilder header = new StringBuilder();
    private double unit = 1e6;
    private boolean transactions;
    private boolean cpuColumns;
    private int udpRows;
    private double interimEnd;

    private final Map<String, String> keyValues = new LinkedHashMap<>();
    private List<String> omniHeader;
    // Title lines of the current table as printed (columns intact): -O's column names sit above its values.
    private final List<String> titles = new ArrayList<>();
    // The classic tables end their header with a units line ("bytes  bytes ..."); -O prints none.
    private boolean classicUnits;

    public NetperfParser(MeasurementSink sink) {
        this.sink = sink;
    }

    @Override
    public void feed(String line) {
        lineNo++;
        int end = TextScanner.lineEnd(line);
        String text = line.substring(0, end).strip();
        if (text.isEmpty()) {
            return;
        }
        int eq = text.indexOf('=');
        if (eq > 0 && isKey(text, eq)) {
            String key = text.substring(0, eq);
            if (keyValues.containsKey(key)) {
                // The same key again: the next -k result (netperf -P 0 prints no banner between them).
                flushKeyValues();
            }
            keyValues.put(key, text.substring(eq + 1).trim());
            return;
        }
        // netperf's own messages may come anywhere (before, inside or after a result): they are reported and
        // change nothing else, so a warning never splits a -k result or parts an -o/-O header from its values.
        int at = text.indexOf(" TEST");
        boolean banner = at > 0 && (text.indexOf(" from ", at) > 0 || text.indexOf(" to ", at) > 0);
        if (!banner && message(text)) {
            return;
        }
        flushKeyValues();
        if (banner) {
            banner(text, at);
        } else if (text.startsWith("Interim result:")) {
            interim(text);
        } else if (isOmniCsvHeader(text)) {
            omniHeader = splitCsv(text);
            begin();
        } else if (omniHeader != null && text.indexOf(',') > 0 && omniValues(splitCsv(text))) {
            omniHeader = null;
        } else if (startsNumeric(text)) {
            if (classicUnits || !humanRow(line.substring(0, end))) {
                dataRow(text);
            }
            titles.clear();
        } else {
            if (titles.size() == MAX_TITLE_LINES) {
                titles.remove(0);
            }
            titles.add(line.substring(0, end));
            if (isHeaderLine(text)) {
                header.append(text).append('\n');
                if (text.startsWith("bytes") || text.startsWith("Bytes")) {
                    classicUnits = true;
                    units(text);
                }
            }
        }
    }

    /** Reports a line that is one of netperf's messages rather than output; true if it was one. */
    private boolean message(String text) {
        if (text.contains("netperf:")
                || text.contains("establish")
                || text.contains("failed")
                || text.contains("netserver")) {
            sink.event(ToolEvent.error(ToolMeta.classifyError(text), "netperf: " + text, lineNo));
            return true;
        }
        String lower = text.toLowerCase(Locale.ROOT);
        // "Sorry, Demo Mode not configured into this netperf." / "Please consider reconfiguring netperf with" /
        // "--enable-demo=yes and recompiling", "... is not compiled in.", "catcher: timer popped ...".
        if (text.startsWith("catcher:")
                || lower.contains("warning")
                || lower.contains("not compiled in")
                || lower.contains("not configured")
                || lower.startsWith("sorry")
                || lower.contains("reconfiguring netperf")
                || text.startsWith("--enable-")
                || lower.contains("recompil")) {
            sink.event(ToolEvent.warning(ToolMeta.TOOL_WARNING, "netperf: " + text, lineNo));
            return true;
        }
        return false;
    }

    @Override
    public void finish() {
        flushKeyValues();
    }

    private void announce() {
        if (!announced) {
            announced = true;
            sink.meta(ToolMeta.TOOL, "netperf");
        }
    }

    private void begin() {
        announce();
        if (!inRun) {
            inRun = true;
            run++;
            sink.meta(ToolMeta.RUN, Integer.toString(run));
            sink.meta(ToolMeta.PROTOCOL, test);
        }
    }

    /** "MIGRATED TCP STREAM TEST from … to …" / "TCP STREAM TEST to host" (netperf before 2.5). */
    private void banner(String text, int at) {
        String name = text.substring(0, at).replace("MIGRATED", "").trim().toUpperCase(Locale.ROOT);
        if (name.contains("MAERTS")) {
            test = name.startsWith("UDP") ? "UDP_MAERTS" : "TCP_MAERTS";
        } else if (name.contains("CONNECT/REQUEST/RESPONSE")) {
            test = "TCP_CRR";
        } else if (name.contains("REQUEST/RESPONSE")) {
            test = name.startsWith("UDP") ? "UDP_RR" : "TCP_RR";
        } else if (name.startsWith("UDP")) {
            test = "UDP_STREAM";
        } else {
            test = "TCP_STREAM";
        }
        direction = test.endsWith("MAERTS") ? Direction.S2C : Direction.C2S;
        transactions = test.endsWith("RR");
        inRun = false;
        header.setLength(0);
        titles.clear();
        classicUnits = false;
        omniHeader = null;
        unit = 1e6;
        cpuColumns = false;
        udpRows = 0;
        interimEnd = 0;
        begin();
    }

    private void interim(String text) {
        begin();
        TextScanner s = sc.reset(text, "Interim result:".length(), text.length());
        s.skipSpaces();
        double v = s.readDouble();
        String units = s.readWord();
        int over = text.indexOf(" over ");
        if (Double.isNaN(v) || units == null || over < 0) {
            return;
        }
        s.pos(over + 6);
        double seconds = s.readDouble();
        double mult = unitMultiplier(units);
        double start = interimEnd;
        interimEnd += Double.isNaN(seconds) ? 0 : seconds;
        // netperf measures its interim results where it runs, the client: the sender of a STREAM test, the
        // receiver of a MAERTS one.
        sink.sample(new Sample(
                null,
                STREAM,
                direction,
                start,
                interimEnd,
                null,
                exact(v * mult),
                null,
                null,
                null,
                null,
                null,
                null,
                false,
                direction == Direction.C2S ? Role.SENDER : Role.RECEIVER,
                null,
                null,
                null,
                null));
    }

    private void units(String text) {
        cpuColumns = header.indexOf("Utilization") >= 0 || text.contains("us/KB");
        TextScanner s = sc.reset(text, 0, text.length());
        String w;
        while ((w = s.readWord()) != null) {
            if (w.contains("bits/s") || w.contains("Bytes/s")) {
                unit = unitMultiplier(w);
                return;
            }
            if (w.equals("per") || w.startsWith("Tran")) {
                transactions = true;
                return;
            }
        }
    }

    private void dataRow(String text) {
        List<Double> v = numbers(text);
        if (v == null) {
            return;
        }
        begin();
        int n = v.size();
        if (test.equals("UDP_STREAM") || test.equals("UDP_MAERTS")) {
            udpRows++;
            if (udpRows == 1 && n >= 6) {
                // socket, message, elapsed, okay, errors, throughput [, local cpu, local service demand]
                emit(
                        Role.SENDER,
                        v.get(2),
                        v.get(5),
                        n >= 8 ? v.get(6) : null,
                        null,
                        n >= 8 ? v.get(7) : null,
                        null,
                        v.get(3).longValue());
            } else if (n >= 4) {
                // socket, elapsed, okay, throughput [, remote cpu, remote service demand]
                emit(
                        Role.RECEIVER,
                        v.get(1),
                        v.get(3),
                        null,
                        n >= 6 ? v.get(4) : null,
                        null,
                        n >= 6 ? v.get(5) : null,
                        v.get(2).longValue());
            }
            return;
        }
        if (transactions) {
            if (n >= 6) {
                // send socket, recv socket, request, response, elapsed, rate [, cpu…]
                sink.meta(ToolMeta.TRANSACTIONS_PER_SECOND, plain(v.get(5)));
                if (n >= 10) {
                    sink.meta(ToolMeta.CPU_LOCAL, plain(v.get(6)));
                    sink.meta(ToolMeta.CPU_REMOTE, plain(v.get(7)));
                }
            }
            return;
        }
        if (n >= 5) {
            // recv socket, send socket, message, elapsed, throughput [, local cpu, remote cpu, local sd, remote sd]
            boolean cpu = n >= 9;
            emit(
                    Role.RECEIVER,
                    v.get(3),
                    v.get(4),
                    cpu ? v.get(5) : null,
                    cpu ? v.get(6) : null,
                    cpu ? v.get(7) : null,
                    cpu ? v.get(8) : null,
                    null);
        }
    }

    private void emit(
            Role role,
            double elapsed,
            double throughput,
            Double lcpu,
            Double rcpu,
            Double lsd,
            Double rsd,
            Long packets) {
        sink.summary(new Summary(
                null,
                STREAM,
                direction,
                role,
                0,
                elapsed,
                null,
                exact(throughput * unit),
                null,
                null,
                null,
                packets,
                cpu(lcpu),
                cpu(rcpu),
                cpu(lsd),
                cpu(rsd),
                null));
    }

    /** The -o value row under {@link #omniHeader}; false if the line is not one (its THROUGHPUT is no number). */
    private boolean omniValues(List<String> values) {
        if (values.size() < omniHeader.size()) {
            return false;
        }
        Map<String, String> printed = new LinkedHashMap<>();
        for (int i = 0; i < omniHeader.size(); i++) {
            printed.put(omniHeader.get(i), values.get(i));
        }
        Map<String, String> keyed = keyed(printed);
        if (keyed.containsKey("THROUGHPUT") && number(keyed.get("THROUGHPUT")) == null) {
            return false;
        }
        keyedResult(printed);
        return true;
    }

    /** An -O value row under {@link #titles}; false if they name no throughput (then it is a classic row). */
    private boolean humanRow(String row) {
        Map<String, String> printed = new LinkedHashMap<>(OmniColumns.name(titles, row));
        if (number(keyed(printed).get("THROUGHPUT")) == null) {
            return false;
        }
        keyedResult(printed);
        return true;
    }

    private void flushKeyValues() {
        if (keyValues.isEmpty()) {
            return;
        }
        Map<String, String> printed = new LinkedHashMap<>(keyValues);
        keyValues.clear();
        keyedResult(printed);
    }

    /** The values by their -k selector names, whichever way netperf printed the names (-k, -o or -O titles). */
    private static Map<String, String> keyed(Map<String, String> printed) {
        Map<String, String> keyed = new LinkedHashMap<>();
        printed.forEach((name, value) -> keyed.put(omniKey(name), value));
        return keyed;
    }

    /**
     * One omni result. The selectors given a role here are read by name; every other one goes on as
     * {@link ToolMeta#OMNI_SELECTOR_PREFIX} and its name as netperf printed it, with its value untouched: a
     * latency percentile or a confidence width is no column of summary.csv, and is never guessed into one.
     */
    private void keyedResult(Map<String, String> printed) {
        Map<String, String> kv = keyed(printed);
        begin();
        String units = kv.getOrDefault("THROUGHPUT_UNITS", "10^6bits/s");
        Double thr = number(kv.get("THROUGHPUT"));
        if (thr == null) {
            return;
        }
        if (units.startsWith("Trans") || units.contains("per sec")) {
            sink.meta(ToolMeta.TRANSACTIONS_PER_SECOND, plain(thr));
            unmapped(printed);
            return;
        }
        Double elapsed = number(kv.get("ELAPSED_TIME"));
        Double retr = number(kv.get("LOCAL_TRANSPORT_RETRANS"));
        Double bytes = number(direction == Direction.C2S ? kv.get("REMOTE_BYTES_RECVD") : kv.get("LOCAL_BYTES_RECVD"));
        sink.summary(new Summary(
                null,
                STREAM,
                direction,
                Role.RECEIVER,
                0,
                elapsed == null ? 0 : elapsed,
                bytes == null || bytes < 0 ? null : bytes.longValue(),
                exact(thr * unitMultiplier(units)),
                retr == null || retr < 0 ? null : retr.longValue(),
                null,
                null,
                null,
                cpu(number(kv.get("LOCAL_CPU_UTIL"))),
                cpu(number(kv.get("REMOTE_CPU_UTIL"))),
                cpu(number(kv.get("LOCAL_SD"))),
                cpu(number(kv.get("REMOTE_SD"))),
                null));
        // netperf's manual: LOCAL_SEND_THROUGHPUT is "the throughput as measured by netperf for the successful
        // send calls it made", REMOTE_SEND_THROUGHPUT the same of netserver's; THROUGHPUT is the test's, what the
        // receiving end got (a UDP_STREAM's equals REMOTE_RECV_THROUGHPUT). With datagrams lost they differ.
        Double sent =
                number(direction == Direction.C2S ? kv.get("LOCAL_SEND_THROUGHPUT") : kv.get("REMOTE_SEND_THROUGHPUT"));
        if (sent != null && sent >= 0) {
            sink.summary(Summary.transfer(
                    null,
                    STREAM,
                    direction,
                    Role.SENDER,
                    0,
                    elapsed == null ? 0 : elapsed,
                    null,
                    exact(sent * unitMultiplier(units)),
                    null,
                    null));
        }
        unmapped(printed);
    }

    /** Each selector of {@code printed} that this parser gives no role, for whoever keeps them. */
    private void unmapped(Map<String, String> printed) {
        printed.forEach((name, value) -> {
            if (!NetperfText.READ_SELECTORS.contains(omniKey(name))) {
                sink.meta(ToolMeta.OMNI_SELECTOR_PREFIX + name, value);
            }
        });
    }

    /** All blank-separated numbers of a table row, or null if a word is not a number. */
    private List<Double> numbers(String text) {
        List<Double> out = new ArrayList<>(10);
        TextScanner s = sc.reset(text, 0, text.length());
        while (!s.skipSpaces().atEnd()) {
            double d = s.readDouble();
            if (Double.isNaN(d)) {
                return null;
            }
            char c = s.peek();
            if (c != ' ' && c != '\t' && c != '\0') {
                return null;
            }
            out.add(d);
        }
        return out.isEmpty() ? null : out;
    }
}
