package io.linklab.engine;

import java.nio.file.Path;

/** How a run ended. The message says what failed and what to do, for the user. */
public record RunOutcome(Status status, String message, Path runDir) {

    public enum Status {
        OK,
        FAILED,
        CANCELLED
    }

    public boolean ok() {
        return status == Status.OK;
    }
}
