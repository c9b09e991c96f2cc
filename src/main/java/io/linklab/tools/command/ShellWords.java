package io.linklab.tools.command;

import java.util.List;
import java.util.regex.Pattern;

/** Shows an argument vector as a POSIX shell line, quoting only what needs it, for previews and run records. */
public final class ShellWords {

    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./\\-]+");

    private ShellWords() {
    }

    public static String quote(String word) {
        if (!word.isEmpty() && SAFE.matcher(word).matches()) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }

    public static String join(List<String> argv) {
        StringBuilder sb = new StringBuilder();
        for (String w : argv) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(quote(w));
        }
        return sb.toString();
    }
}
