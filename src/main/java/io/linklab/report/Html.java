package io.linklab.report;

/**
 * Text from runs, hosts and lab files as HTML shows it: the one escaper of every page LinkLab writes. A host name
 * {@code <script>}, a kernel string with {@code &} or a lab name with quotes appears as written, in element text and
 * in attribute values alike; characters XML does not allow are dropped, so the page stays well-formed XHTML.
 */
public final class Html {

    private Html() {}

    public static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                case '\t', '\n', '\r' -> out.append(c);
                default -> {
                    if (c >= 0x20 && c != 0xFFFE && c != 0xFFFF) {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }
}
