package io.linklab.ui;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.linklab.engine.RunOutcome;
import io.linklab.model.HostSpec;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.store.PlanFiles;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;

/**
 * What the shell shows and remembers, without a Node: the status line, the theme, the last plan the wizard
 * starts from, and what the status line says about runs and probes. {@link MainWindow} binds its view to it.
 */
public final class MainWindowViewModel {

    static final String LOOPBACK_HINT = "Loopback lab: both ends on this machine. Draw your lab, or File → Open one.";
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final Settings settings;
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("Ready");
    private final ObjectProperty<Settings.Theme> theme;

    public MainWindowViewModel(Settings settings) {
        this.settings = settings;
        theme = new SimpleObjectProperty<>(settings.get(Settings.THEME));
        theme.addListener((o, was, now) -> settings.put(Settings.THEME, now));
    }

    /** The last thing that happened, for the status line. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public void say(String text) {
        status.set(text == null ? "" : text);
    }

    /** The window's theme; a change is remembered for the next start. */
    public ObjectProperty<Settings.Theme> themeProperty() {
        return theme;
    }

    /** The lab shown changed: the first-start hint goes once a lab of the user's is shown. */
    public void topologyShown(Topology now) {
        if (status.get().equals(LOOPBACK_HINT)
                && !now.name().equals(Topology.loopback().name())) {
            say("");
        }
    }

    /** The plan the wizard last ran, saved or opened, so the next test starts from it; empty when none reads. */
    public Optional<TestPlan> lastPlan() {
        String json = settings.get(Settings.LAST_PLAN);
        if (json.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(PlanFiles.fromJson("last plan", new ObjectMapper().readTree(json)));
        } catch (Exception e) {
            // A last plan from an older version that no longer reads: the wizard starts from its defaults.
            return Optional.empty();
        }
    }

    public void rememberPlan(TestPlan plan) {
        settings.put(Settings.LAST_PLAN, PlanFiles.toJson(plan).toString());
    }

    /** The wizard's Run: remembered as the next test's start, and said. */
    public void runStarted(TestPlan plan) {
        rememberPlan(plan);
        say("Started " + plan.tool().id() + " from " + plan.client().login() + " to "
                + plan.server().login());
    }

    /** A run started here ended (finished, stopped or failed), whichever tab is in front. */
    public void runEnded(String runId, RunOutcome outcome, LocalTime at) {
        say(endMessage(runId, outcome, at));
    }

    static String endMessage(String runId, RunOutcome outcome, LocalTime at) {
        String how = switch (outcome.status()) {
            case OK -> "finished";
            case CANCELLED -> "stopped";
            case FAILED -> "failed: " + outcome.message();
        };
        return "Run " + (runId == null ? "" : runId + " ") + "ended at " + CLOCK.format(at) + ", " + how;
    }

    /** The selected hosts of the lab, in its order; says what to do when none is selected. */
    public List<HostSpec> selectedHosts(Topology topology, Collection<String> selection, String whatFor) {
        List<HostSpec> hosts = topology.hosts().stream()
                .filter(h -> selection.contains(h.id()))
                .toList();
        if (hosts.isEmpty()) {
            say("Select a host to " + whatFor);
        }
        return hosts;
    }
}
