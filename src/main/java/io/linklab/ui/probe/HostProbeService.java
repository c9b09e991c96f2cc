package io.linklab.ui.probe;

import io.linklab.model.HostFacts;
import io.linklab.model.HostSpec;

/**
 * Probes a host. Called on a background thread; may block on the network and on login prompts. A host
 * that cannot be reached or logged in to comes back as failed facts with the reason, not as an exception.
 */
public interface HostProbeService {

    HostFacts probe(HostSpec host) throws InterruptedException;
}
