package io.linklab.ui.wizard;

import static io.linklab.ui.wizard.WizardForm.add;
import static io.linklab.ui.wizard.WizardForm.converter;
import static io.linklab.ui.wizard.WizardForm.grid;
import static io.linklab.ui.wizard.WizardForm.text;

import io.linklab.model.TestPlan.Mode;
import io.linklab.model.TestPlan.Protocol;
import io.linklab.model.Tool;
import java.util.List;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.scene.Node;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;

/**
 * The "Tool and options" page of a test: tool, protocol, streams, processes, duration … with a tooltip each. The
 * test wizard shows it for one pair, the whole-lab dialog for every pair of a matrix: one set of controls for both.
 */
public final class OptionsForm {

    private OptionsForm() {}

    /** The fields of the test's options over {@code vm}, each with its problem under it. */
    public static Node build(TestWizardViewModel vm) {
        GridPane g = grid();
        int row = 0;
        ChoiceBox<Tool> tool = new ChoiceBox<>(FXCollections.observableArrayList(Tool.values()));
        tool.setId("wizard-tool");
        tool.setConverter(converter(t -> t == null ? "" : t.id()));
        tool.valueProperty().bindBidirectional(vm.tool);
        tool.setTooltip(new Tooltip("iperf3: JSON output, one process per port. iperf2: true multi-threaded -P, "
                + "best single-process rate at 100G. netperf: TCP_STREAM/MAERTS with CPU use and service demand."));
        row = add(g, row, "Tool", tool, vm.problemOf("tool"));
        ChoiceBox<Protocol> protocol = new ChoiceBox<>(FXCollections.observableArrayList(Protocol.values()));
        protocol.setId("wizard-protocol");
        protocol.valueProperty().bindBidirectional(vm.protocol);
        protocol.setTooltip(new Tooltip(
                "TCP measures what the stack achieves; UDP sends at a set rate and " + "reports loss and jitter"));
        row = add(g, row, "Protocol", protocol, vm.problemOf("protocol"));
        row = addTexts(
                g,
                row,
                vm,
                List.of(
                        new TextRow(
                                "Bitrate",
                                vm.udpBitrate,
                                "wizard-bitrate",
                                "bitrate",
                                "-b: rate in bits/s such as 1G or 9.5G per stream. UDP sends at it; TCP is paced to it (iperf3, "
                                        + "iperf2; netperf cannot pace). Blank for the tool's default (UDP 1M, TCP unpaced), "
                                        + "0 for unlimited"),
                        new TextRow(
                                "Streams",
                                vm.streams,
                                "wizard-streams",
                                "streams",
                                "Parallel streams per process (-P). One iperf3 stream rarely fills 100G; several processes do."),
                        new TextRow(
                                "Processes",
                                vm.processes,
                                "wizard-processes",
                                "processes",
                                "Client/server process pairs run at once, on consecutive ports from the first port "
                                        + "(4 processes on 5201-5204 reach line rate at 100G)"),
                        new TextRow(
                                "Client CPUs",
                                vm.clientCpus,
                                "wizard-client-cpus",
                                "client.cpus",
                                "Pin the client's processes to these CPUs (taskset), process N to the Nth: e.g. 2,4,6-9, cores "
                                        + "near the NIC. Blank: the scheduler decides"),
                        new TextRow(
                                "Server CPUs",
                                vm.serverCpus,
                                "wizard-server-cpus",
                                "server.cpus",
                                "Pin the server's processes to these CPUs, as for the client"),
                        new TextRow(
                                "First port",
                                vm.basePort,
                                "wizard-port",
                                "port",
                                "Port of the first server; process N listens on first port + N - 1"),
                        new TextRow(
                                "Duration (s)",
                                vm.duration,
                                "wizard-duration",
                                "duration",
                                "Seconds each test measures (-t)"),
                        new TextRow(
                                "Interval (s)",
                                vm.interval,
                                "wizard-interval",
                                "interval",
                                "Seconds between reports (-i): the resolution of the live charts"),
                        new TextRow(
                                "Omit (s)",
                                vm.omit,
                                "wizard-omit",
                                "omit",
                                "iperf3 only: seconds of warm-up (TCP slow start) left out of the results (-O)")));
        ChoiceBox<Mode> mode = new ChoiceBox<>(FXCollections.observableArrayList(Mode.values()));
        mode.setId("wizard-mode");
        mode.setConverter(converter(m -> m == null
                ? ""
                : switch (m) {
                    case NORMAL -> "client → server";
                    case REVERSE -> "server → client (reverse)";
                    case BIDIR -> "both ways at once (bidirectional)";
                }));
        mode.valueProperty().bindBidirectional(vm.mode);
        mode.setTooltip(new Tooltip(
                "Which way data flows: -R reverses it, --bidir (iperf3) / -d (iperf2) " + "sends both ways at once"));
        row = add(g, row, "Direction", mode, vm.problemOf("mode"));
        addTexts(
                g,
                row,
                vm,
                List.of(
                        new TextRow(
                                "Window",
                                vm.window,
                                "wizard-window",
                                "window",
                                "Socket buffer / TCP window (-w) such as 4M; blank for the kernel's autotuning"),
                        new TextRow(
                                "Message size",
                                vm.messageSize,
                                "wizard-message-size",
                                "message-size",
                                "Bytes per write (-l for iperf, -m for netperf) such as 128K; blank for the tool's default"),
                        new TextRow(
                                "Repetitions",
                                vm.repetitions,
                                "wizard-repetitions",
                                "repetitions",
                                "How many times each test runs; results show mean, min and max")));
        return g;
    }

    /** A text field of the options: its label, the property it edits, its id, its problem's key and its tooltip. */
    private record TextRow(String label, StringProperty value, String id, String problem, String tip) {}

    /** Adds {@code rows} from {@code row} on, each with its problem under it; returns the next free row. */
    private static int addTexts(GridPane g, int row, TestWizardViewModel vm, List<TextRow> rows) {
        for (TextRow r : rows) {
            row = add(g, row, r.label(), text(r.value(), r.id(), r.tip()), vm.problemOf(r.problem()));
        }
        return row;
    }
}
