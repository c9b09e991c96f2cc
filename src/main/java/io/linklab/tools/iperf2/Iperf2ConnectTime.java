package io.linklab.tools.iperf2;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** When iperf 2.1 says a connection was made, read off its connect line. */
final class Iperf2ConnectTime {

    private Iperf2ConnectTime() {}

    private static final Pattern CONNECTED_AT =
            Pattern.compile(" on (\\d{4}-\\d{2}-\\d{2}) (\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?) \\((UTC|GMT)\\)");

    /**
     * iperf 2.1's connect time ("… on 2026-12-02 12:20:36 (UTC)") as UTC seconds since 1970, or null: a time
     * in another zone ("(CET)") is left out, as its abbreviation does not say the offset for certain.
     */
    static String connectedAtUtc(String line) {
        if (line.indexOf(" on ") < 0) {
            return null;
        }
        Matcher m = CONNECTED_AT.matcher(line);
        if (!m.find()) {
            return null;
        }
        try {
            Instant at = LocalDateTime.parse(m.group(1) + "T" + m.group(2)).toInstant(ZoneOffset.UTC);
            return BigDecimal.valueOf(at.getEpochSecond())
                    .add(BigDecimal.valueOf(at.getNano(), 9))
                    .stripTrailingZeros()
                    .toPlainString();
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
