package io.linklab.remote;

import com.jcraft.jsch.Channel;
import com.jcraft.jsch.Proxy;
import com.jcraft.jsch.Session;
import com.jcraft.jsch.SocketFactory;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;

/** ProxyJump: the next hop's TCP stream is a direct-tcpip channel of the jump host's session. */
final class JumpProxy implements Proxy {
    private final Session jump;
    private Channel channel;
    private InputStream in;
    private OutputStream out;

    JumpProxy(Session jump) {
        this.jump = jump;
    }

    @Override
    public void connect(SocketFactory socketFactory, String host, int port, int timeout) throws Exception {
        channel = jump.getStreamForwarder(host, port);
        in = channel.getInputStream();
        out = channel.getOutputStream();
        channel.connect(timeout);
    }

    @Override
    public InputStream getInputStream() {
        return in;
    }

    @Override
    public OutputStream getOutputStream() {
        return out;
    }

    @Override
    public Socket getSocket() {
        return null;
    }

    @Override
    public void close() {
        if (channel != null) {
            channel.disconnect();
        }
    }
}
