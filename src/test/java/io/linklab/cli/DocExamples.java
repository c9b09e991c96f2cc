package io.linklab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The command examples of README.md and docs/CLI.md, as CLI.md's "Examples that are run" defines them: a fenced
 * block after a line {@code <!-- example: ATTRIBUTES -->}, whose {@code $ linklab …} line is the command and whose
 * other lines are excerpts of what it prints; and the copies of `--help` (blocks that begin {@code Usage: linklab}).
 */
record DocExamples(List<Example> examples, List<HelpCopy> helpCopies) {

    static final List<Path> DOCS = List.of(Path.of("README.md"), Path.of("docs/CLI.md"));

    /**
     * One example.
     *
     * @param where      file and line of its marker, for messages
     * @param attributes `exit=N`, `lab` (needs the namespace lab), `files=a,b` (written into OUT), `given=a,b`
     *                   (files made in OUT before it runs, a name ending in / a folder)
     * @param command    the words after `linklab`, placeholders not yet replaced
     * @param excerpts   what it prints, stdout or stderr; `…` stands for anything
     */
    record Example(String where, Map<String, String> attributes, List<String> command, List<String> excerpts) {
        boolean lab() {
            return attributes.containsKey("lab");
        }

        int exit() {
            return Integer.parseInt(attributes.getOrDefault("exit", "0"));
        }

        List<String> list(String key) {
            String v = attributes.get(key);
            return v == null || v.isEmpty() ? List.of() : Arrays.asList(v.split(","));
        }

        @Override
        public String toString() {
            return where + ": linklab " + String.join(" ", command);
        }
    }

    /** A copy of `linklab COMMAND --help` in the docs. */
    record HelpCopy(String where, String command, List<String> lines) {
        @Override
        public String toString() {
            return where + ": linklab " + command + " --help";
        }
    }

    private static final Pattern MARKER = Pattern.compile("^<!-- example:?(.*?)-->\\s*$");

    static DocExamples read() throws IOException {
        List<Example> examples = new ArrayList<>();
        List<HelpCopy> help = new ArrayList<>();
        for (Path doc : DOCS) {
            List<String> lines = Files.readAllLines(doc);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = MARKER.matcher(lines.get(i));
                if (m.matches()) {
                    int open = i + 1;
                    if (open >= lines.size() || !lines.get(open).startsWith("```")) {
                        throw new IllegalStateException(doc + ":" + (i + 1) + ": an example marker without a block");
                    }
                    List<String> block = block(lines, open);
                    examples.add(example(doc + ":" + (i + 1), attributes(m.group(1)), block));
                    i = open + block.size() + 1;
                } else if (lines.get(i).startsWith("```")) {
                    List<String> block = block(lines, i);
                    if (!block.isEmpty() && block.get(0).startsWith("Usage: linklab ")) {
                        help.add(new HelpCopy(doc + ":" + (i + 1), block.get(0).split(" ")[2], block));
                    }
                    i = i + block.size() + 1;
                }
            }
        }
        return new DocExamples(examples, help);
    }

    private static List<String> block(List<String> lines, int open) {
        List<String> out = new ArrayList<>();
        for (int j = open + 1; j < lines.size() && !lines.get(j).startsWith("```"); j++) {
            out.add(lines.get(j));
        }
        return out;
    }

    private static Map<String, String> attributes(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String word : text.trim().split("\\s+")) {
            if (!word.isEmpty()) {
                int eq = word.indexOf('=');
                out.put(eq < 0 ? word : word.substring(0, eq), eq < 0 ? "" : word.substring(eq + 1));
            }
        }
        return out;
    }

    private static Example example(String where, Map<String, String> attributes, List<String> block) {
        StringBuilder command = new StringBuilder();
        List<String> excerpts = new ArrayList<>();
        boolean continued = false;
        for (String line : block) {
            if (line.startsWith("$ ") || continued) {
                String text = line.startsWith("$ ") ? line.substring(2) : line;
                continued = text.endsWith("\\");
                command.append(continued ? text.substring(0, text.length() - 1) : text)
                        .append(' ');
            } else if (!line.isBlank()) {
                excerpts.add(line);
            }
        }
        List<String> words = words(command.toString());
        if (words.isEmpty() || !words.get(0).equals("linklab")) {
            throw new IllegalStateException(where + ": an example's block needs a line '$ linklab …'");
        }
        return new Example(where, attributes, words.subList(1, words.size()), excerpts);
    }

    /** A command line split as sh splits it, for the quoting examples use ('…', "…"). */
    static List<String> words(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (char c : line.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                word = word == null ? new StringBuilder() : word;
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    out.add(word.toString());
                    word = null;
                }
            } else {
                word = word == null ? new StringBuilder() : word;
                word.append(c);
            }
        }
        if (word != null) {
            out.add(word.toString());
        }
        return out;
    }

    /** {@code text} with each placeholder replaced. */
    static String fill(String text, Map<String, String> placeholders) {
        String out = text;
        for (Map.Entry<String, String> p : placeholders.entrySet()) {
            out = out.replaceAll("\\b" + Pattern.quote(p.getKey()) + "\\b", Matcher.quoteReplacement(p.getValue()));
        }
        return out;
    }

    /**
     * The first piece of the excerpts that {@code printed} lacks, or null when it has them all: the excerpts are
     * cut at each `…` (anything), and each piece must be printed as it is, whitespace collapsed (the docs wrap
     * long lines). Pieces are looked for anywhere: stdout and stderr are two streams, not one in order.
     */
    static String missing(List<String> excerpts, String printed) {
        String text = printed.replaceAll("\\s+", " ");
        for (String part : String.join(" ", excerpts).replaceAll("\\s+", " ").split("…")) {
            String p = part.strip();
            if (!p.isEmpty() && !text.contains(p)) {
                return p;
            }
        }
        return null;
    }
}
