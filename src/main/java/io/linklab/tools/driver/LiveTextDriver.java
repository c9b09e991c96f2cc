package io.linklab.tools.driver;

import io.linklab.model.Tool;
import io.linklab.remote.RemoteCommand;
import io.linklab.tools.LogFormat;

/**
 * A driver whose facts are one value each (the text format it asks for, how it prints its version, the line that
 * says its server listens), so that a driver's class holds only how it builds its server and client.
 */
abstract class LiveTextDriver implements ToolDriver {

    /**
     * @param version     the program with the flag that prints its version: it names the program preflight checks
     * @param readyPrefix how the server's output line that means it accepts connections begins
     */
    record Facts(LogFormat format, RemoteCommand version, String readyPrefix) {}

    private final Facts facts;

    LiveTextDriver(Facts facts) {
        this.facts = facts;
    }

    @Override
    public final Tool tool() {
        return facts.format().tool();
    }

    @Override
    public final String program() {
        return facts.version().argv().get(0);
    }

    @Override
    public final RemoteCommand version() {
        return facts.version();
    }

    @Override
    public final boolean serverReady(String line) {
        return line.startsWith(facts.readyPrefix());
    }

    @Override
    public final LogFormat liveFormat() {
        return facts.format();
    }
}
