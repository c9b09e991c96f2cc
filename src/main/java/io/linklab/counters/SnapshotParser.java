package io.linklab.counters;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads the sampler's output line by line (as it arrives) into {@link Snapshot}s. The /proc files come in one
 * {@code cat}, so each is told by its own shape: /proc/uptime is the first line, "cpuN" lines are /proc/stat,
 * the interface's line of /proc/net/dev is "IF: numbers", /proc/net/snmp and /proc/net/netstat are pairs of
 * "Prefix: names" and "Prefix: values" lines, and /proc/net/softnet_stat is lines of hex words.
 * A snapshot cut short (the sampler stopped in the middle) is dropped.
 *
 * <p>A snapshot is bounded whatever the host prints: at most {@link #MAX_CORES} cores and {@link #MAX_ENTRIES}
 * entries of each other kind, names of at most {@link #MAX_NAME} printable characters. What is beyond is left out
 * and the snapshot is marked as cut ({@link #cut()}).
 *
 * <p>Each line is read without regular expressions: a snapshot is a few hundred lines a second per host, and
 * compiling a pattern per line (what {@code split("\\s+")} does) kept the JIT busy while the tool was measured.
 */
public final class SnapshotParser {

    /** /proc/net/dev's columns after the name, by their statistics names. */
    private static final String[] DEV_COLUMNS = {
        "rx_bytes",
        "rx_packets",
        "rx_errors",
        "rx_dropped",
        "rx_fifo_errors",
        "rx_frame_errors",
        "rx_compressed",
        "multicast",
        "tx_bytes",
        "tx_packets",
        "tx_errors",
        "tx_dropped",
        "tx_fifo_errors",
        "collisions",
        "tx_carrier_errors",
        "tx_compressed"
    };

    /** More cores than Linux supports (its NR_CPUS is at most 8192). */
    static final int MAX_CORES = 8192;
    /** More ethtool statistics, processes, TCP or /sys counters than any NIC or test has. */
    static final int MAX_ENTRIES = 1024;
    /** The longest counter or process name kept. */
    static final int MAX_NAME = 64;

    private final Consumer<Snapshot> out;
    private String cutting;
    private String cut;
    private String iface = "";
    private Long pid;
    private Long speedMbps;
    private boolean last;
    private String bootId = "";
    private String section;
    private boolean firstLine;
    private double uptime;
    private Map<String, long[]> cpus;
    private Map<String, Long> counters;
    private Map<String, Long> ethtool;
    private Map<String, Long> tcp;
    private Map<Long, Snapshot.ProcTime> procs;
    private Map<Long, Snapshot.ProcTime> threads;
    private final Map<String, String[]> snmpNames = new LinkedHashMap<>();
    private long softnetDropped;
    private long softnetSqueezed;
    private boolean qdiscSeen;

    public SnapshotParser(Consumer<Snapshot> out) {
        this.out = out;
    }

    /** The sampler's process id on its host, when it can be woken (bash), else null. */
    public Long pid() {
        return pid;
    }

    /** Whether the sampler announced its last snapshot, after which it ends by itself. */
    public boolean lastAnnounced() {
        return last;
    }

    /** The data interface the sampler found (empty when it has none). */
    public String iface() {
        return iface;
    }

    /** The interface's speed in Mbit/s as the kernel knows it, or null (unknown, or not a positive number). */
    /** The host kernel's boot id, "" when unknown: ends with the same one share one kernel and its cores. */
    public String bootId() {
        return bootId;
    }

    public Long speedMbps() {
        return speedMbps;
    }

    /** Why the last snapshot was cut ("more than 8192 cores"), or null when it was whole. */
    public String cut() {
        return cut;
    }

    private void cutting(String why) {
        if (cutting == null) {
            cutting = why;
        }
    }

    /** Whether a map may take {@code key}: it has it already, or has room, else the snapshot is cut. */
    private <K> boolean room(Map<K, ?> map, K key, int max, String what) {
        if (map.size() < max || map.containsKey(key)) {
            return true;
        }
        cutting("more than " + max + " " + what);
        return false;
    }

    /** A counter name as kept: printable ASCII, at most {@link #MAX_NAME} characters. */
    private boolean isName(String name, String what) {
        boolean ok = !name.isEmpty() && name.length() <= MAX_NAME;
        for (int i = 0; ok && i < name.length(); i++) {
            ok = name.charAt(i) >= 0x20 && name.charAt(i) < 0x7f;
        }
        if (!ok) {
            cutting(what + " names that are not " + MAX_NAME + " printable characters or fewer");
        }
        return ok;
    }

    public void line(String line) {
        if (line.startsWith("@@ ")) {
            marker(line.substring(3).strip());
            return;
        }
        if (section == null) {
            return;
        }
        try {
            switch (section) {
                case "snap" -> proc(line);
                case "sys" -> sys(line);
                case "ethtool" -> ethtool(line);
                case "tc" -> tc(line);
                case "procs" -> {
                    String stat = line.strip();
                    if (stat.startsWith("t ")) {
                        process(stat.substring(2), threads, "threads");
                    } else {
                        process(stat, procs, "processes");
                    }
                }
                default -> {}
            }
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            // a line of a shape this kernel prints differently: that counter is left out, the rest is kept
        }
    }

    private void marker(String m) {
        if (m.startsWith("pid ")) {
            String v = m.substring(4).strip();
            pid = v.matches("\\d{1,10}") ? Long.parseLong(v) : null;
        } else if (m.equals("last")) {
            last = true;
        } else if (m.startsWith("boot ")) {
            bootId = m.substring(5).strip();
        } else if (m.startsWith("if")) {
            iface = m.substring(2).strip();
        } else if (m.startsWith("speed")) {
            String v = m.substring(5).strip();
            speedMbps = v.matches("\\d+") && Long.parseLong(v) > 0 ? Long.parseLong(v) : null;
        } else if (m.equals("snap")) {
            section = "snap";
            firstLine = true;
            uptime = Double.NaN;
            cpus = new LinkedHashMap<>();
            counters = new LinkedHashMap<>();
            ethtool = new LinkedHashMap<>();
            tcp = new LinkedHashMap<>();
            procs = new LinkedHashMap<>();
            threads = new LinkedHashMap<>();
            snmpNames.clear();
            softnetDropped = 0;
            softnetSqueezed = 0;
            qdiscSeen = false;
            cutting = null;
        } else if (m.equals("end")) {
            if (cpus != null && !Double.isNaN(uptime)) {
                counters.put("softnet_dropped", softnetDropped);
                counters.put("softnet_squeezed", softnetSqueezed);
                cut = cutting;
                out.accept(new Snapshot(uptime, cpus, counters, ethtool, tcp, procs, threads));
            }
            section = null;
            cpus = null;
        } else if (cpus != null) {
            section = m;
        }
    }

    private void proc(String line) {
        if (firstLine) {
            firstLine = false;
            uptime = Double.parseDouble(words(line.strip())[0]);
            return;
        }
        String s = line.strip();
        if (s.startsWith("cpu") && s.length() > 3 && Character.isDigit(s.charAt(3))) {
            String[] f = words(s);
            if (!isName(f[0], "core") || !room(cpus, f[0], MAX_CORES, "cores")) {
                return;
            }
            long[] j = new long[Snapshot.FIELDS];
            for (int i = 0; i < Snapshot.FIELDS && i + 1 < f.length; i++) {
                j[i] = Long.parseLong(f[i + 1]);
            }
            cpus.put(f[0], j);
            return;
        }
        int colon = s.indexOf(':');
        if (!iface.isEmpty() && colon == iface.length() && s.startsWith(iface)) {
            String[] f = words(s.substring(colon + 1).strip());
            for (int i = 0; i < DEV_COLUMNS.length && i < f.length; i++) {
                counters.put(DEV_COLUMNS[i], Long.parseLong(f[i]));
            }
            return;
        }
        if (isHexRow(s)) {
            String[] f = s.split(" ");
            softnetDropped += Long.parseLong(f[1], 16);
            softnetSqueezed += Long.parseLong(f[2], 16);
            return;
        }
        int letters = 0;
        while (letters < s.length() && isAsciiLetter(s.charAt(letters))) {
            letters++;
        }
        if (letters > 0 && s.startsWith(": ", letters)) {
            String prefix = s.substring(0, letters);
            String[] f = words(s.substring(letters + 2).strip());
            String[] names = snmpNames.remove(prefix);
            if (names == null) {
                if (room(snmpNames, prefix, MAX_ENTRIES, "/proc/net tables") && isName(prefix, "table")) {
                    snmpNames.put(prefix, f);
                }
            } else if (prefix.startsWith("Tcp")) {
                for (int i = 0; i < names.length && i < f.length; i++) {
                    String key = prefix + "." + names[i];
                    if (isName(key, "TCP counter") && room(tcp, key, MAX_ENTRIES, "TCP counters")) {
                        tcp.put(key, Long.parseLong(f[i]));
                    }
                }
            }
        }
    }

    /**
     * A line of /proc/PID/stat: "PID (comm) state ppid pgrp …", utime and stime the 14th and 15th fields, the
     * core it last ran on the 39th. The
     * name may hold spaces and parentheses: it ends at the last ')'.
     */
    private void process(String stat, Map<Long, Snapshot.ProcTime> into, String what) {
        int open = stat.indexOf(" (");
        int close = stat.lastIndexOf(')');
        if (open <= 0 || close < open) {
            return;
        }
        String[] f = stat.substring(close + 1).strip().split(" ");
        long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
        int core = f.length > 36 ? Integer.parseInt(f[36]) : -1;
        Long pid = Long.parseLong(stat.substring(0, open));
        String comm = stat.substring(open + 2, close);
        if (room(into, pid, MAX_ENTRIES, what)) {
            // the kernel's comm is at most 15 bytes; a longer one is cut, and shown escaped wherever it is printed
            into.put(
                    pid,
                    new Snapshot.ProcTime(comm.length() > MAX_NAME ? comm.substring(0, MAX_NAME) : comm, ticks, core));
        }
    }

    private void sys(String line) {
        String[] f = line.strip().split(" ");
        if (f.length == 2
                && isDigits(f[1])
                && isName(f[0], "counter")
                && room(counters, f[0], MAX_ENTRIES, "counters")) {
            counters.put(f[0], Long.parseLong(f[1]));
        }
    }

    private void ethtool(String line) {
        int colon = line.lastIndexOf(':');
        if (colon > 0 && line.startsWith(" ")) {
            String v = line.substring(colon + 1).strip();
            String key = line.substring(0, colon).strip();
            if (isDigits(v) && isName(key, "ethtool") && room(ethtool, key, MAX_ENTRIES, "ethtool statistics")) {
                ethtool.put(key, Long.parseLong(v));
            }
        }
    }

    /** The root qdisc comes first in {@code tc -s qdisc show}; its counters include those of its children. */
    private void tc(String line) {
        String s = line.strip();
        if (!qdiscSeen && s.startsWith("Sent ")) {
            qdiscSeen = true;
            int d = s.indexOf("dropped ");
            if (d >= 0) {
                int end = d + 8;
                while (end < s.length() && Character.isDigit(s.charAt(end))) {
                    end++;
                }
                counters.put("qdisc_dropped", Long.parseLong(s.substring(d + 8, end)));
            }
        }
    }

    /** What {@code s.split("\\s+")} gives for a stripped line (one empty word for an empty line). */
    static String[] words(String s) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = s.length();
        while (i < n) {
            int start = i;
            while (i < n && !isSpace(s.charAt(i))) {
                i++;
            }
            out.add(s.substring(start, i));
            while (i < n && isSpace(s.charAt(i))) {
                i++;
            }
        }
        return out.isEmpty() ? new String[] {""} : out.toArray(String[]::new);
    }

    /** The characters of the regular expression {@code \\s}. */
    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000b' || c == '\f' || c == '\r';
    }

    private static boolean isAsciiLetter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    private static boolean isDigits(String v) {
        for (int i = 0; i < v.length(); i++) {
            if (v.charAt(i) < '0' || v.charAt(i) > '9') {
                return false;
            }
        }
        return !v.isEmpty();
    }

    /** A line of /proc/net/softnet_stat: nine or more words of eight lower-case hex digits, one space apart. */
    private static boolean isHexRow(String s) {
        int n = s.length();
        if (n < 80 || (n - 8) % 9 != 0) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            boolean ok = i % 9 == 8 ? c == ' ' : c >= '0' && c <= '9' || c >= 'a' && c <= 'f';
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
