package io.linklab.ui.wizard;

import io.linklab.engine.CommandPreview;
import io.linklab.engine.PlanScript;
import io.linklab.engine.SweepPoints;
import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.InvalidValueException;
import io.linklab.model.LinkSpec;
import io.linklab.model.PlanDuration;
import io.linklab.model.TestPlan;
import io.linklab.model.TestPlan.Mode;
import io.linklab.model.TestPlan.Protocol;
import io.linklab.model.TestPlan.SweepKind;
import io.linklab.model.Tool;
import io.linklab.model.Topology;
import io.linklab.tools.iperf3.Iperf3Version;
import io.linklab.tools.plan.PlanCheck;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * One view-model behind every page of the test wizard: the ends, the tool and its options, the
 * sweep, and the plan they make. Each page's validity is a binding the wizard's Next button follows;
 * the problems come from the same {@link PlanCheck} the engine runs, each shown by its field.
 */
public final class TestWizardViewModel {

    /** "No sweep" in the sweep picker. */
    public static final String NO_SWEEP = "none";

    private static final Set<String> ENDS_FIELDS = Set.of(
            "client.login", "server.login", "target", "client.interface", "server.interface", "client", "server");
    private static final Set<String> OPTION_FIELDS = Set.of(
            "tool",
            "protocol",
            "mode",
            "duration",
            "interval",
            "omit",
            "streams",
            "processes",
            "repetitions",
            "port",
            "window",
            "message-size",
            "bitrate",
            "client.cpus",
            "server.cpus");

    private final Topology topology;

    public final ObjectProperty<HostSpec> client = new SimpleObjectProperty<>();
    public final ObjectProperty<HostSpec> server = new SimpleObjectProperty<>();
    public final StringProperty clientInterface = new SimpleStringProperty("");
    public final StringProperty serverInterface = new SimpleStringProperty("");
    public final StringProperty target = new SimpleStringProperty("");

    public final ObjectProperty<Tool> tool = new SimpleObjectProperty<>(Tool.IPERF3);
    public final ObjectProperty<Protocol> protocol = new SimpleObjectProperty<>(Protocol.TCP);
    public final StringProperty udpBitrate = new SimpleStringProperty("");
    public final StringProperty streams = new SimpleStringProperty("1");
    public final StringProperty processes = new SimpleStringProperty("1");
    /** CPU lists ("2,4,6-9") the client's and the server's processes are pinned to; blank: not pinned. */
    public final StringProperty clientCpus = new SimpleStringProperty("");

    public final StringProperty serverCpus = new SimpleStringProperty("");
    public final StringProperty basePort = new SimpleStringProperty("5201");
    public final StringProperty duration = new SimpleStringProperty("10");
    public final StringProperty interval = new SimpleStringProperty("1");
    public final StringProperty omit = new SimpleStringProperty("0");
    public final ObjectProperty<Mode> mode = new SimpleObjectProperty<>(Mode.NORMAL);
    public final StringProperty window = new SimpleStringProperty("");
    public final StringProperty messageSize = new SimpleStringProperty("");
    public final StringProperty repetitions = new SimpleStringProperty("1");

    public final StringProperty sweepKind = new SimpleStringProperty(NO_SWEEP);
    public final StringProperty sweepValues = new SimpleStringProperty("");
    /** False while loading a plan, so that choosing the server does not overwrite the plan's target. */
    private final BooleanProperty autoTarget = new SimpleBooleanProperty(true);

    /** A probed host's {@code iperf3 --version} line; empty for a host not (yet) probed. */
    private Function<HostSpec, Optional<String>> iperf3Versions = h -> Optional.empty();

    private final ObjectBinding<Draft> draft;
    private final BooleanBinding endsValid;
    private final BooleanBinding optionsValid;
    private final BooleanBinding sweepValid;
    private final ObjectBinding<List<String>> sweepPoints;
    private final StringBinding estimate;
    private final ObjectBinding<Map<String, List<String>>> commands;

    public TestWizardViewModel(Topology topology) {
        this.topology = topology;
        server.addListener((o, was, now) -> {
            serverInterface.set(firstInterface(now));
        });
        client.addListener((o, was, now) -> clientInterface.set(firstInterface(now)));
        serverInterface.addListener((o, was, now) -> {
            if (autoTarget.get()) {
                addressOf(server.get(), now).ifPresent(target::set);
            }
        });
        Observable[] inputs = {
            client,
            server,
            clientInterface,
            serverInterface,
            target,
            tool,
            protocol,
            udpBitrate,
            streams,
            processes,
            clientCpus,
            serverCpus,
            basePort,
            duration,
            interval,
            omit,
            mode,
            window,
            messageSize,
            repetitions,
            sweepKind,
            sweepValues
        };
        draft = Bindings.createObjectBinding(this::makeDraft, inputs);
        endsValid = Bindings.createBooleanBinding(
                () -> draft.get().problemsOf(ENDS_FIELDS).isEmpty(), draft);
        optionsValid = Bindings.createBooleanBinding(
                () -> draft.get().problemsOf(OPTION_FIELDS).isEmpty(), draft);
        sweepValid = Bindings.createBooleanBinding(() -> draft.get().problems.isEmpty(), draft);
        sweepPoints = Bindings.createObjectBinding(() -> draft.get().points, draft);
        estimate = Bindings.createStringBinding(
                () -> draft.get().plan == null ? "" : describeDuration(PlanDuration.seconds(draft.get().plan)), draft);
        commands = Bindings.createObjectBinding(
                () -> {
                    Draft d = draft.get();
                    if (d.plan == null || !d.problems.isEmpty()) {
                        return Map.of();
                    }
                    try {
                        return CommandPreview.forPlan(d.plan);
                    } catch (InvalidValueException e) {
                        return Map.of();
                    }
                },
                draft);
        // A sensible start: the first link between two hosts, else the first two hosts.
        topology.links().stream()
                .filter(l ->
                        host(l.a().nodeId()).isPresent() && host(l.b().nodeId()).isPresent())
                .findFirst()
                .ifPresentOrElse(this::useLink, () -> {
                    if (!topology.hosts().isEmpty()) {
                        client.set(topology.hosts().get(0));
                        server.set(topology.hosts()
                                .get(Math.min(1, topology.hosts().size() - 1)));
                    }
                });
    }

    public Topology topology() {
        return topology;
    }

    /**
     * What the probes found each host's iperf3 to be: the options page then refuses an option a probed host's
     * release does not have, naming the release that has it, before anything starts. Hosts not probed are
     * checked by the run's preflight, after login and before any tool starts.
     */
    public void knowIperf3Versions(Function<HostSpec, Optional<String>> versionLines) {
        iperf3Versions = versionLines;
        draft.invalidate();
    }

    /** The links between two hosts, which the ends page offers as a one-click choice. */
    public List<LinkSpec> hostLinks() {
        return topology.links().stream()
                .filter(l ->
                        host(l.a().nodeId()).isPresent() && host(l.b().nodeId()).isPresent())
                .toList();
    }

    /** Both ends from a link: client at end a, server at end b, their interfaces, the server's address. */
    public void useLink(LinkSpec link) {
        Optional<HostSpec> a = host(link.a().nodeId());
        Optional<HostSpec> b = host(link.b().nodeId());
        if (a.isEmpty() || b.isEmpty()) {
            return;
        }
        client.set(a.get());
        server.set(b.get());
        if (link.a().iface() != null) {
            clientInterface.set(link.a().iface());
        }
        if (link.b().iface() != null) {
            serverInterface.set(link.b().iface());
        }
    }

    public String describeLink(LinkSpec l) {
        return name(l.a().nodeId()) + (l.a().iface() == null ? "" : ":" + l.a().iface()) + "  →  "
                + name(l.b().nodeId()) + (l.b().iface() == null ? "" : ":" + l.b().iface())
                + (l.nominalSpeed() == null ? "" : "  (" + l.nominalSpeed() + ")");
    }

    private String name(String id) {
        return host(id).map(HostSpec::name).orElse(id);
    }

    private Optional<HostSpec> host(String id) {
        return topology.host(id);
    }

    private static String firstInterface(HostSpec h) {
        return h == null || h.interfaces().isEmpty()
                ? ""
                : h.interfaces().get(0).name();
    }

    private static Optional<String> addressOf(HostSpec h, String iface) {
        if (h == null) {
            return Optional.empty();
        }
        return h.interfaces().stream()
                .filter(f -> f.name().equals(iface))
                .map(InterfaceSpec::address)
                .filter(a -> a != null && !a.isBlank())
                .findFirst();
    }

    /** The plan as far as it can be built, and everything wrong with it. */
    private record Draft(TestPlan plan, List<PlanCheck.Problem> problems, List<String> points) {
        List<PlanCheck.Problem> problemsOf(Set<String> fields) {
            return problems.stream()
                    .filter(p -> fields.contains(p.field()) && !p.message().contains("sweep"))
                    .toList();
        }
    }

    private Draft makeDraft() {
        List<PlanCheck.Problem> problems = new ArrayList<>();
        if (client.get() == null) {
            problems.add(new PlanCheck.Problem("client", "", "choose the client host"));
        }
        if (server.get() == null) {
            problems.add(new PlanCheck.Problem("server", "", "choose the server host"));
        }
        int nStreams = number(problems, "streams", streams.get());
        int nProcesses = number(problems, "processes", processes.get());
        int port = number(problems, "port", basePort.get());
        int seconds = number(problems, "duration", duration.get());
        int omitS = number(problems, "omit", omit.get());
        int reps = number(problems, "repetitions", repetitions.get());
        double intervalS;
        try {
            intervalS = Double.parseDouble(interval.get().strip());
        } catch (NumberFormatException e) {
            problems.add(new PlanCheck.Problem("interval", interval.get(), "expected seconds such as 1 or 0.5"));
            intervalS = 1;
        }
        TestPlan.Sweep sweep = null;
        List<String> points = List.of();
        if (!NO_SWEEP.equals(sweepKind.get())) {
            try {
                points = SweepPoints.expand("sweep.values", sweepValues.get());
                sweep = new TestPlan.Sweep(SweepKind.valueOf(sweepKind.get()), points);
            } catch (InvalidValueException e) {
                problems.add(new PlanCheck.Problem(
                        "sweep.values", sweepValues.get(), e.getMessage().replaceFirst("^sweep\\.values: ", "")));
            }
        }
        if (client.get() == null || server.get() == null) {
            return new Draft(null, problems, points);
        }
        List<Integer> cCpus = cpus(problems, "client.cpus", clientCpus.get());
        List<Integer> sCpus = cpus(problems, "server.cpus", serverCpus.get());
        TestPlan plan = new TestPlan(
                tool.get(),
                new TestPlan.End(client.get().login(), blankToNull(clientInterface.get()), cCpus),
                new TestPlan.End(server.get().login(), blankToNull(serverInterface.get()), sCpus),
                target.get().strip(),
                protocol.get(),
                blankToNull(udpBitrate.get()),
                seconds,
                intervalS,
                omitS,
                nStreams,
                nProcesses,
                port,
                mode.get(),
                blankToNull(window.get()),
                blankToNull(messageSize.get()),
                reps,
                sweep);
        if (plan.tool() == Tool.IPERF3) {
            refuseWhatTheReleaseLacks(problems, plan, client.get(), "the client");
            refuseWhatTheReleaseLacks(problems, plan, server.get(), "the server");
        }
        if (problems.isEmpty()) {
            problems.addAll(PlanCheck.problems(plan));
        } else {
            // Only add the checker's findings for fields that parsed; the parse errors say the rest.
            Set<String> seen = new HashSet<>();
            problems.forEach(p -> seen.add(p.field()));
            PlanCheck.problems(plan).stream()
                    .filter(p -> !seen.contains(p.field()))
                    .forEach(problems::add);
        }
        return new Draft(plan, List.copyOf(problems), points);
    }

    private void refuseWhatTheReleaseLacks(List<PlanCheck.Problem> problems, TestPlan plan, HostSpec h, String end) {
        iperf3Versions
                .apply(h)
                .flatMap(Iperf3Version::parse)
                .flatMap(r -> r.refusesBidir(plan.mode() == Mode.BIDIR, end + " (" + h.name() + ")"))
                .ifPresent(m -> problems.add(new PlanCheck.Problem("mode", "bidir", m)));
    }

    private static List<Integer> cpus(List<PlanCheck.Problem> problems, String field, String text) {
        try {
            return TestPlan.End.parseCpus(field, text);
        } catch (InvalidValueException e) {
            problems.add(new PlanCheck.Problem(field, text, "a CPU list such as 2,4,6-9 (ranges counting up)"));
            return List.of();
        }
    }

    private static int number(List<PlanCheck.Problem> problems, String field, String text) {
        try {
            return Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            problems.add(new PlanCheck.Problem(field, text, "expected a whole number"));
            return 1;
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    // ---- what the pages show -----------------------------------------------------------------

    public BooleanBinding endsValidProperty() {
        return endsValid;
    }

    public BooleanBinding optionsValidProperty() {
        return optionsValid;
    }

    /** The sweep page, and with it the whole plan, is valid. */
    public BooleanBinding sweepValidProperty() {
        return sweepValid;
    }

    /** The reason a field is refused, empty when it is fine (shown under the field). */
    public StringBinding problemOf(String... fields) {
        Set<String> wanted = Set.of(fields);
        return Bindings.createStringBinding(
                () -> String.join(
                        "; ",
                        draft.get().problems.stream()
                                .filter(p -> wanted.contains(p.field()))
                                .map(PlanCheck.Problem::message)
                                .distinct()
                                .toList()),
                draft);
    }

    /** Problems the sweep page shows: its own, and any whole-plan one no other page shows. */
    public StringBinding sweepProblems() {
        return Bindings.createStringBinding(
                () -> String.join(
                        "\n",
                        draft.get().problems.stream()
                                .filter(p -> p.field().startsWith("sweep")
                                        || p.message().contains("sweep"))
                                .map(p -> p.field() + ": " + p.message())
                                .distinct()
                                .toList()),
                draft);
    }

    public ObjectBinding<List<String>> sweepPointsProperty() {
        return sweepPoints;
    }

    /** "about 2 min 30 s" for the whole plan, every point and repetition. */
    public StringBinding estimateProperty() {
        return estimate;
    }

    /** Command lines per end, as {@link CommandPreview} gives them; empty while the plan is invalid. */
    public ObjectBinding<Map<String, List<String>>> commandsProperty() {
        return commands;
    }

    public Optional<TestPlan> plan() {
        Draft d = draft.get();
        return d.plan != null && d.problems.isEmpty() ? Optional.of(d.plan) : Optional.empty();
    }

    public static String describeDuration(long seconds) {
        if (seconds < 60) {
            return "about " + seconds + " s";
        }
        long h = seconds / 3600;
        long m = seconds % 3600 / 60;
        long s = seconds % 60;
        String text = (h > 0 ? h + " h " : "") + (m > 0 ? m + " min " : "") + (h == 0 && s > 0 ? s + " s" : "");
        return "about " + text.strip();
    }

    // ---- plans as files ----------------------------------------------------------------------

    /** Fills every page from a saved plan; ends are matched to the topology's hosts by login. */
    public void load(TestPlan plan) {
        autoTarget.set(false);
        try {
            client.set(byLogin(plan.client().login()).orElse(null));
            server.set(byLogin(plan.server().login()).orElse(null));
            clientInterface.set(
                    plan.client().dataInterface() == null ? "" : plan.client().dataInterface());
            serverInterface.set(
                    plan.server().dataInterface() == null ? "" : plan.server().dataInterface());
            target.set(plan.target() == null ? "" : plan.target());
        } finally {
            autoTarget.set(true);
        }
        tool.set(plan.tool());
        protocol.set(plan.protocol());
        udpBitrate.set(plan.udpBitrate() == null ? "" : plan.udpBitrate());
        streams.set(String.valueOf(plan.streams()));
        processes.set(String.valueOf(plan.processes()));
        clientCpus.set(plan.client() == null ? "" : plan.client().cpuText());
        serverCpus.set(plan.server() == null ? "" : plan.server().cpuText());
        basePort.set(String.valueOf(plan.basePort()));
        duration.set(String.valueOf(plan.durationS()));
        interval.set(
                plan.intervalS() == Math.rint(plan.intervalS())
                        ? String.valueOf((int) plan.intervalS())
                        : String.valueOf(plan.intervalS()));
        omit.set(String.valueOf(plan.omitS()));
        mode.set(plan.mode());
        window.set(plan.window() == null ? "" : plan.window());
        messageSize.set(plan.messageSize() == null ? "" : plan.messageSize());
        repetitions.set(String.valueOf(plan.repetitions()));
        sweepKind.set(plan.isSweep() ? plan.sweep().kind().name() : NO_SWEEP);
        sweepValues.set(plan.isSweep() ? String.join(",", plan.sweep().values()) : "");
    }

    private Optional<HostSpec> byLogin(String login) {
        return topology.hosts().stream().filter(h -> h.login().equals(login)).findFirst();
    }

    /**
     * The commands as a shell script to run from this machine: per point, servers started in the
     * background over ssh, then the client, then a wait for the servers to finish.
     */
    public String shellScript() {
        try {
            return plan().map(p -> PlanScript.of(p, this::byLogin)).orElse("");
        } catch (InvalidValueException e) {
            return "";
        }
    }

    /** For the review page: the commands in order, under a heading per end. */
    public String commandsText() {
        StringBuilder sb = new StringBuilder();
        Map<String, List<String>> cmds = new LinkedHashMap<>(commands.get());
        cmds.forEach((end, lines) -> {
            sb.append("# on ").append(end).append('\n');
            lines.forEach(l -> sb.append(l).append('\n'));
            sb.append('\n');
        });
        return sb.toString().strip();
    }
}
