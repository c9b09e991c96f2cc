package io.linklab.engine;

import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;

/** Opens the transport for a login ("user@host[:port]" or "local"); the caller closes it. */
@FunctionalInterface
public interface TransportFactory {

    Transport open(String login) throws TransportException;
}
