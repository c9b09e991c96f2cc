package io.linklab.ui.tune;

import io.linklab.model.InvalidValueException;
import io.linklab.model.TestPlan;
import io.linklab.tune.Dimension;
import io.linklab.tune.TuneBudget;
import io.linklab.tune.TuneInputs;
import io.linklab.tune.TuneRequest;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * "Find best settings": what the user may set for a tune between the wizard's two ends — the link's speed, the
 * budget, the tools and which dimensions may vary (the MTU only when MTU changes are allowed) — and the
 * {@link TuneRequest} it makes. No Node: the dialog binds to it, tests drive it directly.
 */
public final class TuneForm {

    public final StringProperty linkSpeed = new SimpleStringProperty("");
    public final StringProperty budget = new SimpleStringProperty("2m");
    public final StringProperty tools = new SimpleStringProperty("iperf3,iperf2,netperf");
    public final StringProperty maxStreams = new SimpleStringProperty("8");
    public final StringProperty windows = new SimpleStringProperty("4M");
    public final BooleanProperty varyTool = new SimpleBooleanProperty(true);
    public final BooleanProperty varyProcesses = new SimpleBooleanProperty(true);
    public final BooleanProperty varyStreams = new SimpleBooleanProperty(true);
    public final BooleanProperty varyPinning = new SimpleBooleanProperty(true);
    public final BooleanProperty varyWindow = new SimpleBooleanProperty(true);
    /** MTU changes touch the hosts' interfaces: off unless the user allows them. */
    public final BooleanProperty allowMtu = new SimpleBooleanProperty(false);

    public final StringProperty mtus = new SimpleStringProperty("1500,9000");

    private final TestPlan base;
    private final StringBinding problem;

    /**
     * @param base      the wizard's plan: its ends, target, port and protocol are the tune's
     * @param linkSpeed the link's speed as the lab drawing says it ("25G"), or null
     */
    public TuneForm(TestPlan base, String linkSpeed) {
        this.base = base;
        if (linkSpeed != null) {
            this.linkSpeed.set(linkSpeed);
        }
        problem = Bindings.createStringBinding(
                this::problemNow,
                this.linkSpeed,
                budget,
                tools,
                maxStreams,
                windows,
                varyTool,
                varyProcesses,
                varyStreams,
                varyPinning,
                varyWindow,
                allowMtu,
                mtus);
    }

    public TestPlan base() {
        return base;
    }

    /** What stops the tune from starting, naming the field; "" when it can start. */
    public StringBinding problem() {
        return problem;
    }

    private String problemNow() {
        try {
            request();
            return "";
        } catch (InvalidValueException e) {
            return e.getMessage();
        }
    }

    /** The dimensions ticked. */
    public Set<Dimension> vary() {
        Set<Dimension> out = EnumSet.noneOf(Dimension.class);
        add(out, varyTool, Dimension.TOOL);
        add(out, varyProcesses, Dimension.PROCESSES);
        add(out, varyStreams, Dimension.STREAMS);
        add(out, varyPinning, Dimension.PINNING);
        add(out, varyWindow, Dimension.WINDOW);
        add(out, allowMtu, Dimension.MTU);
        return out;
    }

    private static void add(Set<Dimension> out, BooleanProperty on, Dimension d) {
        if (on.get()) {
            out.add(d);
        }
    }

    /**
     * The tune as set.
     *
     * @throws InvalidValueException naming the field that is not valid
     */
    public TuneRequest request() {
        int streams;
        try {
            streams = Integer.parseInt(maxStreams.get().trim());
        } catch (NumberFormatException e) {
            throw new InvalidValueException("most streams per process", maxStreams.get(), "expected 1 to 128");
        }
        Set<Dimension> vary = vary();
        if (vary.isEmpty()) {
            throw new InvalidValueException("vary", "", "tick at least one setting the tune may change");
        }
        return new TuneRequest(
                base,
                TuneInputs.tools("tools", tools.get()),
                TuneInputs.maxStreams("most streams per process", streams),
                TuneInputs.windows("windows", windows.get()),
                vary,
                TuneInputs.linkSpeed("link speed", linkSpeed.get()),
                TuneBudget.of(TuneBudget.parseTime("budget", budget.get())),
                allowMtu.get() ? TuneInputs.mtus("MTUs", mtus.get()) : List.of());
    }
}
