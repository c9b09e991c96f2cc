package io.linklab.remote;

import com.jcraft.jsch.ChannelExec;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/** A command running in an exec channel; its channel is counted against its connection until it ends. */
final class SshChannelExecution implements Execution {
    private final SshConnections.Pooled pooled;
    private final ChannelExec channel;
    /** Why the connection is gone: closed by us, or lost. */
    private final Supplier<String> gone;

    private final AtomicBoolean released = new AtomicBoolean();

    SshChannelExecution(SshConnections.Pooled pooled, ChannelExec channel, Supplier<String> gone) {
        this.pooled = pooled;
        this.channel = channel;
        this.gone = gone;
    }

    @Override
    public boolean ended() {
        boolean ended = channel.isClosed() || !pooled.session().isConnected();
        if (ended) {
            release();
        }
        return ended;
    }

    @Override
    public int exitStatus() {
        return channel.getExitStatus();
    }

    @Override
    public Optional<String> lostConnection() {
        if (channel.getExitStatus() == -1 && !pooled.session().isConnected()) {
            return Optional.of(gone.get());
        }
        return Optional.empty();
    }

    @Override
    public void endInput() {
        SshConnections.endInput(channel);
    }

    @Override
    public void abandon() {
        channel.disconnect();
        release();
    }

    private void release() {
        if (released.compareAndSet(false, true)) {
            pooled.channels.decrementAndGet();
        }
    }
}
