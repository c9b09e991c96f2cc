package io.linklab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.testing.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** GroupedProcess's delivery of lines and its end, fed by hand through a fake execution. */
class GroupedProcessTest {

    /** An execution that has ended once {@link #end} was called, with the given status. */
    private static final class FakeExecution implements Execution {
        volatile boolean ended;
        volatile int status = -1;
        volatile Runnable onEndInput = () -> {};

        void end(int status) {
            this.status = status;
            ended = true;
        }

        @Override
        public boolean ended() {
            return ended;
        }

        @Override
        public int exitStatus() {
            return status;
        }

        @Override
        public Optional<String> lostConnection() {
            return Optional.empty();
        }

        @Override
        public void endInput() {
            onEndInput.run();
        }

        @Override
        public void abandon() {}
    }

    private final LocalTransport transport = new LocalTransport();

    /** A command of the transport that was never launched (the test feeds its streams), stderr discarded. */
    private GroupedProcess process(RemoteCommand command, LineSink stdout) {
        return new GroupedProcess(transport, command, "/nonexistent/1.pid", false, stdout, LineSink.DISCARD);
    }

    @Test
    void aHostThatPrintsFasterThanTheSinkTakesLinesIsHeldBackWithinTheBound() throws Exception {
        CountDownLatch sinkMayGo = new CountDownLatch(1);
        AtomicInteger delivered = new AtomicInteger();
        GroupedProcess p = process(RemoteCommand.of("chatty", "yes"), line -> {
            try {
                sinkMayGo.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            delivered.incrementAndGet();
        });
        FakeExecution x = new FakeExecution();
        p.started(x, "test-delivery");
        byte[] line = (".".repeat(999) + "\n").getBytes(StandardCharsets.UTF_8);
        int lines = 4 * GroupedProcess.MAX_QUEUED_CHARS / 1000;
        Thread writer = new Thread(
                () -> {
                    for (int i = 0; i < lines; i++) {
                        p.stdoutStream().write(line, 0, line.length);
                    }
                    p.stdoutStream().close();
                    p.stderrStream().close();
                },
                "test-writer");
        writer.start();
        // the writer fills the queue, then waits for room
        Await.until(
                () -> p.queuedChars() > GroupedProcess.MAX_QUEUED_CHARS - 2000
                        && writer.getState() == Thread.State.TIMED_WAITING,
                Duration.ofSeconds(20),
                () -> "the writer did not fill the queue and wait: queued " + p.queuedChars() + ", "
                        + writer.getState());
        assertTrue(writer.isAlive(), "the writer was not held back");
        assertTrue(p.queuedChars() <= GroupedProcess.MAX_QUEUED_CHARS, "queued " + p.queuedChars());
        assertEquals(Thread.State.TIMED_WAITING, writer.getState(), "the writer waits for room");
        sinkMayGo.countDown();
        writer.join(TimeUnit.SECONDS.toMillis(20));
        assertFalse(writer.isAlive());
        x.end(0);
        assertEquals(OptionalInt.of(0), p.waitFor(Duration.ofSeconds(20)));
        assertEquals(lines, delivered.get(), "every line delivered, none dropped");
        assertEquals(0, p.queuedChars());
    }

    @Test
    void anEndWithoutAnExitStatusIsNamedAsAFailure() throws Exception {
        GroupedProcess p = process(RemoteCommand.of("server", "iperf3", "-s"), LineSink.DISCARD);
        FakeExecution x = new FakeExecution();
        p.started(x, "test-delivery");
        p.stdoutStream().close();
        p.stderrStream().close();
        x.end(-1);
        assertEquals(OptionalInt.of(-1), p.waitFor(Duration.ofSeconds(20)));
        String failure = p.failure().orElse("");
        assertTrue(failure.contains("'server' on local ended without an exit status"), failure);
    }

    @Test
    void aCancelledCommandReportsNoFailure() throws Exception {
        GroupedProcess p = process(RemoteCommand.of("server", "iperf3", "-s"), LineSink.DISCARD);
        FakeExecution x = new FakeExecution();
        // the watchdog kills the group once the stdin ends; the channel closes without a status
        x.onEndInput = () -> {
            p.stdoutStream().close();
            p.stderrStream().close();
            x.end(-1);
        };
        p.started(x, "test-delivery");
        p.cancel();
        assertFalse(p.isAlive(), "cancel returns once the end was seen");
        assertEquals(List.of(), p.failure().stream().toList());
    }

    @Test
    void aSecondCancelReturnsOnlyOnceTheLastLineWasDelivered() throws Exception {
        // A run's Stop cancels its processes on one thread while the run's own thread stops them too; the second
        // caller closes the raw log next, so it must not return while the tool's last lines are on their way.
        List<String> delivered = Collections.synchronizedList(new ArrayList<>());
        GroupedProcess p = process(RemoteCommand.of("client", "iperf3", "-c"), delivered::add);
        FakeExecution x = new FakeExecution();
        CountDownLatch stopped = new CountDownLatch(1);
        CountDownLatch mayEnd = new CountDownLatch(1);
        x.onEndInput = () -> {
            stopped.countDown();
            try {
                mayEnd.await(20, TimeUnit.SECONDS); // the tool prints its last interval and totals meanwhile
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] last = "[  5]   3.00-3.70   sec   1.00 GBytes  12.3 Gbits/sec\n".getBytes(StandardCharsets.UTF_8);
            p.stdoutStream().write(last, 0, last.length);
            p.stdoutStream().close();
            p.stderrStream().close();
            x.end(-1);
        };
        p.started(x, "test-delivery");
        Thread first = new Thread(p::cancel, "test-stop");
        first.start();
        assertTrue(stopped.await(20, TimeUnit.SECONDS));
        Thread second = new Thread(p::cancel, "test-run-thread");
        second.start();
        second.join(300);
        assertTrue(second.isAlive(), "the second cancel returned while the command was still ending");
        mayEnd.countDown();
        second.join(TimeUnit.SECONDS.toMillis(20));
        assertFalse(second.isAlive());
        assertEquals(
                List.of("[  5]   3.00-3.70   sec   1.00 GBytes  12.3 Gbits/sec"),
                delivered,
                "the last line was in when the second cancel returned");
        first.join(TimeUnit.SECONDS.toMillis(20));
    }
}
