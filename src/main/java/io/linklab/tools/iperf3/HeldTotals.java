package io.linklab.tools.iperf3;

import io.linklab.model.Direction;
import io.linklab.model.MeasurementSink;
import io.linklab.model.Role;
import io.linklab.model.Summary;
import io.linklab.model.ToolEvent;
import io.linklab.tools.ToolMeta;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The end-of-test totals of one iperf3 test on their way to the sink. An iperf3 whose test an error ended ("interrupt
 * - the client has terminated", "the server has terminated", "control socket has closed unexpectedly", 3.21's
 * "getsockopt - Bad file descriptor" when its server was stopped first) prints the totals of the other end as 0.00
 * Bytes: the two ends never exchanged their results, so those zeros were never measured and are left out. Whether the
 * interruption message comes before or after the totals depends on how stdout and stderr reach the reader, so
 * such a zero is held until the test is over; every other total passes at once. A total printed twice (a signal
 * after the end makes iperf3 print its report again) passes once.
 */
final class HeldTotals {

    /** A total waiting for the end of its test; {@code peerZero}: the other end's figures, printed as zero. */
    private record Held(Summary total, boolean peerZero) {}

    private final List<Summary> seen = new ArrayList<>();
    private final List<Held> held = new ArrayList<>();
    private boolean endedByError;

    /** @param printedByServer whether the output is the server's (its own view is the receiver's of client→server) */
    void add(Summary s, boolean printedByServer, MeasurementSink sink) {
        for (Summary h : seen) {
            if (sameTotal(h, s)) {
                return;
            }
        }
        seen.add(s);
        boolean peerZero =
                s.role() == peerRole(printedByServer, s.direction()) && (s.bytes() == null || s.bytes() == 0);
        // Behind a held total the others wait too: they reach the sink in the order they were printed.
        if (peerZero || !held.isEmpty()) {
            held.add(new Held(s, peerZero));
        } else {
            sink.summary(s);
        }
    }

    /** iperf3 said that an error (a signal, the other end gone) ended the test before it was over. */
    void endedByError() {
        endedByError = true;
    }

    /**
     * The test is over: passes on the held totals, without the other end's zeros if an error ended it (and says
     * what was left out), and starts over for the next test.
     */
    void release(MeasurementSink sink, long lineNo) {
        List<String> left = new ArrayList<>();
        for (Held h : held) {
            Summary s = h.total();
            if (endedByError && h.peerZero()) {
                String what = s.role().csv()
                        + (s.direction() == null ? "" : " " + s.direction().csv());
                if (!left.contains(what)) {
                    left.add(what);
                }
            } else {
                sink.summary(s);
            }
        }
        if (!left.isEmpty()) {
            sink.event(ToolEvent.warning(
                    ToolMeta.TOTALS_NOT_EXCHANGED,
                    "iperf3 was interrupted before its two ends "
                            + "exchanged their results, so the " + String.join(", ", left) + " total"
                            + (left.size() == 1 ? "" : "s") + " it printed as 0 bytes "
                            + (left.size() == 1 ? "is" : "are")
                            + " left out (not measured); the other end's own output has "
                            + (left.size() == 1 ? "it" : "them"),
                    lineNo));
        }
        seen.clear();
        held.clear();
        endedByError = false;
    }

    /** The role whose figures only the other end knows: what it sent to us or received from us. */
    static Role peerRole(boolean printedByServer, Direction direction) {
        boolean towardsServer = direction != Direction.S2C;
        return printedByServer == towardsServer ? Role.SENDER : Role.RECEIVER;
    }

    private static boolean sameTotal(Summary a, Summary b) {
        return Objects.equals(a.process(), b.process())
                && a.stream().equals(b.stream())
                && a.direction() == b.direction()
                && a.role() == b.role()
                && a.startS() == b.startS()
                && a.endS() == b.endS();
    }
}
