package io.linklab.matrix;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;

/**
 * Which pairs run now. A pair starts when a slot is free (at most {@code concurrency} tests at once), neither of its
 * hosts is in a running test (unless the user lets tests share hosts), and, when uplinks are tested one at a time,
 * no running pair crosses a switch-to-switch link it crosses. Of the pairs that could start, the one whose hosts
 * have the most pairs still waiting goes first: the hosts with the most work would otherwise be left for last and
 * lengthen the matrix (32 hosts, every ordered pair, tests of equal length: 67 rounds, where the busiest host
 * alone needs 62).
 *
 * <p>Thread-safe: runners finish pairs from their own threads.
 */
public final class MatrixSchedule {

    /** How pairs that cross the same switch uplink run. */
    public enum Uplinks {
        /** Never two at once over one uplink: each pair measures its own path. */
        ONE_AT_A_TIME,
        /** As host and slot limits allow: the fabric is measured under load. */
        TOGETHER
    }

    private final LinkedList<MatrixPair> waiting;
    private final List<MatrixPair> running = new ArrayList<>();
    private final Map<String, Integer> waitingPerHost = new HashMap<>();
    private final int concurrency;
    private final boolean shareHosts;
    private final Uplinks uplinks;

    /**
     * @param pairs       the pairs still to measure, in the order to prefer among equals
     * @param concurrency the most tests at once (1 or more)
     * @param shareHosts  whether one host may be in two running tests
     */
    public MatrixSchedule(List<MatrixPair> pairs, int concurrency, boolean shareHosts, Uplinks uplinks) {
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be 1 or more, not " + concurrency);
        }
        this.waiting = new LinkedList<>(pairs);
        this.concurrency = concurrency;
        this.shareHosts = shareHosts;
        this.uplinks = uplinks;
        for (MatrixPair p : pairs) {
            waitingPerHost.merge(p.client(), 1, Integer::sum);
            waitingPerHost.merge(p.server(), 1, Integer::sum);
        }
    }

    /** The pairs to start now (none when every slot or host is busy); they count as running from here on. */
    public synchronized List<MatrixPair> startable() {
        List<MatrixPair> started = new ArrayList<>();
        while (running.size() < concurrency) {
            MatrixPair best = null;
            int bestWork = -1;
            for (MatrixPair p : waiting) {
                int work = waitingPerHost.get(p.client()) + waitingPerHost.get(p.server());
                if (work > bestWork && fits(p)) {
                    best = p;
                    bestWork = work;
                }
            }
            if (best == null) {
                break;
            }
            waiting.remove(best);
            waitingPerHost.merge(best.client(), -1, Integer::sum);
            waitingPerHost.merge(best.server(), -1, Integer::sum);
            running.add(best);
            started.add(best);
        }
        return started;
    }

    /** A running pair ended (measured, failed or stopped): its hosts and slot are free again. */
    public synchronized void finished(MatrixPair pair) {
        if (!running.remove(pair)) {
            throw new IllegalStateException(pair.label() + " is not running");
        }
    }

    /** Takes every waiting pair off the schedule (Stop, or a host that is down): returns them. */
    public synchronized List<MatrixPair> dropWaiting() {
        List<MatrixPair> dropped = new ArrayList<>(waiting);
        waiting.clear();
        waitingPerHost.replaceAll((host, n) -> 0);
        return dropped;
    }

    /** Takes the waiting pairs of one host off the schedule (it is down): returns them. */
    public synchronized List<MatrixPair> dropWaitingOf(String host) {
        List<MatrixPair> dropped = new ArrayList<>();
        for (MatrixPair p : waiting) {
            if (p.client().equals(host) || p.server().equals(host)) {
                dropped.add(p);
            }
        }
        waiting.removeAll(dropped);
        for (MatrixPair p : dropped) {
            waitingPerHost.merge(p.client(), -1, Integer::sum);
            waitingPerHost.merge(p.server(), -1, Integer::sum);
        }
        return dropped;
    }

    public synchronized boolean done() {
        return waiting.isEmpty() && running.isEmpty();
    }

    public synchronized int waitingCount() {
        return waiting.size();
    }

    public synchronized List<MatrixPair> running() {
        return List.copyOf(running);
    }

    private boolean fits(MatrixPair p) {
        for (MatrixPair r : running) {
            if (!shareHosts && p.sharesHostWith(r)) {
                return false;
            }
            if (uplinks == Uplinks.ONE_AT_A_TIME && p.sharesUplinkWith(r)) {
                return false;
            }
        }
        return true;
    }
}
