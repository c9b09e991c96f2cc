package io.linklab.engine;

import io.linklab.remote.Transport;

/**
 * The two ends of a run once logged in: a transport each (the same one when both ends are one host) and the
 * label that messages name each by.
 */
record RunHosts(Transport client, String clientLabel, Transport server, String serverLabel) {

    boolean oneHost() {
        return client == server;
    }
}
