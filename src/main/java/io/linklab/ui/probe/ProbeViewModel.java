package io.linklab.ui.probe;

import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.Topology;
import io.linklab.ui.TaskRunner;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javafx.collections.FXCollections;
import javafx.collections.ObservableMap;

/**
 * The probe state of every host: one badge each, the last report, and what differs from the
 * drawing. Probes run through the {@link TaskRunner}; results land on the FX thread.
 */
public final class ProbeViewModel {

    private final HostProbeService service;
    private final TaskRunner tasks;
    private final HostKeyPrompt prompt;
    private final ObservableMap<String, HostBadge> badges = FXCollections.observableHashMap();
    private final ObservableMap<String, HostBadge> badgesView = FXCollections.unmodifiableObservableMap(badges);
    private final Map<String, ProbeReport> reports = new HashMap<>();
    private final Map<String, HostSpec> probedAs = new HashMap<>();

    public ProbeViewModel(HostProbeService service, TaskRunner tasks, HostKeyPrompt prompt) {
        this.service = service;
        this.tasks = tasks;
        this.prompt = prompt;
    }

    public boolean available() {
        return service != null;
    }

    /** Host id to badge; hosts never probed are absent (shown as not probed). */
    public ObservableMap<String, HostBadge> badges() {
        return badgesView;
    }

    public HostBadge badge(String hostId) {
        return badges.getOrDefault(hostId, HostBadge.NOT_PROBED);
    }

    public Optional<ProbeReport> report(String hostId) {
        return Optional.ofNullable(reports.get(hostId));
    }

    public void probe(HostSpec host) {
        if (service == null || badge(host.id()) == HostBadge.PROBING) {
            return;
        }
        badges.put(host.id(), HostBadge.PROBING);
        tasks.run(() -> service.probe(host, prompt), report -> {
            reports.put(host.id(), report);
            probedAs.put(host.id(), host);
            badges.put(host.id(), badgeFor(host, report));
        }, e -> {
            ProbeReport failed = ProbeReport.failed(false, e.getMessage() == null ? e.toString() : e.getMessage());
            reports.put(host.id(), failed);
            badges.put(host.id(), HostBadge.FAILED);
        });
    }

    public void probeAll(Topology t) {
        t.hosts().forEach(this::probe);
    }

    /**
     * After an edit: a host whose connection details changed is no longer known to be ready,
     * and a changed MTU or speed in the drawing is checked again against the last report.
     */
    public void topologyChanged(Topology t) {
        for (String id : new ArrayList<>(reports.keySet())) {
            Optional<HostSpec> now = t.host(id);
            if (now.isEmpty()) {
                reports.remove(id);
                probedAs.remove(id);
                badges.remove(id);
                continue;
            }
            HostSpec was = probedAs.get(id);
            if (was != null && !sameLogin(was, now.get())) {
                reports.remove(id);
                probedAs.remove(id);
                badges.remove(id);
            } else if (was != null && badge(id) != HostBadge.PROBING) {
                badges.put(id, badgeFor(now.get(), reports.get(id)));
            }
        }
    }

    private static boolean sameLogin(HostSpec a, HostSpec b) {
        return a.login().equals(b.login()) && java.util.Objects.equals(a.identityFile(), b.identityFile())
                && java.util.Objects.equals(a.jumpHost(), b.jumpHost());
    }

    public static HostBadge badgeFor(HostSpec host, ProbeReport r) {
        if (!r.reachable() || !r.loggedIn()) {
            return HostBadge.FAILED;
        }
        return differences(host, r).isEmpty() ? HostBadge.READY : HostBadge.WARNING;
    }

    /** What the host says that does not match the drawing, one sentence each. */
    public static List<String> differences(HostSpec host, ProbeReport r) {
        List<String> out = new ArrayList<>();
        if (!r.reachable() || !r.loggedIn()) {
            out.add(r.problem() == null ? "not reachable" : r.problem());
            return out;
        }
        if (r.tools().isEmpty()) {
            out.add("none of iperf3, iperf2 or netperf is installed");
        }
        for (InterfaceSpec f : host.interfaces()) {
            ProbeReport.InterfaceFacts found = r.interfaces().get(f.name());
            if (found == null) {
                out.add(f.name() + ": no such interface on the host");
                continue;
            }
            if (f.mtu() > 0 && found.mtu() > 0 && f.mtu() != found.mtu()) {
                out.add(f.name() + ": MTU is " + found.mtu() + ", the drawing says " + f.mtu());
            }
            if (f.address() != null && !found.addresses().isEmpty() && !found.addresses().contains(f.address())) {
                out.add(f.name() + ": has " + String.join(", ", found.addresses()) + ", the drawing says "
                        + f.address());
            }
            if (f.speed() != null && found.speed() != null && !sameSpeed(f.speed(), found.speed())) {
                out.add(f.name() + ": link speed is " + found.speed() + ", the drawing says " + f.speed());
            }
            if (!found.up()) {
                out.add(f.name() + ": link is down");
            }
        }
        return out;
    }

    static boolean sameSpeed(String drawn, String found) {
        String a = drawn.replace(" ", "").toUpperCase(Locale.ROOT);
        String b = found.replace(" ", "").toUpperCase(Locale.ROOT);
        return a.equals(b) || a.startsWith("IB") || b.startsWith(a) || a.startsWith(b);
    }
}
