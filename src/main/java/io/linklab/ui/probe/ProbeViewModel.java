package io.linklab.ui.probe;

import io.linklab.model.HostFacts;
import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.Topology;
import io.linklab.ui.tasks.TaskRunner;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.collections.FXCollections;
import javafx.collections.ObservableMap;

/**
 * The probe state of every host: one badge each, the last facts found, and what differs from the
 * drawing. Probes run through the {@link TaskRunner}; results land on the FX thread.
 */
public final class ProbeViewModel {

    /** The measurement tools; a host needs at least one (ethtool and netserver are helpers). */
    static final List<String> MEASUREMENT_TOOLS = List.of("iperf3", "iperf", "netperf");

    private static final Pattern SPEED =
            Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([GM])(?:B?E|bps|b/s)?", Pattern.CASE_INSENSITIVE);

    private final HostProbeService service;
    private final TaskRunner tasks;
    private final ObservableMap<String, HostBadge> badges = FXCollections.observableHashMap();
    private final ObservableMap<String, HostBadge> badgesView = FXCollections.unmodifiableObservableMap(badges);
    private final Map<String, HostFacts> facts = new HashMap<>();
    private final Map<String, HostSpec> probedAs = new HashMap<>();

    public ProbeViewModel(HostProbeService service, TaskRunner tasks) {
        this.service = service;
        this.tasks = tasks;
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

    public Optional<HostFacts> facts(String hostId) {
        return Optional.ofNullable(facts.get(hostId));
    }

    /** The version line ("iperf 3.16") of {@code tool} on a probed host; empty where not probed or not found. */
    public Optional<String> toolVersionLine(HostSpec host, String tool) {
        return facts(host.id())
                .flatMap(f -> f.tool(tool))
                .map(HostFacts.ToolFacts::versionLine)
                .filter(v -> !v.isBlank());
    }

    public void probe(HostSpec host) {
        if (service == null || badge(host.id()) == HostBadge.PROBING) {
            return;
        }
        badges.put(host.id(), HostBadge.PROBING);
        tasks.run(
                () -> service.probe(host),
                found -> {
                    facts.put(host.id(), found);
                    probedAs.put(host.id(), host);
                    badges.put(host.id(), badgeFor(host, found));
                },
                e -> {
                    facts.put(
                            host.id(),
                            HostFacts.failed(
                                    host.name(),
                                    Instant.now(),
                                    false,
                                    e.getMessage() == null ? e.toString() : e.getMessage()));
                    probedAs.put(host.id(), host);
                    badges.put(host.id(), HostBadge.FAILED);
                });
    }

    public void probeAll(Topology t) {
        t.hosts().forEach(this::probe);
    }

    /**
     * After an edit: a host whose login changed is no longer known to be ready, and a changed MTU,
     * speed or address in the drawing is checked again against the facts already found.
     */
    public void topologyChanged(Topology t) {
        for (String id : new ArrayList<>(facts.keySet())) {
            Optional<HostSpec> now = t.host(id);
            HostSpec was = probedAs.get(id);
            if (now.isEmpty() || was == null || !sameLogin(was, now.get())) {
                facts.remove(id);
                probedAs.remove(id);
                if (badge(id) != HostBadge.PROBING) {
                    badges.remove(id);
                }
            } else if (badge(id) != HostBadge.PROBING) {
                badges.put(id, badgeFor(now.get(), facts.get(id)));
            }
        }
    }

    private static boolean sameLogin(HostSpec a, HostSpec b) {
        return a.login().equals(b.login())
                && Objects.equals(a.identityFile(), b.identityFile())
                && Objects.equals(a.jumpHost(), b.jumpHost());
    }

    public static HostBadge badgeFor(HostSpec host, HostFacts f) {
        if (!f.reachable() || !f.loginOk() || !f.ok()) {
            return HostBadge.FAILED;
        }
        return differences(host, f).isEmpty() ? HostBadge.READY : HostBadge.WARNING;
    }

    /** What the host says that does not match the drawing or stops a test, one sentence each. */
    public static List<String> differences(HostSpec host, HostFacts f) {
        List<String> out = new ArrayList<>();
        if (!f.reachable() || !f.loginOk() || !f.ok()) {
            out.add(f.problem() == null ? "not reachable" : f.problem());
            return out;
        }
        if (MEASUREMENT_TOOLS.stream()
                .noneMatch(t -> f.tool(t).map(HostFacts.ToolFacts::present).orElse(false))) {
            String install =
                    f.tool("iperf3").map(HostFacts.ToolFacts::installCommand).orElse(null);
            out.add("none of iperf3, iperf2 or netperf is installed"
                    + (install == null ? "" : " — install with: " + install));
        }
        for (InterfaceSpec drawn : host.interfaces()) {
            Optional<HostFacts.InterfaceFacts> found = f.iface(drawn.name());
            if (found.isEmpty()) {
                out.add(drawn.name() + ": no such interface on the host");
                continue;
            }
            HostFacts.InterfaceFacts i = found.get();
            if (drawn.mtu() > 0 && i.mtu() > 0 && drawn.mtu() != i.mtu()) {
                out.add(drawn.name() + ": MTU is " + i.mtu() + ", the drawing says " + drawn.mtu());
            }
            List<String> bare = i.addresses().stream()
                    .map(a -> a.replaceFirst("/\\d+$", ""))
                    .toList();
            if (drawn.address() != null && !bare.contains(drawn.address())) {
                out.add(drawn.name() + ": has " + (bare.isEmpty() ? "no address" : String.join(", ", bare))
                        + ", the drawing says " + drawn.address());
            }
            Long drawnMbps = mbps(drawn.speed());
            if (drawnMbps != null && i.speedMbps() != null && i.speedMbps() > 0 && !drawnMbps.equals(i.speedMbps())) {
                out.add(drawn.name() + ": link speed is " + describeMbps(i.speedMbps()) + ", the drawing says "
                        + drawn.speed());
            }
            if ("down".equals(i.operState()) || "lowerlayerdown".equals(i.operState())) {
                out.add(drawn.name() + ": link is " + i.operState());
            }
        }
        return out;
    }

    /** "100G" → 100000, "2.5G" → 2500, "100M" → 100; null for what is not a plain Ethernet rate (IB EDR). */
    static Long mbps(String speed) {
        if (speed == null) {
            return null;
        }
        Matcher m = SPEED.matcher(speed.strip());
        if (!m.matches()) {
            return null;
        }
        double v = Double.parseDouble(m.group(1));
        return Math.round(m.group(2).toUpperCase(Locale.ROOT).equals("G") ? v * 1000 : v);
    }

    static String describeMbps(long mbps) {
        return mbps % 1000 == 0 ? mbps / 1000 + "G" : mbps + "M";
    }
}
