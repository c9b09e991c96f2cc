package io.linklab.ui.probe;

import io.linklab.model.HostSpec;

/** Probes a host: called on a background thread; may block on the network and on the host key prompt. */
public interface HostProbeService {

    ProbeReport probe(HostSpec host, HostKeyPrompt prompt) throws InterruptedException;
}
