package io.linklab.ui.matrix;

import io.linklab.matrix.MatrixPair;
import io.linklab.matrix.MatrixPairs;
import io.linklab.matrix.MatrixRun;
import io.linklab.matrix.MatrixSchedule.Uplinks;
import io.linklab.model.PlanDuration;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import io.linklab.ui.runs.MatrixLauncher;
import io.linklab.ui.wizard.TestWizardViewModel;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * What "Test Whole Lab" asks: which pairs (the drawn links, or every ordered pair), how many tests at once, whether
 * hosts and switch uplinks may be shared, and the test itself through the wizard's own {@link TestWizardViewModel}
 * (its options and sweep pages, its checks). The wizard's ends are set to the matrix's first pair that has an
 * address (one with a drawn path first), so the options are checked as a real pair's test; each pair then runs with
 * its own ends, and its own sweep. An MTU sweep is checked over every pair as the command line checks it.
 */
public final class MatrixPlanViewModel {

    /** Which pairs the matrix tests. */
    public enum Pairs {
        LINKS,
        ALL
    }

    public final ObjectProperty<Pairs> pairs = new SimpleObjectProperty<>(Pairs.LINKS);
    public final StringProperty concurrency = new SimpleStringProperty("1");
    public final BooleanProperty shareHosts = new SimpleBooleanProperty(false);
    public final ObjectProperty<Uplinks> uplinks = new SimpleObjectProperty<>(Uplinks.ONE_AT_A_TIME);

    private final Topology lab;
    private final List<MatrixPair> links;
    private final List<MatrixPair> all;
    private final TestWizardViewModel test;
    private final StringBinding problem;
    private final StringBinding summary;
    private final BooleanBinding valid;

    /** @param lastPlan the options to start from (the last test's), or null */
    public MatrixPlanViewModel(Topology lab, TestPlan lastPlan) {
        this.lab = lab;
        MatrixPairs found = new MatrixPairs(lab);
        this.links = found.links();
        this.all = found.all();
        this.test = new TestWizardViewModel(lab);
        if (lastPlan != null) {
            test.load(lastPlan);
        }
        // The last test's sweep is not carried over: an MTU sweep here changes every host's MTU, a deliberate choice.
        test.sweepKind.set(TestWizardViewModel.NO_SWEEP);
        if (links.isEmpty()) {
            pairs.set(Pairs.ALL);
        }
        pairs.addListener(o -> endsFromFirstPair());
        endsFromFirstPair();
        problem = Bindings.createStringBinding(
                this::findProblem,
                pairs,
                concurrency,
                test.sweepKind,
                test.sweepValidProperty(),
                test.optionsValidProperty());
        valid = Bindings.createBooleanBinding(() -> problem.get().isEmpty(), problem);
        summary = Bindings.createStringBinding(this::describe, pairs, concurrency, problem, test.estimateProperty());
    }

    /** The test's options: the wizard's view-model, shown by the wizard's options form. */
    public TestWizardViewModel test() {
        return test;
    }

    public List<MatrixPair> chosenPairs() {
        return pairs.get() == Pairs.LINKS ? links : all;
    }

    public int pairCount(Pairs which) {
        return which == Pairs.LINKS ? links.size() : all.size();
    }

    /** What stops the matrix from starting, or "" when it can. */
    public StringBinding problemProperty() {
        return problem;
    }

    public BooleanBinding validProperty() {
        return valid;
    }

    /** "12 pairs, up to 2 at once: about 3 min" — how long the matrix takes at least. */
    public StringBinding summaryProperty() {
        return summary;
    }

    /** The matrix to start, when everything is valid. */
    public Optional<MatrixLauncher.Request> request() {
        if (!valid.get()) {
            return Optional.empty();
        }
        return test.plan()
                .map(base -> new MatrixLauncher.Request(
                        lab,
                        base,
                        chosenPairs(),
                        new MatrixRun.Options(parsedConcurrency(), shareHosts.get(), uplinks.get())));
    }

    private void endsFromFirstPair() {
        chosenPairs().stream()
                .filter(p -> p.target() != null)
                .min(Comparator.comparing(p -> p.clientIface() == null || p.serverIface() == null))
                .ifPresent(p -> {
                    test.client.set(lab.host(p.client()).orElseThrow());
                    test.server.set(lab.host(p.server()).orElseThrow());
                    test.clientInterface.set(p.clientIface() == null ? "" : p.clientIface());
                    test.serverInterface.set(p.serverIface() == null ? "" : p.serverIface());
                    test.target.set(p.target());
                });
    }

    private TestPlan.SweepKind sweepKind() {
        String k = test.sweepKind.get();
        return k == null || TestWizardViewModel.NO_SWEEP.equals(k) ? null : TestPlan.SweepKind.valueOf(k);
    }

    private int parsedConcurrency() {
        try {
            return Integer.parseInt(concurrency.get().strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private String findProblem() {
        if (lab.hosts().size() < 2) {
            return "The lab needs two hosts or more: draw them first.";
        }
        if (chosenPairs().isEmpty()) {
            return "No two hosts are joined by drawn links: draw links, or test every ordered pair.";
        }
        if (chosenPairs().stream().allMatch(p -> p.target() == null)) {
            return "No host has an address to test it at: give the hosts' data interfaces an address.";
        }
        if (parsedConcurrency() < 1) {
            return "Tests at once: '" + concurrency.get() + "' is not valid — expected a whole number, 1 or more.";
        }
        Optional<String> mtu = MatrixPairs.mtuWithoutInterfaces(sweepKind(), chosenPairs());
        if (mtu.isPresent()) {
            return "MTU sweep: " + mtu.get() + ". Draw their links in the lab, or test only the hosts joined by "
                    + "drawn links (Pairs page).";
        }
        if (!test.optionsValidProperty().get()) {
            return "A test option is not valid: see the Tool and options page.";
        }
        if (!test.sweepValidProperty().get()) {
            return "The sweep is not valid: see the Sweep page.";
        }
        return "";
    }

    private String describe() {
        int n = chosenPairs().size();
        int at = Math.max(1, parsedConcurrency());
        Optional<TestPlan> plan = test.plan();
        if (plan.isEmpty()) {
            return n + " pairs";
        }
        long rounds = (n + at - 1) / at;
        long seconds = rounds * PlanDuration.seconds(plan.get());
        return n + " pairs, up to " + at + " at once: "
                + TestWizardViewModel.describeDuration(seconds).replaceFirst("^about", "at least about");
    }
}
