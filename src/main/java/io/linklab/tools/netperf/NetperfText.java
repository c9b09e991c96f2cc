package io.linklab.tools.netperf;

import io.linklab.tools.TextScanner;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** How netperf writes its values: units, -o/-k selector names, numbers and the words of its table headers. */
final class NetperfText {

    private NetperfText() {}

    /** netperf prints at most two decimals of 10^6 bits/s: the product is a whole number of bits/s. */
    static double exact(double bps) {
        return bps >= 1000 ? Math.rint(bps) : bps;
    }

    /** netperf prints -1 when it did not measure. */
    static Double cpu(Double v) {
        return v == null || v < 0 ? null : v;
    }

    /**
     * An -o header: the names of the chosen output selectors, comma-separated, in any order ("Minimum Latency
     * Microseconds,Throughput,Throughput Units"); known by holding at least one selector name LinkLab reads.
     */
    static boolean isOmniCsvHeader(String text) {
        if (text.indexOf(',') < 0 || startsNumeric(text)) {
            return false;
        }
        for (String name : splitCsv(text)) {
            if (READ_SELECTORS.contains(omniKey(name))) {
                return true;
            }
        }
        return false;
    }

    /** The selectors LinkLab gives a role (by their -k names); any other is kept as netperf printed it. */
    static final Set<String> READ_SELECTORS = Set.of(
            "THROUGHPUT",
            "THROUGHPUT_UNITS",
            "ELAPSED_TIME",
            "LOCAL_CPU_UTIL",
            "REMOTE_CPU_UTIL",
            "LOCAL_SD",
            "REMOTE_SD",
            "LOCAL_TRANSPORT_RETRANS",
            "LOCAL_BYTES_RECVD",
            "REMOTE_BYTES_RECVD",
            "LOCAL_SEND_THROUGHPUT",
            "REMOTE_SEND_THROUGHPUT");

    /** "Local CPU Util %" → "LOCAL_CPU_UTIL", "Elapsed Time (sec)" → "ELAPSED_TIME": the -k names. */
    static String omniKey(String name) {
        String n = name.toUpperCase(Locale.ROOT);
        switch (n) {
            case "THROUGHPUT":
                return "THROUGHPUT";
            case "THROUGHPUT UNITS":
                return "THROUGHPUT_UNITS";
            case "ELAPSED TIME (SEC)":
                return "ELAPSED_TIME";
            case "LOCAL CPU UTIL %":
                return "LOCAL_CPU_UTIL";
            case "REMOTE CPU UTIL %":
                return "REMOTE_CPU_UTIL";
            case "LOCAL SERVICE DEMAND":
                return "LOCAL_SD";
            case "REMOTE SERVICE DEMAND":
                return "REMOTE_SD";
            case "LOCAL TRANSPORT RETRANSMISSIONS":
                return "LOCAL_TRANSPORT_RETRANS";
            case "LOCAL BYTES SENT":
                return "LOCAL_BYTES_SENT";
            case "REMOTE BYTES RECEIVED":
                return "REMOTE_BYTES_RECVD";
            default:
                return n.replaceAll("[^A-Z0-9]+", "_");
        }
    }

    static boolean isKey(String text, int eq) {
        for (int i = 0; i < eq; i++) {
            char c = text.charAt(i);
            if (!(c >= 'A' && c <= 'Z') && !(c >= '0' && c <= '9') && c != '_') {
                return false;
            }
        }
        return true;
    }

    static boolean isHeaderLine(String text) {
        return text.startsWith("Recv")
                || text.startsWith("Socket")
                || text.startsWith("Size")
                || text.startsWith("bytes")
                || text.startsWith("Bytes")
                || text.startsWith("Local")
                || text.startsWith("Send")
                || text.startsWith("Send ");
    }

    static boolean startsNumeric(String text) {
        return TextScanner.isDigit(text.charAt(0))
                || (text.length() > 1 && text.charAt(0) == '-' && TextScanner.isDigit(text.charAt(1)));
    }

    static double unitMultiplier(String units) {
        String u = units.trim();
        if (u.startsWith("10^")) {
            int b = u.indexOf("bits");
            int e = b > 3 ? Integer.parseInt(u.substring(3, b)) : 6;
            return Math.pow(10, e);
        }
        double prefix;
        switch (u.isEmpty() ? ' ' : u.charAt(0)) {
            case 'K':
            case 'k':
                prefix = 1024;
                break;
            case 'M':
            case 'm':
                prefix = 1024.0 * 1024;
                break;
            case 'G':
            case 'g':
                prefix = 1024.0 * 1024 * 1024;
                break;
            default:
                prefix = 1;
        }
        if (u.contains("Bytes")) {
            return prefix * 8;
        }
        // -f k/m/g print bits with decimal prefixes ("Kbits/s")
        switch (u.isEmpty() ? ' ' : u.charAt(0)) {
            case 'K':
            case 'k':
                return 1e3;
            case 'M':
            case 'm':
                return 1e6;
            case 'G':
            case 'g':
                return 1e9;
            default:
                return 1;
        }
    }

    static Double number(String s) {
        if (s == null) {
            return null;
        }
        try {
            return Double.parseDouble(s.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    static String plain(double d) {
        return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }

    static List<String> splitCsv(String text) {
        List<String> out = new ArrayList<>();
        for (String f : text.split(",", -1)) {
            out.add(f.trim());
        }
        return out;
    }
}
