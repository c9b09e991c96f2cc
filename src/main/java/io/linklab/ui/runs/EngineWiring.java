package io.linklab.ui.runs;

import io.linklab.engine.ParserFactory;
import io.linklab.engine.ResultsStore;
import io.linklab.engine.TestEngine;
import io.linklab.engine.TransportFactory;
import io.linklab.model.HostSpec;
import io.linklab.model.Topology;
import io.linklab.remote.LocalTransport;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshConnector;
import io.linklab.remote.SshSettings;
import io.linklab.remote.SshTarget;
import io.linklab.remote.TransportException;
import io.linklab.ui.history.RunLibrary;
import io.linklab.ui.history.StoreLibrary;
import java.nio.file.Path;

/**
 * How the runs area reaches the engine: its results store, the live parsers, and SSH where a plan's login is
 * looked up in the topology first, so that host's key file and jump host apply (the engine's LoginTransports
 * knows only the login text).
 */
public final class EngineWiring {

    private EngineWiring() {
    }

    static RunLibrary library() {
        return new StoreLibrary(ResultsStore.defaultStore());
    }

    static RunLauncher launcher() {
        return launcher(ResultsStore.defaultStore(), SshSettings.defaults());
    }

    static Path importsDir() {
        return ResultsStore.defaultStore().root().resolveSibling("imports");
    }

    /**
     * Runs go into {@code store}; a plan's logins are looked up in the topology so a host's key file and jump
     * host apply, and unknown host keys are refused unless {@code settings} accepts them.
     */
    public static RunLauncher launcher(ResultsStore store, SshSettings settings) {
        ParserFactory parsers = ParserFactory.live();
        return (plan, topology, listener) -> {
            TestEngine engine = new TestEngine(store, transports(settings, topology), parsers);
            return engine.start(plan, listener);
        };
    }

    private static TransportFactory transports(SshSettings settings, Topology topology) {
        return new TransportFactory() {
            private SshConnector connector;

            @Override
            public io.linklab.remote.Transport open(String login) throws TransportException {
                if (HostSpec.LOCAL.equals(login)) {
                    return new LocalTransport();
                }
                return connector().connect(target(login));
            }

            private SshTarget target(String login) {
                if (topology != null) {
                    for (HostSpec h : topology.hosts()) {
                        if (login.equals(h.login())) {
                            return SshTarget.of(h);
                        }
                    }
                }
                return SshTarget.parse(login);
            }

            private synchronized SshConnector connector() throws TransportException {
                if (connector == null) {
                    connector = new SshConnector(settings, LoginPrompts.NONE);
                }
                return connector;
            }
        };
    }
}
