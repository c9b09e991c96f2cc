package io.linklab.tools.iperf2;

import io.linklab.model.Direction;
import io.linklab.model.MeasurementSink;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.tools.FormatDetector;
import io.linklab.tools.StreamingParser;
import io.linklab.tools.TextScanner;
import io.linklab.tools.ToolMeta;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads iperf2 -y C rows: "time,local ip,local port,remote ip,remote port,id,start-end,bytes,bits/s" and,
 * for UDP reports, ",jitter ms,lost,total,lost %,out of order". Lines that are not such rows (a header
 * someone added, text around it) are skipped.
 *
 * <p>The rows say nothing of who printed them; the end bound to the lower port is taken as the server
 * (iperf listens on a fixed port, clients use ephemeral ones), so its rows are what was received.
 */
public final class Iperf2CsvParser implements StreamingParser {

    private final MeasurementSink sink;
    private final TextScanner sc = new TextScanner();
    private final OnlyReports onlyReports = new OnlyReports();
    private final Map<String, Role> roles = new HashMap<>();
    private boolean announced;

    public Iperf2CsvParser(MeasurementSink sink) {
        this.sink = sink;
    }

    @Override
    public void feed(String line) {
        int end = TextScanner.lineEnd(line);
        if (end == 0 || !TextScanner.isDigit(line.charAt(0))) {
            return;
        }
        String row = end == line.length() ? line : line.substring(0, end);
        if (!FormatDetector.isIperf2Csv(row)) {
            return;
        }
        String[] f = row.split(",", -1);
        if (!announced) {
            announced = true;
            sink.meta(ToolMeta.TOOL, "iperf2");
            sink.meta(ToolMeta.RUN, "1");
        }
        long localPort = parseLong(f[2]);
        long remotePort = parseLong(f[4]);
        String id = f[5].trim();
        String stream = id.equals("-1") || id.equalsIgnoreCase("SUM") ? Sample.SUM : id;
        sc.reset(f[6], 0, f[6].length());
        double t0 = sc.readDouble();
        sc.expect('-');
        double t1 = sc.readDouble();
        Long bytes = parseLongOrNull(f[7]);
        Double bps = f.length > 8 ? parseDoubleOrNull(f[8]) : null;
        Double jitter = null;
        Long lost = null;
        Long packets = null;
        if (f.length >= 14) {
            jitter = parseDoubleOrNull(f[9]);
            lost = parseLongOrNull(f[10]);
            packets = parseLongOrNull(f[11]);
        }
        boolean serverEnd = localPort >= 0 && remotePort >= 0 && localPort < remotePort;
        Role role = serverEnd || jitter != null ? Role.RECEIVER : Role.SENDER;
        String key = f[1] + ":" + f[2] + ">" + f[3] + ":" + f[4] + "#" + id;
        roles.put(key, role);
        Sample sample = new Sample(
                null,
                stream,
                Direction.C2S,
                t0,
                t1,
                bytes,
                bps,
                null,
                null,
                null,
                jitter,
                lost,
                packets,
                false,
                role,
                null,
                null,
                null,
                null);
        if (onlyReports.isTotal(key, t0)) {
            total(sample, role);
            return;
        }
        onlyReports.interval(key, sample, t0);
        sink.sample(sample);
    }

    @Override
    public void finish() {
        for (Map.Entry<String, Sample> e : onlyReports.drain()) {
            total(e.getValue(), roles.getOrDefault(e.getKey(), Role.SENDER));
        }
    }

    private void total(Sample s, Role role) {
        sink.summary(Summary.ofInterval(s, role));
    }

    private static long parseLong(String s) {
        try {
            return Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static Long parseLongOrNull(String s) {
        try {
            return Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            Double d = parseDoubleOrNull(s);
            return d == null ? null : Math.round(d);
        }
    }

    private static Double parseDoubleOrNull(String s) {
        try {
            return Double.parseDouble(s.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
