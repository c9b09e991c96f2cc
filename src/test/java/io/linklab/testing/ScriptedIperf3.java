package io.linklab.testing;

import io.linklab.engine.RunTimings;
import java.time.Duration;

/** What scripted runs share: quick timings and a two-second iperf3 client's text, as 3.12 prints it. */
public final class ScriptedIperf3 {

    /** A client that hangs times out a second after its test time, not twenty; a server may take its usual time. */
    public static final RunTimings QUICK = new RunTimings(
            Duration.ofSeconds(10),
            Duration.ofSeconds(1),
            Duration.ofSeconds(2),
            Duration.ofSeconds(1),
            Duration.ofMillis(200),
            Duration.ofMillis(200));

    public static final String IPERF3_CLIENT_INTERVALS = """
            Connecting to host 198.19.0.2, port 5201
            [  5] local 198.19.0.1 port 47914 connected to 198.19.0.2 port 5201
            [ ID] Interval           Transfer     Bitrate         Retr  Cwnd
            [  5]   0.00-1.00   sec   514 MBytes  4.29 Gbits/sec   27   1023 KBytes
            [  5]   1.00-2.00   sec   546 MBytes  4.60 Gbits/sec   16    895 KBytes
            """;
    public static final String IPERF3_CLIENT_TOTALS = """
            - - - - - - - - - - - - - - - - - - - - - - - - -
            [ ID] Interval           Transfer     Bitrate         Retr
            [  5]   0.00-2.00   sec  1.04 GBytes  4.45 Gbits/sec   43             sender
            [  5]   0.00-2.00   sec  1.03 GBytes  4.42 Gbits/sec                  receiver

            iperf Done.
            """;

    private ScriptedIperf3() {}
}
