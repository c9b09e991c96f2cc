package io.linklab.tools;

import java.util.Locale;

/**
 * Keys of {@link io.linklab.model.MeasurementSink#meta} and kinds of {@link io.linklab.model.ToolEvent}
 * the parsers emit, so that consumers (CSV, run records, the GUI) need not repeat string literals.
 */
public final class ToolMeta {

    /** "iperf3", "iperf2", "netperf". */
    public static final String TOOL = "tool";
    /** The version the tool printed ("3.12", "2.1.8"), when it printed one. */
    public static final String VERSION = "version";
    /** 1-based number of the test within the output, emitted when a test begins (a log may hold many). */
    public static final String RUN = "run";
    /** "client" or "server": which end printed the output. */
    public static final String SIDE = "side";
    /** "TCP" or "UDP" (netperf: the test name, "TCP_STREAM"). */
    public static final String PROTOCOL = "protocol";

    public static final String LOCAL = "local";
    public static final String REMOTE = "remote";
    public static final String CPU_LOCAL = "cpu.local";
    public static final String CPU_REMOTE = "cpu.remote";
    /** iperf3 -J (3.12+): the path MTU of the streams, emitted when it first appears and when it changes. */
    public static final String PMTU = "pmtu";
    /**
     * When the current test's clock started, as UTC seconds since 1970 (a decimal), for logs that say it
     * with a zone: iperf3 -J's start timestamp, iperf 2.1's "on 2026-12-02 12:20:36 (UTC)". Emitted after
     * {@link #RUN}; samples' absolute times are this plus their start.
     */
    public static final String START_UTC = "start.utc";
    /**
     * "ID DIRECTION PORT": the port the connecting end of a stream's connection used ("3 c2s 46778"), from
     * the connect lines, for tools whose two ends number the same streams differently and print them in no
     * fixed order (iperf2): both ends' rows of a flow get the same stream number by it.
     */
    public static final String STREAM_PORT = "stream.port";
    /**
     * Before the name of a netperf omni selector LinkLab gives no role ("omni.P99_LATENCY", or as an -o header titles
     * it, "omni.99th Percentile Latency Microseconds"); the value as netperf printed it.
     */
    public static final String OMNI_SELECTOR_PREFIX = "omni.";
    /** netperf request/response tests: transactions per second. */
    public static final String TRANSACTIONS_PER_SECOND = "transactions_per_second";

    /** Event kinds a tool reports. */
    public static final String SERVER_BUSY = "server-busy";

    public static final String CONNECT_FAILED = "connect-failed";
    public static final String LISTEN_FAILED = "listen-failed";
    public static final String CONNECTION_LOST = "connection-lost";
    public static final String INTERRUPTED = "interrupted";
    /** An interrupted test's totals of the other end, printed as zeros because they were never exchanged. */
    public static final String TOTALS_NOT_EXCHANGED = "totals-not-exchanged";

    public static final String PARAMETER = "parameter";
    public static final String TOOL_ERROR = "tool-error";
    public static final String TOOL_WARNING = "tool-warning";

    /** Event kinds about the input itself (damage), all starting with {@value #INPUT_PREFIX}. */
    public static final String INPUT_PREFIX = "input-";

    public static final String INPUT_TRUNCATED = "input-truncated";
    public static final String INPUT_JUNK = "input-junk";
    public static final String INPUT_SYNTAX = "input-syntax";
    public static final String INPUT_ENCODING = "input-encoding";
    /** An iperf3 JSON interval of a stream its test's start never opened, or an interval before any start. */
    public static final String INPUT_UNKNOWN_STREAM = "input-unknown-stream";

    private ToolMeta() {}

    /** Classifies the text of a tool's error message into a stable kind. */
    public static String classifyError(String message) {
        String m = message.toLowerCase(Locale.ROOT);
        if (m.contains("busy")) {
            return SERVER_BUSY;
        }
        if (m.contains("unable to connect")
                || m.contains("connection refused")
                || m.contains("connect failed")
                || m.contains("no route to host")
                || m.contains("establish control")) {
            return CONNECT_FAILED;
        }
        if (m.contains("unable to start listener") || m.contains("address already in use")) {
            return LISTEN_FAILED;
        }
        if (m.contains("interrupt") || m.contains("has terminated")) {
            return INTERRUPTED;
        }
        if (m.contains("control socket has closed")
                || m.contains("connection reset")
                || m.contains("timed out")
                || m.contains("broken pipe")) {
            return CONNECTION_LOST;
        }
        if (m.contains("parameter")
                || m.contains("invalid")
                || m.contains("unrecognized option")
                || m.contains("ignoring extra argument")
                || m.contains("must be")
                || m.contains("not supported")
                || m.contains("bad ")) {
            return PARAMETER;
        }
        return TOOL_ERROR;
    }

    private static final String[] SMALL_IDS = new String[1024];

    static {
        for (int i = 0; i < SMALL_IDS.length; i++) {
            SMALL_IDS[i] = Integer.toString(i).intern();
        }
    }

    /** The stream id as a shared string, so hot paths do not allocate one per line. */
    public static String streamId(long id) {
        return id >= 0 && id < SMALL_IDS.length ? SMALL_IDS[(int) id] : Long.toString(id);
    }
}
