package io.linklab.model;

/**
 * How one output format escapes text, one character at a time: the rule for each character is the format's, the
 * walk over the text is this one. Markdown and HTML escape different characters but walk the text alike.
 */
@FunctionalInterface
public interface CharEscaper {

    /** What {@code c} becomes: null to keep it as it is, "" to leave it out, else the text written in its place. */
    String escape(char c);

    /** {@code s} with each of its characters escaped; "" for null. */
    default String apply(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String replacement = escape(c);
            if (replacement == null) {
                out.append(c);
            } else {
                out.append(replacement);
            }
        }
        return out.toString();
    }
}
