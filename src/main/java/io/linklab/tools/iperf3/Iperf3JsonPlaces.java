package io.linklab.tools.iperf3;

/**
 * Where a JSON container or scalar sits in an iperf3 -J document or --json-stream event: the places of
 * containers (a child's follows from its parent's and its field name) and the scalar fields of the leaf
 * objects (interval streams, sums, end totals, CPU) that become samples and totals.
 */
final class Iperf3JsonPlaces {

    // Where a container sits in an iperf3 document. Children's places follow from their parent's.
    static final int OTHER = 0;
    static final int ROOT = 1;
    static final int START = 2;
    static final int TEST_START = 3;
    static final int CONNECTING_TO = 4;
    static final int ACCEPTED = 5;
    static final int INTERVALS = 6;
    static final int INTERVAL = 7;
    static final int I_STREAMS = 8;
    static final int I_STREAM = 9;
    static final int I_SUM = 10;
    static final int I_SUM_REV = 11;
    static final int END = 12;
    static final int E_STREAMS = 13;
    static final int E_STREAM = 14;
    static final int E_SENDER = 15;
    static final int E_RECEIVER = 16;
    static final int E_UDP = 17;
    static final int E_SUM_SENT = 18;
    static final int E_SUM_RECEIVED = 19;
    static final int E_SUM = 20;
    static final int E_SUM_SENT_REV = 21;
    static final int E_SUM_RECEIVED_REV = 22;
    static final int E_CPU = 23;
    static final int SERVER_OUTPUT = 24;
    static final int TIMESTAMP = 25;
    static final int CONNECTED = 26;
    static final int CONNECTION = 27;

    // Scalar fields of the leaf objects (interval streams, sums, end totals, CPU).
    static final int F_SOCKET = 0;
    static final int F_START = 1;
    static final int F_END = 2;
    static final int F_BYTES = 3;
    static final int F_BPS = 4;
    static final int F_RETR = 5;
    static final int F_CWND = 6;
    static final int F_RTT = 7;
    static final int F_JITTER = 8;
    static final int F_LOST = 9;
    static final int F_PACKETS = 10;
    static final int F_HOST_TOTAL = 11;
    static final int F_REMOTE_TOTAL = 12;
    static final int F_OMITTED = 13;
    static final int F_SENDER = 14;
    static final int F_PMTU = 15;
    static final int F_RTTVAR = 16;
    static final int FIELDS = 17;

    private Iperf3JsonPlaces() {}

    /** The place of a container opened in {@code parent} under {@code f} (null in an array), in --json-stream {@code event}. */
    static int child(int parent, String f, String event) {
        switch (parent) {
            case ROOT:
            case SERVER_OUTPUT:
                if (f == null) {
                    return OTHER;
                }
                if (f.equals("data") && event != null) {
                    switch (event) {
                        case "start":
                            return START;
                        case "interval":
                            return INTERVAL;
                        case "end":
                            return END;
                        default:
                            return OTHER;
                    }
                }
                switch (f) {
                    case "start":
                        return START;
                    case "intervals":
                        return INTERVALS;
                    case "end":
                        return END;
                    default:
                        return OTHER;
                }
            case START:
                if ("test_start".equals(f)) {
                    return TEST_START;
                }
                if ("connecting_to".equals(f)) {
                    return CONNECTING_TO;
                }
                if ("accepted_connection".equals(f)) {
                    return ACCEPTED;
                }
                if ("timestamp".equals(f)) {
                    return TIMESTAMP;
                }
                if ("connected".equals(f)) {
                    return CONNECTED;
                }
                return OTHER;
            case CONNECTED:
                return CONNECTION;
            case INTERVALS:
                return INTERVAL;
            case INTERVAL:
                if (f == null) {
                    return OTHER;
                }
                switch (f) {
                    case "streams":
                        return I_STREAMS;
                    case "sum":
                        return I_SUM;
                    case "sum_bidir_reverse":
                        return I_SUM_REV;
                    default:
                        return OTHER;
                }
            case I_STREAMS:
                return I_STREAM;
            case END:
                if (f == null) {
                    return OTHER;
                }
                switch (f) {
                    case "streams":
                        return E_STREAMS;
                    case "sum_sent":
                        return E_SUM_SENT;
                    case "sum_received":
                        return E_SUM_RECEIVED;
                    case "sum":
                        return E_SUM;
                    case "sum_sent_bidir_reverse":
                        return E_SUM_SENT_REV;
                    case "sum_received_bidir_reverse":
                        return E_SUM_RECEIVED_REV;
                    case "cpu_utilization_percent":
                        return E_CPU;
                    default:
                        return OTHER;
                }
            case E_STREAMS:
                return E_STREAM;
            case E_STREAM:
                if (f == null) {
                    return OTHER;
                }
                switch (f) {
                    case "sender":
                        return E_SENDER;
                    case "receiver":
                        return E_RECEIVER;
                    case "udp":
                        return E_UDP;
                    default:
                        return OTHER;
                }
            default:
                return OTHER;
        }
    }

    static boolean isLeaf(int c) {
        return c >= I_STREAM
                && c != INTERVALS
                && c != END
                && c != E_STREAMS
                && c != E_STREAM
                && c != SERVER_OUTPUT
                && c != I_STREAMS
                && c != TIMESTAMP
                && c != CONNECTED;
    }

    static int fieldIndex(String f) {
        switch (f) {
            case "socket":
                return F_SOCKET;
            case "start":
                return F_START;
            case "end":
                return F_END;
            case "bytes":
                return F_BYTES;
            case "bits_per_second":
                return F_BPS;
            case "retransmits":
                return F_RETR;
            case "snd_cwnd":
                return F_CWND;
            case "rtt":
                return F_RTT;
            case "jitter_ms":
                return F_JITTER;
            case "lost_packets":
                return F_LOST;
            case "packets":
                return F_PACKETS;
            case "host_total":
                return F_HOST_TOTAL;
            case "remote_total":
                return F_REMOTE_TOTAL;
            case "omitted":
                return F_OMITTED;
            case "sender":
                return F_SENDER;
            case "pmtu":
                return F_PMTU;
            case "rttvar":
                return F_RTTVAR;
            default:
                return -1;
        }
    }
}
