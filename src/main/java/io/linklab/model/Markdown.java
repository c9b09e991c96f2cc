package io.linklab.model;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Values from runs, hosts and lab files as a Markdown report shows them: as plain text, and as link targets only
 * within the report's own folder. A report is opened in previews that pass HTML, so a value must never become
 * markup, a link elsewhere or a script.
 */
public final class Markdown {

    private Markdown() {}

    /**
     * {@code s} as plain text in a heading, a list or a table cell. Line breaks become spaces (a value cannot end
     * the table or start a heading), Markdown punctuation is backslash-escaped (it cannot become a link, emphasis
     * or another column), HTML is written as entities, and other control characters are left out.
     */
    public static String text(String s) {
        return TEXT.apply(s);
    }

    private static final CharEscaper TEXT = c -> switch (c) {
        case '\r', '\n', '\t', '\u0085', '\u2028', '\u2029' -> " ";
        case '<' -> "&lt;";
        case '>' -> "&gt;";
        case '&' -> "&amp;";
        case '\\', '`', '*', '_', '[', ']', '|', '~', '#' -> "\\" + c;
        default -> Character.isISOControl(c) ? "" : null;
    };

    /**
     * {@code path} as a link target relative to the report's folder, every byte but letters, digits, '-', '.', '_',
     * '~' and '/' percent-encoded; empty when it is no such path: one with a scheme or any ':' (javascript:,
     * https:), an absolute one, or one with a ".." step.
     */
    public static Optional<String> relativeTarget(String path) {
        if (path == null || path.isEmpty() || path.indexOf(':') >= 0 || path.startsWith("/")) {
            return Optional.empty();
        }
        for (String step : path.split("/", -1)) {
            if (step.equals("..")) {
                return Optional.empty();
            }
        }
        StringBuilder out = new StringBuilder();
        for (byte b : path.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "-._~/".indexOf(c) >= 0) {
                out.append((char) c);
            } else {
                out.append('%').append(String.format("%02X", c));
            }
        }
        return Optional.of(out.toString());
    }
}
