package io.linklab.model;

/**
 * Text from hosts and from files others wrote, made safe to print: a terminal acts on control characters (an
 * {@code ESC ]52} sequence writes the clipboard, cursor moves overwrite lines already printed), so every C0 and C1
 * control but the tab is shown as {@code \xNN} instead.
 */
public final class Printable {

    private Printable() {}

    /** {@code text} with its control characters shown escaped; "" for null. */
    public static String clean(String text) {
        if (text == null) {
            return "";
        }
        int i = 0;
        while (i < text.length() && !isControl(text.charAt(i))) {
            i++;
        }
        if (i == text.length()) {
            return text;
        }
        StringBuilder sb = new StringBuilder(text.length() + 16).append(text, 0, i);
        for (; i < text.length(); i++) {
            char c = text.charAt(i);
            if (isControl(c)) {
                sb.append(String.format("\\x%02x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** {@link #clean}, cut to 80 characters: how a message quotes a value it refuses, which may be a megabyte. */
    public static String brief(String text) {
        String shown = clean(text);
        return shown.length() > 80 ? shown.substring(0, 77) + "..." : shown;
    }

    /** {@link #clean} for text that keeps its line breaks: each line cleaned, joined with '\n' again. */
    public static String cleanLines(String text) {
        if (text == null) {
            return "";
        }
        String[] lines = text.split("\r?\n", -1);
        StringBuilder sb = new StringBuilder(text.length());
        for (int k = 0; k < lines.length; k++) {
            if (k > 0) {
                sb.append('\n');
            }
            sb.append(clean(lines[k]));
        }
        return sb.toString();
    }

    private static boolean isControl(char c) {
        return (c < 0x20 && c != '\t') || (c >= 0x7f && c <= 0x9f);
    }
}
