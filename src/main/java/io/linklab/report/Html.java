package io.linklab.report;

import io.linklab.model.CharEscaper;

/**
 * Text from runs, hosts and lab files as HTML shows it: the one escaper of every page LinkLab writes. A host name
 * {@code <script>}, a kernel string with {@code &} or a lab name with quotes appears as written, in element text and
 * in attribute values alike; characters XML does not allow are dropped, so the page stays well-formed XHTML.
 */
public final class Html {

    private Html() {}

    public static String esc(String s) {
        return ESC.apply(s);
    }

    private static final CharEscaper ESC = c -> switch (c) {
        case '&' -> "&amp;";
        case '<' -> "&lt;";
        case '>' -> "&gt;";
        case '"' -> "&quot;";
        case '\'' -> "&#39;";
        case '\t', '\n', '\r' -> null;
        default -> c >= 0x20 && c != 0xFFFE && c != 0xFFFF ? null : "";
    };
}
