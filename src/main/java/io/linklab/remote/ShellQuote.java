package io.linklab.remote;

import java.util.List;

/**
 * POSIX shell single-quoting: the only way a value reaches a remote shell. Inside single quotes a
 * shell expands nothing ($, `, \, ;, newlines are all literal); a quote itself is written '\''.
 */
public final class ShellQuote {

    private ShellQuote() {}

    /** One argument, quoted so any POSIX shell passes it through unchanged as one word. */
    public static String quote(String arg) {
        if (arg.indexOf('\0') >= 0) {
            // A NUL cannot be passed in an argv at all; it would silently cut the value short.
            throw new IllegalArgumentException("argument contains a NUL character");
        }
        if (!arg.isEmpty() && arg.chars().allMatch(ShellQuote::isPlain)) {
            return arg;
        }
        return "'" + arg.replace("'", "'\\''") + "'";
    }

    /** A whole argument vector as one command line. */
    public static String join(List<String> argv) {
        StringBuilder sb = new StringBuilder();
        for (String a : argv) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(quote(a));
        }
        return sb.toString();
    }

    // Characters no shell treats specially anywhere in a word; everything else gets quoted.
    private static boolean isPlain(int c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || c == '-'
                || c == '_'
                || c == '.'
                || c == '/'
                || c == ','
                || c == ':'
                || c == '@'
                || c == '+'
                || c == '%';
    }
}
