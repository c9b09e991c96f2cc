package io.linklab.tools;

import java.util.List;

/**
 * Tells which tool wrote a log from its first lines, by counting markers only one format prints
 * ("connected to" is iperf3, "connected with" iperf2, "AF_INET" netperf, …). Wrapper text around the
 * tool's output (prompts, dates, prose) is ignored.
 */
public final class FormatDetector {

    /** How many leading lines are enough to decide. */
    public static final int LINES = 400;

    /** The verdict, with the reason to show when nothing matched. */
    public record Detection(LogFormat format, String reason, boolean iperf3AndIperf2) {
        public Detection(LogFormat format, String reason) {
            this(format, reason, false);
        }

        public boolean found() {
            return format != null;
        }
    }

    private FormatDetector() {}

    public static Detection detect(List<String> firstLines) {
        int iperf3 = 0;
        int iperf2 = 0;
        int netperf = 0;
        int csv2 = 0;
        int json = 0;
        int nonBlank = 0;
        int numericRows = 0;
        boolean iperf3Banner = false;
        boolean iperf2Banner = false;
        for (String raw : firstLines) {
            String line = raw.strip();
            if (line.isEmpty()) {
                continue;
            }
            nonBlank++;
            if (nonBlank <= 3 || json > 0) {
                int brace = line.indexOf('{');
                if (brace >= 0 && brace < 16 && line.indexOf('"', 0) < 0 | brace < line.indexOf('"')) {
                    json += brace == 0 ? 3 : 1;
                }
                if (line.startsWith("\"start\"") || line.startsWith("\"intervals\"") || line.contains("\"event\":")) {
                    json += 3;
                }
            }
            if (line.contains(" connected to ") && line.contains(" port ")) {
                iperf3 += 3;
            }
            iperf3Banner |= line.contains("Connecting to host ") || line.contains("iperf Done.");
            iperf2Banner |= line.contains("Client connecting to ") || line.contains("Server listening on TCP port");
            if (line.contains("Connecting to host ")
                    || line.contains("iperf Done.")
                    || line.contains("- - - - - - -")
                    || line.contains("Accepted connection from ")
                    || line.startsWith("iperf3")
                    || line.contains("iperf3: ")) {
                iperf3 += 3;
            }
            if (line.endsWith(" sender") || line.endsWith(" receiver")) {
                iperf3 += 2;
            }
            if (line.contains(" connected with ") && line.contains(" port ")) {
                iperf2 += 3;
            }
            if (line.contains("Client connecting to ")
                    || line.contains("Server listening on TCP port")
                    || line.contains("Server listening on UDP port")
                    || line.contains("Server Report:")
                    || line.contains("TCP window size:")
                    || line.contains("UDP buffer size:")
                    || line.contains("connect failed: ")) {
                // iperf2's failed connect ("connect failed: Connection refused", 2.1: "tcp connect failed: …");
                // iperf3 words it "unable to connect to server".
                iperf2 += 3;
            }
            if (intervalDecimals(line) == 1 || intervalDecimals(line) == 4) {
                iperf2 += 1;
            } else if (intervalDecimals(line) == 2) {
                iperf3 += 1;
            }
            if (isNetperfRow(line)) {
                numericRows++;
            }
            if (isIperf2Csv(line)) {
                csv2 += 3;
            }
            if (line.contains(" TEST from ")
                    || line.contains("AF_INET")
                    || line.startsWith("Interim result:")
                    || line.startsWith("Throughput,")
                    || line.startsWith("THROUGHPUT=")
                    || line.contains("10^6bits/s")
                    || line.startsWith("Recv   Send")
                    || line.startsWith("Socket Socket")
                    || line.contains("netperf")
                    || line.contains("netserver")
                    || line.startsWith("establish control")) {
                netperf += 3;
            }
        }
        if (nonBlank == 0) {
            return new Detection(null, "the file is empty");
        }
        if (netperf == 0 && numericRows == nonBlank) {
            // netperf -P 0 prints only its result rows: "131072  16384  16384    10.00   23132.59".
            netperf = 3;
        }
        if (json >= 3 && json >= iperf3) {
            return new Detection(LogFormat.IPERF3_JSON, null);
        }
        int best = Math.max(Math.max(iperf3, iperf2), Math.max(netperf, csv2));
        if (best < 3) {
            return new Detection(
                    null,
                    "no iperf3, iperf2 or netperf output found in the first " + firstLines.size()
                            + " lines; name the format with --format if you know it");
        }
        if (best == csv2) {
            return new Detection(LogFormat.IPERF2_CSV, null);
        }
        if (best == netperf) {
            return new Detection(LogFormat.NETPERF, null);
        }
        return new Detection(
                iperf3 >= iperf2 ? LogFormat.IPERF3 : LogFormat.IPERF2, null, iperf3Banner && iperf2Banner);
    }

    /** Five to ten blank-separated plain numbers: a netperf result row. */
    static boolean isNetperfRow(String line) {
        String[] words = line.trim().split("\\s+");
        if (words.length < 5 || words.length > 10) {
            return false;
        }
        for (String w : words) {
            if (!w.matches("-?\\d+(\\.\\d+)?")) {
                return false;
            }
        }
        return true;
    }

    /** Decimals of the first number of an "a-b sec" interval, or -1. */
    static int intervalDecimals(String line) {
        int sec = line.indexOf(" sec ");
        if (sec < 0 || line.indexOf(']') < 0 || line.indexOf(']') > sec) {
            return -1;
        }
        int dash = line.lastIndexOf('-', sec);
        if (dash < 0) {
            return -1;
        }
        int dot = line.lastIndexOf('.', dash);
        if (dot < 0 || dot < line.indexOf(']')) {
            return -1;
        }
        return dash - dot - 1;
    }

    /** iperf2 -y C: "20190819115337,10.1.0.2,5502,10.1.0.1,5002,3,0.0-10.0,336371280,269076574". */
    public static boolean isIperf2Csv(String line) {
        int fields = 1;
        for (int i = 0; i < line.length(); i++) {
            if (line.charAt(i) == ',') {
                fields++;
            }
        }
        if (fields < 9) {
            return false;
        }
        int c1 = line.indexOf(',');
        if (c1 < 8) {
            return false;
        }
        for (int i = 0; i < c1; i++) {
            char ch = line.charAt(i);
            if (!(ch >= '0' && ch <= '9') && ch != '.') {
                return false;
            }
        }
        // The 7th field is the interval "a-b".
        int from = c1;
        for (int k = 0; k < 5; k++) {
            from = line.indexOf(',', from + 1);
            if (from < 0) {
                return false;
            }
        }
        int next = line.indexOf(',', from + 1);
        if (next < 0) {
            return false;
        }
        String interval = line.substring(from + 1, next);
        return interval.indexOf('-') > 0;
    }
}
