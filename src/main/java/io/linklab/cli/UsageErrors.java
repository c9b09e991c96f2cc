package io.linklab.cli;

import java.io.PrintWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.OverwrittenOptionException;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * How the command line answers what the user got wrong: one message on stderr that names the flag (with
 * picocli's "did you mean" where a name is misspelt) and exit status 2; a bug of ours is exit 1 with the error.
 */
final class UsageErrors {

    private UsageErrors() {}

    /** Options that are unknown, misspelt, given twice, or lack their value. */
    static int badParameter(ParameterException e, String[] args) {
        CommandLine cl = e.getCommandLine();
        String message = e instanceof UnmatchedArgumentException u
                ? unmatched(cl, u)
                : e instanceof OverwrittenOptionException
                        ? repeated(cl, args).orElse(e.getMessage() + ".")
                        : e.getMessage() + ".";
        cl.getErr()
                .println(prefix(cl) + message + " Run '" + cl.getCommandSpec().qualifiedName() + " --help' for "
                        + (cl.getParent() == null ? "the commands." : "the options."));
        return Cli.USAGE;
    }

    /** A subcommand's own verdict: {@link UsageException} is bad input (2), anything else is ours (1). */
    static int failedCommand(Exception e, CommandLine cl, ParseResult parsed) {
        PrintWriter err = cl.getErr();
        if (e instanceof UsageException) {
            err.println(prefix(cl) + e.getMessage());
            return Cli.USAGE;
        }
        // A bug of ours, not the user's: say so plainly, keep the details for the report.
        err.println(prefix(cl) + "internal error: " + e);
        return Cli.FAILED;
    }

    private static String prefix(CommandLine cl) {
        return cl.getParent() == null ? "linklab: " : "linklab " + cl.getCommandName() + ": ";
    }

    private static String unmatched(CommandLine cl, UnmatchedArgumentException e) {
        List<String> args = e.getUnmatched();
        String first = args.stream().filter(a -> a.startsWith("-")).findFirst().orElse(args.get(0));
        String message;
        if (first.startsWith("-")) {
            message = "unknown option '" + first.replaceFirst("=.*", "") + "'.";
        } else if (cl.getParent() == null) {
            message = "unknown subcommand '" + first + "'.";
        } else {
            message = "unexpected argument '" + first + "' (options start with --).";
        }
        List<String> like =
                first.startsWith("-") || cl.getParent() != null ? e.getSuggestions() : closeSubcommands(cl, first);
        if (!like.isEmpty()) {
            message += " Did you mean " + String.join(" or ", like.subList(0, Math.min(3, like.size()))) + "?";
        }
        return message;
    }

    /**
     * The subcommands within two edits of what was typed, closest first: picocli's own suggestions for
     * subcommands go by shared letters (`tset` got `completion`), not by typing slips.
     */
    static List<String> closeSubcommands(CommandLine cl, String typed) {
        return cl.getSubcommands().keySet().stream()
                .filter(name -> editDistance(typed, name) <= 2)
                .sorted(java.util.Comparator.comparingInt((String name) -> editDistance(typed, name)))
                .toList();
    }

    /** Insertions, deletions, substitutions and swaps of two neighbouring letters (optimal string alignment). */
    static int editDistance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    /** An option given twice, named with all its names (`-P/--streams`), as the user may have typed either. */
    private static Optional<String> repeated(CommandLine cl, String[] args) {
        Map<OptionSpec, Integer> seen = new HashMap<>();
        for (String a : args) {
            String name = a.startsWith("--")
                    ? a.replaceFirst("=.*", "")
                    : a.matches("-[A-Za-z].*") ? a.substring(0, 2) : null;
            OptionSpec option = name == null ? null : cl.getCommandSpec().findOption(name);
            if (option != null && seen.merge(option, 1, Integer::sum) == 2) {
                return Optional.of(String.join("/", option.names()) + " is given twice; give each option once.");
            }
        }
        return Optional.empty();
    }

    /** Counts: ports, streams, seconds. */
    static Integer wholeNumber(String value) {
        missingValue(value);
        try {
            return Integer.valueOf(value.strip());
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + value + "' is not a whole number");
        }
    }

    /** Seconds that may have a fraction (--interval 0.5). */
    static Double seconds(String value) {
        missingValue(value);
        try {
            return Double.valueOf(value.strip());
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + value + "' is not a number of seconds such as 1 or 0.5");
        }
    }

    /** `--duration --out X`: picocli takes the next option as the value; say what happened instead. */
    private static void missingValue(String value) {
        if (value.matches("--?[A-Za-z].*")) {
            throw new TypeConversionException("the value is missing ('" + value + "' is the next option)");
        }
    }
}
