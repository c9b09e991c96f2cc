package io.linklab.tools.iperf3;

import static io.linklab.tools.iperf3.Iperf3JsonPlaces.CONNECTION;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.END;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.E_CPU;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.E_RECEIVER;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.E_SENDER;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.E_SUM;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.E_SUM_RECEIVED;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.E_SUM_RECEIVED_REV;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.E_SUM_SENT;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.E_SUM_SENT_REV;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.E_UDP;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.FIELDS;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.F_BPS;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.F_BYTES;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.F_CWND;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.F_END;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.F_HOST_TOTAL;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.F_JITTER;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.F_LOST;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.F_OMITTED;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.F_PACKETS;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.F_PMTU;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.F_REMOTE_TOTAL;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.F_RETR;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.F_RTT;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.F_RTTVAR;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.F_SENDER;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.F_SOCKET;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.F_START;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.I_STREAM;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.I_SUM;
import static io.linklab.tools.iperf3.Iperf3JsonPlaces.I_SUM_REV;

import io.linklab.model.Direction;
import io.linklab.model.MeasurementSink;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.ToolEvent;
import io.linklab.tools.ToolMeta;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * The current iperf3 test as its JSON is read: which end printed it and which way data flows, the numbers of
 * the leaf object being read, and the end totals held until the test's "end" closes (CPU figures come last
 * and belong to the SUM totals). A closed leaf becomes a {@link Sample} or a held {@link Summary}.
 */
final class Iperf3JsonTotals {

    /**
     * iperf3 writes one UDP end object per stream ("udp") and one total ("sum") for both ends: bytes and rate
     * are the sender's count (iperf_print_results uses bytes_sent, from the peer's results when this end
     * received), while jitter and loss are what the receiver measured. Their role is inferred, so say so.
     */
    static final String UDP_MIXED_NOTE = "role inferred: sender's bytes and rate, receiver's jitter and loss"
            + " (iperf3 writes one UDP total for both ends)";

    /** Marks the pre-3.x UDP "end.sum" total until it is known whether sum_sent/sum_received follow. */
    private static final String OLD_UDP_SUM = "SUM*";

    private final MeasurementSink sink;
    private final double[] val = new double[FIELDS];
    private final boolean[] has = new boolean[FIELDS];

    private boolean client = true;
    private boolean reverse;
    private final List<Summary> endTotals = new ArrayList<>();
    private final HeldTotals held = new HeldTotals();
    private boolean endedByError;
    private final LongSupplier line;
    /** The sockets the current test's start event connected, and those already reported as never opened. */
    private final Set<Long> opened = new HashSet<>();

    private final Set<Long> reportedUnknown = new HashSet<>();
    private boolean sawStart;
    private boolean sawSumSentOrReceived;
    private Double cpuLocal;
    private Double cpuRemote;
    private double pmtu;

    /** @param line the line being parsed, for messages */
    Iperf3JsonTotals(MeasurementSink sink, LongSupplier line) {
        this.sink = sink;
        this.line = line;
    }

    /** Every document (and every --json-stream test) opens with "start": a new test, so the last one is over. */
    void startTest() {
        testOver();
        client = true;
        endedByError = false;
        sawStart = true;
        opened.clear();
        reportedUnknown.clear();
        reverse = false;
        endTotals.clear();
        sawSumSentOrReceived = false;
        cpuLocal = null;
        cpuRemote = null;
    }

    void startLeaf() {
        Arrays.fill(has, false);
    }

    void set(int field, double value) {
        val[field] = value;
        has[field] = true;
    }

    /**
     * An error ended the test (a --json-stream "error" event: a signal, the other end gone): the other end's totals,
     * never exchanged, come as zeros and are left out, as the text parser leaves them out.
     */
    void endedByError() {
        endedByError = true;
    }

    /** Which end printed the output, from "connecting_to" or "accepted_connection". */
    void printedByClient(boolean byClient) {
        client = byClient;
    }

    void reverse(boolean r) {
        reverse = r;
    }

    boolean reverse() {
        return reverse;
    }

    /** A container of place {@code c} closed; {@code server} when it is inside a --get-server-output section. */
    void closed(int c, boolean server) {
        switch (c) {
            case CONNECTION:
                if (has[F_SOCKET]) {
                    opened.add((long) val[F_SOCKET]);
                }
                break;
            case I_STREAM:
                checkOpened();
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
                endTotals.add(
                        total(server, streamId(), Role.SENDER, direction()).withNote(UDP_MIXED_NOTE));
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
    }

    /**
     * An interval of a stream that its test's start event never connected (or one before any start: a log that
     * begins mid-test) is kept, but said once per stream: its id cannot be matched to a connection.
     */
    private void checkOpened() {
        long socket = has[F_SOCKET] ? (long) val[F_SOCKET] : -1;
        if (sawStart && (opened.isEmpty() || opened.contains(socket))) {
            return;
        }
        if (!reportedUnknown.add(socket)) {
            return;
        }
        String stream = socket < 0 ? "a stream without a socket id" : "stream " + socket;
        String why = sawStart
                ? "its test's start event connected only "
                        + opened.stream().sorted().toList()
                : "no start event came before it (the log begins in the middle of a test?)";
        sink.event(ToolEvent.warning(
                ToolMeta.INPUT_UNKNOWN_STREAM,
                "line " + line.getAsLong() + ": an interval of " + stream + ", but " + why + "; its samples are kept",
                line.getAsLong()));
    }

    /**
     * The end event closed, or a damaged document is cut: its totals go to the sink, except the other end's
     * zeros, which wait for the test to be over. A stopped iperf3 can print its end event twice, the first time
     * before the "error" event that says it was interrupted (seen in a lab run: totals at 2.00 s with the
     * receiver's zeros, then the error, then totals again at 2.01 s), so only the end of its output decides.
     */
    void flushEndTotals() {
        for (Summary s : endTotals) {
            if (s.stream().equals(OLD_UDP_SUM)) {
                // Old UDP "sum": only when the newer sum_sent/sum_received are absent.
                if (sawSumSentOrReceived) {
                    continue;
                }
                s = s.asSum();
            }
            if (s.isSum() && (cpuLocal != null || cpuRemote != null)) {
                s = s.withCpu(cpuLocal, cpuRemote);
            }
            held.add(s, Iperf3TextParser.SERVER_OUTPUT.equals(s.process()) || !client, sink);
        }
        endTotals.clear();
        sawSumSentOrReceived = false;
    }

    /**
     * The test is over (the next one starts, a damaged document is cut, or the output ends): the held totals go
     * to the sink, without the other end's zeros if an "error" event anywhere in the test said an error ended
     * it.
     */
    void testOver() {
        flushEndTotals();
        if (endedByError) {
            held.endedByError();
        }
        held.release(sink, 0);
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
        return new Sample(
                server ? Iperf3TextParser.SERVER_OUTPUT : null,
                stream,
                d,
                val[F_START],
                val[F_END],
                longOrNull(F_BYTES),
                doubleOrNull(F_BPS),
                longOrNull(F_RETR),
                longOrNull(F_CWND),
                has[F_RTT] ? val[F_RTT] / 1000.0 : null,
                doubleOrNull(F_JITTER),
                longOrNull(F_LOST),
                longOrNull(F_PACKETS),
                has[F_OMITTED] && val[F_OMITTED] != 0,
                view(server, d),
                null,
                null,
                // iperf3 prints rtt and rttvar in microseconds
                has[F_RTTVAR] ? val[F_RTTVAR] / 1000.0 : null,
                longOrNull(F_PMTU));
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
        return new Summary(
                server ? Iperf3TextParser.SERVER_OUTPUT : null,
                stream,
                direction,
                role,
                val[F_START],
                val[F_END],
                longOrNull(F_BYTES),
                doubleOrNull(F_BPS),
                longOrNull(F_RETR),
                doubleOrNull(F_JITTER),
                longOrNull(F_LOST),
                longOrNull(F_PACKETS),
                null,
                null,
                null,
                null,
                null);
    }
}
