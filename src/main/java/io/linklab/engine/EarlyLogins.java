package io.linklab.engine;

import io.linklab.model.HostSpec;
import io.linklab.model.InvalidValueException;
import io.linklab.model.Topology;
import io.linklab.remote.SshTarget;
import io.linklab.remote.Transport;
import io.linklab.remote.TransportException;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Logins made while the user is still in the wizard, which the Run that follows takes instead of logging in
 * itself: on a host whose login shell is slow (a pyenv, conda or module init, about 1 s) the login is most of the
 * time from Run to the first interval, and a person spends seconds in the wizard (decision 0805; the figures with
 * and without in docs/BENCHMARKS.md). {@code -Dlinklab.earlyLogins=false} turns it off.
 *
 * <p>An early login asks nothing: keys and agents only, an unknown host key refused, so that a host which needs a
 * question gets it from the Run, as before. A host whose early login failed is not tried early again by this
 * object: a host that wants a password sees one refused attempt per window, not one per wizard. Nothing is left
 * open on a host: what the Run does not take is closed when other hosts are chosen, when the wizard closes
 * without Run ({@link #dropAll}), when the window closes, and {@link #HELD_AT_MOST} after it was made: a wizard
 * left open must not hold a login shell and a session on a shared host for the rest of the day (a Run after that
 * logs in itself).
 */
public final class EarlyLogins {

    /** How long a held login may take to answer before the Run logs in afresh (it was dropped while waiting). */
    private static final Duration STILL_THERE = Duration.ofSeconds(2);
    /** How long a login is held for a Run that has not come: far beyond the seconds a person spends in the wizard. */
    static final Duration HELD_AT_MOST = Duration.ofMinutes(5);

    private final Function<Topology, LabLogins> quietLogins;
    private final boolean enabled;
    private final Map<SshTarget, CompletableFuture<Transport>> held = new HashMap<>();
    private final Set<SshTarget> refused = new HashSet<>();
    private final Duration heldAtMost;

    /**
     * @param quietLogins the logins of a lab (null: none) that ask no questions, as {@code new LabLogins(settings,
     *     LoginPrompts.NONE, lab)}
     */
    public EarlyLogins(Function<Topology, LabLogins> quietLogins) {
        this(quietLogins, Boolean.parseBoolean(System.getProperty("linklab.earlyLogins", "true")));
    }

    EarlyLogins(Function<Topology, LabLogins> quietLogins, boolean enabled) {
        this(quietLogins, enabled, HELD_AT_MOST);
    }

    EarlyLogins(Function<Topology, LabLogins> quietLogins, boolean enabled, Duration heldAtMost) {
        this.quietLogins = quietLogins;
        this.enabled = enabled;
        this.heldAtMost = heldAtMost;
    }

    /**
     * Starts logging in to each of {@code logins} (as {@code lab} draws them) that is neither held nor under way
     * and closes every other held login. Returns at once; nothing here waits on a host.
     */
    public synchronized void prepare(Collection<String> logins, Topology lab) {
        if (!enabled) {
            return;
        }
        LabLogins quiet = quietLogins.apply(lab);
        Map<SshTarget, String> wanted = new HashMap<>();
        for (String login : new LinkedHashSet<>(logins)) {
            if (login == null || login.isBlank() || HostSpec.LOCAL.equals(login)) {
                continue;
            }
            try {
                wanted.put(quiet.target(login), login);
            } catch (InvalidValueException e) {
                // the wizard says what is wrong with it, and Run stays disabled until it is right
            }
        }
        held.entrySet().removeIf(e -> {
            if (wanted.containsKey(e.getKey())) {
                return false;
            }
            closeWhenMade(e.getValue());
            return true;
        });
        wanted.forEach((target, login) -> {
            if (held.containsKey(target) || refused.contains(target)) {
                return;
            }
            CompletableFuture<Transport> made = CompletableFuture.supplyAsync(() -> open(quiet, login), Run.IO);
            held.put(target, made);
            made.whenComplete((t, e) -> {
                if (e != null) {
                    forgetFailed(target, made);
                } else {
                    CompletableFuture.delayedExecutor(heldAtMost.toMillis(), TimeUnit.MILLISECONDS, Run.IO)
                            .execute(() -> expire(target, made));
                }
            });
        });
    }

    /** Closes every held login, and each one under way once it is made. */
    public synchronized void dropAll() {
        held.values().forEach(EarlyLogins::closeWhenMade);
        held.clear();
    }

    /**
     * The logins of a run that logs in through {@code runLogins}: a held login of the same target (the same
     * address, port, user, key file and jump host) is taken, waiting for it if it is still under way; any other
     * login, or a held one that failed or no longer answers, is made by {@code runLogins} as without this.
     */
    public TransportFactory takingFirst(LabLogins runLogins) {
        return login -> {
            CompletableFuture<Transport> early = HostSpec.LOCAL.equals(login) ? null : take(runLogins.target(login));
            if (early != null) {
                Transport t = madeOrNull(early);
                if (t != null && answers(t)) {
                    return t;
                }
                if (t != null) {
                    t.close();
                }
            }
            return runLogins.open(login);
        };
    }

    /** The targets held or under way, for tests. */
    synchronized Set<SshTarget> held() {
        return Set.copyOf(held.keySet());
    }

    /** The targets whose early login failed, for tests. */
    synchronized Set<SshTarget> refused() {
        return Set.copyOf(refused);
    }

    private synchronized CompletableFuture<Transport> take(SshTarget target) {
        return held.remove(target);
    }

    /** Closes a login no Run took within {@link #heldAtMost}, unless it was taken or dropped meanwhile. */
    private synchronized void expire(SshTarget target, CompletableFuture<Transport> made) {
        if (held.remove(target, made)) {
            closeWhenMade(made);
        }
    }

    private synchronized void forgetFailed(SshTarget target, CompletableFuture<Transport> made) {
        held.remove(target, made);
        refused.add(target);
    }

    private static Transport open(LabLogins quiet, String login) {
        try {
            return quiet.open(login);
        } catch (TransportException e) {
            throw new CompletionException(e);
        }
    }

    /** The login once made, or null when it failed (the run then logs in itself and gets the reason). */
    private static Transport madeOrNull(CompletableFuture<Transport> early) throws TransportException {
        try {
            return early.get();
        } catch (ExecutionException e) {
            return null;
        } catch (InterruptedException e) {
            closeWhenMade(early);
            Thread.currentThread().interrupt();
            throw new TransportException("stopped while logging in", e);
        }
    }

    private static boolean answers(Transport t) {
        try {
            return t.answers(STILL_THERE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Closing kills what the login started on its host: off the caller's thread, which may be the FX thread. */
    private static void closeWhenMade(CompletableFuture<Transport> made) {
        made.thenAcceptAsync(Transport::close, Run.IO);
    }
}
