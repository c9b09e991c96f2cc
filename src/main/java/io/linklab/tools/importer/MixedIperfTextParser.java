package io.linklab.tools.importer;

import io.linklab.model.MeasurementSink;
import io.linklab.tools.LogFormat;
import io.linklab.tools.StreamingParser;
import io.linklab.tools.TextScanner;
import io.linklab.tools.iperf2.Iperf2TextParser;
import io.linklab.tools.iperf3.Iperf3TextParser;

/**
 * A text log holding both iperf3 and iperf2 outputs, as notes comparing the two do: each tool's banner
 * hands the lines that follow to that tool's parser.
 */
public final class MixedIperfTextParser implements StreamingParser {

    private final Iperf3TextParser iperf3;
    private final Iperf2TextParser iperf2;
    private StreamingParser active;

    public MixedIperfTextParser(MeasurementSink sink, LogFormat first) {
        this.iperf3 = new Iperf3TextParser(sink);
        this.iperf2 = new Iperf2TextParser(sink);
        this.active = first == LogFormat.IPERF2 ? iperf2 : iperf3;
    }

    @Override
    public void feed(String line) {
        if (active != iperf2
                && (line.contains("Client connecting to ")
                        || line.contains("Server listening on TCP port")
                        || line.contains("Server listening on UDP port"))) {
            switchTo(iperf2);
        } else if (active != iperf3 && (line.contains("Connecting to host ") || isIperf3ServerBanner(line))) {
            switchTo(iperf3);
        }
        active.feed(line);
    }

    private static boolean isIperf3ServerBanner(String line) {
        int at = line.indexOf("Server listening on ");
        int digit = at + "Server listening on ".length();
        return at >= 0 && digit < line.length() && TextScanner.isDigit(line.charAt(digit));
    }

    private void switchTo(StreamingParser next) {
        active.finish();
        active = next;
    }

    @Override
    public void finish() {
        active.finish();
    }
}
