package io.linklab.remote;

import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.JSchException;
import io.linklab.concurrent.DaemonThreads;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * One exec channel per host, opened at login, whose small dispatcher starts every command of the transport
 * (decision record 0203): sshd starts each channel's command through the login's shell, and on a host whose
 * .bashrc runs pyenv or conda that costs up to a second of CPU per channel. Through the dispatcher a host pays
 * its login shell once per connection.
 *
 * <p>Each command keeps what its own channel gave it (decision record 0200): its own stdin, whose end makes the
 * wrapper's watchdog kill its group; stdout and stderr apart; an exit status, reported only after the last line
 * of its output. On the wire, a request is {@code T start ID}, the quoted command line (the line the login shell
 * would have been given), then {@code T}; {@code T end ID} ends the command's stdin. T is a random terminator
 * of this session, sent only on stdin. The dispatcher answers with lines {@code ID o TEXT} and {@code ID e TEXT}
 * ({@code ID o+TEXT}: the first part of a line longer than one pipe write) and {@code ID x STATUS}.
 */
final class SshHostSession {

    /**
     * Run as {@code sh -c DISPATCHER linklab-session}. Reads the terminator, makes a private folder for the
     * fifos (mktemp -d: mode 700, ours, no symlink), says "T ready" and serves requests until its stdin ends.
     *
     * <p>A command's stdin is a fifo that the dispatcher opens read-write (which never blocks) and hands to a
     * holder ({@code sleep}) before the command's subshell starts; the subshell opens the read end while it
     * still holds the dispatcher's copy, then drops that copy: from then on the holder alone keeps the command's
     * input open, and an "end" (or the end of the session's stdin, for every command) kills it, whenever it
     * comes, even before the command started. Holders are children of the dispatcher and die only when it kills
     * them, so their pids are never reused under it. stdout and stderr go through fifos to two awk taggers
     * (one write per line part, at most 3968 bytes, 16 parts: lines are cut at 62 KiB); the exit line is written
     * once both taggers have ended, so no output follows it. At the end of its stdin (or on HUP or TERM) the
     * dispatcher ends every child of its own - each holder and each command's subshell, found by their parent in
     * /proc (still ours, alive or unreaped: no reused pid), so that no stdin stays open and every watchdog fires -
     * and removes its folder; the channel closes once the commands' taggers have seen their output end.
     */
    static final String DISPATCHER = """
            IFS= read -r t || exit 0
            umask 077
            d=$(mktemp -d /tmp/linklab-session.XXXXXXXXXX) || exit 125
            if [ -h "$d" ] || [ ! -d "$d" ] || [ ! -O "$d" ]; then echo "linklab: cannot use $d" >&2; exit 125; fi
            command -v awk >/dev/null || { echo "linklab: no awk on this host" >&2; rmdir "$d"; exit 125; }
            aw=awk
            case $(awk -W version 2>&1) in mawk*) aw="awk -W interactive";; esac
            tag() {
              LC_ALL=C $aw -v p="$1" '{ s = $0; k = 0
                while (length(s) > 3968 && k < 15) { w = p "+" substr(s, 1, 3968) "\\n"; printf "%s", w; fflush(); s = substr(s, 3969); k++ }
                w = p " " substr(s, 1, 3968) "\\n"; printf "%s", w; fflush() }'
            }
            fin() {
              for f in /proc/[0-9]*/stat; do
                read -r l 2>/dev/null <"$f" || continue
                l=${l##*) }; set -- $l
                [ "$2" = $$ ] || continue
                f=${f#/proc/}; kill "${f%/stat}" 2>/dev/null
              done
              wait
              rm -rf "$d"
              exit 0
            }
            trap fin HUP TERM
            echo "$t ready"
            while IFS= read -r r; do
              case $r in
                "$t start "*)
                  i=${r#"$t start "}; l=; whole=
                  while IFS= read -r x; do
                    if [ "$x" = "$t" ]; then whole=1; break; fi
                    l="$l$x
            "
                  done
                  [ -n "$whole" ] || break
                  case $i in ''|*[!0-9]*) continue;; esac
                  if ! mkfifo "$d/$i.i" "$d/$i.o" "$d/$i.e"; then
                    echo "$i e linklab: cannot make fifos in $d"; echo "$i x 125"; continue
                  fi
                  exec 3<>"$d/$i.i"
                  sleep 2147483647 >&3 3>&- </dev/null 2>/dev/null &
                  eval "h$i=\\$!"
                  (
                    exec 4<"$d/$i.i" 3>&-
                    tag "$i o" <"$d/$i.o" 4<&- &
                    a=$!
                    tag "$i e" <"$d/$i.e" 4<&- &
                    b=$!
                    (eval "exec $l") <&4 >"$d/$i.o" 2>"$d/$i.e" 4<&- &
                    c=$!
                    exec 4<&-
                    wait $c; s=$?
                    wait $a; wait $b
                    rm -f "$d/$i.i" "$d/$i.o" "$d/$i.e"
                    echo "$i x $s"
                  ) </dev/null &
                  exec 3>&-
                  ;;
                "$t end "*)
                  i=${r#"$t end "}
                  case $i in ''|*[!0-9]*) continue;; esac
                  eval "h=\\${h$i-}"
                  if [ -n "$h" ]; then kill "$h" 2>/dev/null; unset "h$i"; fi
                  ;;
              esac
            done
            fin
            """;

    /** The dispatcher's $0: how it shows in the host's process list. */
    static final String NAME = "linklab-session";

    private static final Logger LOG = Logger.getLogger(SshHostSession.class.getName());
    private static final SecureRandom RANDOM = new SecureRandom();
    /** Sends the "end" of a command whose exit was read on JSch's thread, which must not wait for the window. */
    private static final ExecutorService ENDS = Executors.newCachedThreadPool(DaemonThreads.named("linklab-ssh-end"));

    private final SshConnections.Pooled pooled;
    private final ChannelExec channel;
    private final OutputStream stdin;
    private final String terminator;
    private final Supplier<String> gone;
    private final Map<Integer, Command> commands = new ConcurrentHashMap<>();
    private final AtomicInteger ids = new AtomicInteger();
    /** What the dispatcher (or the login's rc files) said on stderr: the reason when it could not start. */
    private final BoundedLines errors = new BoundedLines(8 * 1024);

    private volatile boolean ready;
    private volatile boolean ended;

    private SshHostSession(SshConnections.Pooled pooled, Supplier<String> gone) throws JSchException, IOException {
        this.pooled = pooled;
        this.gone = gone;
        byte[] t = new byte[12];
        RANDOM.nextBytes(t);
        this.terminator = "linklab-" + HexFormat.of().formatHex(t);
        this.channel = SshConnections.openExec(
                pooled,
                "exec " + ShellQuote.join(List.of("sh", "-c", DISPATCHER, NAME)),
                new Demultiplexer(),
                new LineSplitter(errors::line, () -> {}));
        OutputStream in;
        try {
            in = channel.getOutputStream();
            in.write((terminator + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
        } catch (IOException e) {
            channel.disconnect();
            pooled.channels.decrementAndGet();
            throw e;
        }
        this.stdin = in;
    }

    /** Opens the session's channel; the login shell and the dispatcher start on the host in the background. */
    static SshHostSession open(SshConnections.Pooled pooled, Supplier<String> gone) throws JSchException, IOException {
        return new SshHostSession(pooled, gone);
    }

    /** Whether commands can still be started here: the channel is open and its connection up. */
    boolean usable() {
        return !ended && !channel.isClosed() && pooled.session().isConnected();
    }

    SshConnections.Pooled pooled() {
        return pooled;
    }

    /** Starts {@code argv} (quoted, as its own login shell would have been given it) through the dispatcher. */
    Execution start(List<String> argv, OutputStream stdout, OutputStream stderr) throws IOException {
        String line = ShellQuote.join(argv);
        if (line.lines().anyMatch(terminator::equals)) {
            throw new IOException("a command line holds the session's terminator");
        }
        int id = ids.incrementAndGet();
        Command c = new Command(id, stdout, stderr);
        commands.put(id, c);
        try {
            send(terminator + " start " + id + "\n" + line + "\n" + terminator + "\n");
        } catch (IOException e) {
            commands.remove(id);
            throw e;
        }
        return c;
    }

    private void send(String request) throws IOException {
        synchronized (stdin) {
            stdin.write(request.getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        }
    }

    private void end(int id) {
        try {
            send(terminator + " end " + id + "\n");
        } catch (IOException e) {
            // the session is gone: its dispatcher saw the end of its stdin and ended every command's
        }
    }

    /**
     * Ends the session through its stdin: the dispatcher ends every command's stdin (their watchdogs kill
     * them), waits for them and removes its folder, then the channel closes. Waits for that until the deadline.
     */
    void close(long deadline) {
        ended = true;
        SshConnections.endInput(channel);
        try {
            while (!channel.isClosed() && pooled.session().isConnected()) {
                if (System.nanoTime() > deadline) {
                    LOG.warning("the host session on " + pooled.session().getHost() + " did not end within "
                            + ProcessGroupTransport.END_ALLOWANCE.toSeconds() + " s; its channel is dropped");
                    break;
                }
                Thread.sleep(10);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        channel.disconnect();
        pooled.channels.decrementAndGet();
        lost();
    }

    /** The channel closed or the connection dropped: no exit status will come for the commands still running. */
    private void lost() {
        ended = true;
        String said = errors.text().trim();
        if (!said.isEmpty() && !ready) {
            LOG.warning("the host session ended before it was ready: " + said);
        }
        for (Command c : new ArrayList<>(commands.values())) {
            c.finish(-1);
        }
    }

    /** Output of the dispatcher: each line to its command's stream, or its command's end. */
    private final class Demultiplexer extends OutputStream {
        private static final int MAX = LineSplitter.MAX_LINE + 128;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
        private boolean overlong;

        @Override
        public synchronized void write(int b) {
            if (b == '\n') {
                if (!overlong) {
                    dispatch(line.toByteArray());
                }
                line.reset();
                overlong = false;
            } else if (line.size() < MAX) {
                line.write(b);
            } else {
                overlong = true;
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            for (int i = off; i < off + len; i++) {
                write(b[i]);
            }
        }

        @Override
        public void close() {
            lost();
        }

        private void dispatch(byte[] l) {
            if (!ready) {
                // before the dispatcher runs, only the login's rc files can have written here (maybe no newline)
                ready = new String(l, StandardCharsets.UTF_8).endsWith(terminator + " ready");
                return;
            }
            int i = 0;
            int id = 0;
            while (i < l.length && l[i] >= '0' && l[i] <= '9' && i < 9) {
                id = id * 10 + (l[i] - '0');
                i++;
            }
            if (i == 0 || i + 2 >= l.length || l[i] != ' ') {
                LOG.fine("unexpected line from the host session: " + new String(l, StandardCharsets.UTF_8));
                return;
            }
            Command c = commands.get(id);
            byte kind = l[i + 1];
            boolean whole = l[i + 2] == ' ';
            int from = i + 3;
            if (c == null) {
                return;
            }
            if (kind == 'x') {
                String status = new String(l, from, l.length - from, StandardCharsets.US_ASCII);
                c.finish(status.matches("[0-9]{1,3}") ? Integer.parseInt(status) : -1);
                int ended = id;
                ENDS.execute(() -> end(ended)); // the holder of its stdin is not needed any more
            } else if (kind == 'o' || kind == 'e') {
                c.write(kind == 'e', l, from, l.length - from, whole);
            }
        }
    }

    /** One command started through the session. */
    private final class Command implements Execution {
        private final int id;
        private final OutputStream stdout;
        private final OutputStream stderr;
        private volatile int status = -1;
        private volatile boolean done;

        Command(int id, OutputStream stdout, OutputStream stderr) {
            this.id = id;
            this.stdout = stdout;
            this.stderr = stderr;
        }

        void write(boolean err, byte[] b, int off, int len, boolean whole) {
            OutputStream s = err ? stderr : stdout;
            try {
                s.write(b, off, len);
                if (whole) {
                    s.write('\n');
                }
            } catch (IOException e) {
                // the sinks are line splitters in memory: they do not fail
            }
        }

        /** The command's end: its status (-1: none came), then the end of both streams. */
        synchronized void finish(int exitStatus) {
            if (done) {
                return;
            }
            status = exitStatus;
            done = true;
            commands.remove(id);
            try {
                stdout.close();
                stderr.close();
            } catch (IOException e) {
                // as above
            }
        }

        @Override
        public boolean ended() {
            if (!done && !usable()) {
                finish(-1);
            }
            return done;
        }

        @Override
        public int exitStatus() {
            return status;
        }

        @Override
        public Optional<String> lostConnection() {
            if (status == -1 && !pooled.session().isConnected()) {
                return Optional.of(gone.get());
            }
            return Optional.empty();
        }

        @Override
        public void endInput() {
            end(id);
        }

        @Override
        public void abandon() {
            end(id);
            finish(-1);
        }
    }
}
