package io.linklab.remote;

import java.util.ArrayList;
import java.util.List;

/**
 * A command to run on a host, as an argument vector of already validated values. Transports quote
 * every element; nothing here is ever pasted into a shell line unquoted.
 *
 * @param argv        program and arguments
 * @param privileged  needs root (run directly when the login is root, else through {@code sudo -n})
 * @param description what it is for, in words a user reads in progress and error messages
 */
public record RemoteCommand(List<String> argv, boolean privileged, String description) {

    public RemoteCommand {
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("empty command");
        }
        argv = List.copyOf(argv);
    }

    /** The argument vector as it runs: through {@code sudo -n --} when it needs root the login lacks. */
    public List<String> argvAsRun(boolean sudo) {
        if (!sudo) {
            return argv;
        }
        List<String> withSudo = new ArrayList<>(argv.size() + 3);
        withSudo.addAll(List.of("sudo", "-n", "--"));
        withSudo.addAll(SudoHelpers.forSudo(argv));
        return withSudo;
    }

    /**
     * The command line exactly as it runs, quoted by {@link ShellQuote}: what transports execute and what
     * previews, run records and exported scripts show.
     */
    public String lineAsRun(boolean sudo) {
        return ShellQuote.join(argvAsRun(sudo));
    }

    public static RemoteCommand of(String description, String... argv) {
        return new RemoteCommand(List.of(argv), false, description);
    }

    public static RemoteCommand privileged(String description, String... argv) {
        return new RemoteCommand(List.of(argv), true, description);
    }
}
