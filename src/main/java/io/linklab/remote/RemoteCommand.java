package io.linklab.remote;

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

    public static RemoteCommand of(String description, String... argv) {
        return new RemoteCommand(List.of(argv), false, description);
    }

    public static RemoteCommand privileged(String description, String... argv) {
        return new RemoteCommand(List.of(argv), true, description);
    }
}
