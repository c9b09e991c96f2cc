package io.linklab.ui.wizard;

import static io.linklab.ui.wizard.WizardForm.add;
import static io.linklab.ui.wizard.WizardForm.converter;
import static io.linklab.ui.wizard.WizardForm.grid;
import static io.linklab.ui.wizard.WizardForm.text;

import io.linklab.model.TestPlan.Mode;
import io.linklab.model.TestPlan.Protocol;
import io.linklab.model.Tool;
import javafx.collections.FXCollections;
import javafx.scene.Node;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.TextField;
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
        TextField rate = text(
                vm.udpBitrate,
                "wizard-bitrate",
                "-b: rate in bits/s such as 1G or 9.5G per stream. UDP sends at it; TCP is paced to it (iperf3, "
                        + "iperf2; netperf cannot pace). Blank for the tool's default (UDP 1M, TCP unpaced), "
                        + "0 for unlimited");
        row = add(g, row, "Bitrate", rate, vm.problemOf("bitrate"));
        row = add(
                g,
                row,
                "Streams",
                text(
                        vm.streams,
                        "wizard-streams",
                        "Parallel streams per process (-P). One iperf3 stream rarely fills 100G; several processes do."),
                vm.problemOf("streams"));
        row = add(
                g,
                row,
                "Processes",
                text(
                        vm.processes,
                        "wizard-processes",
                        "Client/server process pairs run at once, on consecutive ports from the first port "
                                + "(4 processes on 5201-5204 reach line rate at 100G)"),
                vm.problemOf("processes"));
        row = add(
                g,
                row,
                "Client CPUs",
                text(
                        vm.clientCpus,
                        "wizard-client-cpus",
                        "Pin the client's processes to these CPUs (taskset), process N to the Nth: e.g. 2,4,6-9, cores "
                                + "near the NIC. Blank: the scheduler decides"),
                vm.problemOf("client.cpus"));
        row = add(
                g,
                row,
                "Server CPUs",
                text(
                        vm.serverCpus,
                        "wizard-server-cpus",
                        "Pin the server's processes to these CPUs, as for the client"),
                vm.problemOf("server.cpus"));
        row = add(
                g,
                row,
                "First port",
                text(vm.basePort, "wizard-port", "Port of the first server; process N listens on first port + N - 1"),
                vm.problemOf("port"));
        row = add(
                g,
                row,
                "Duration (s)",
                text(vm.duration, "wizard-duration", "Seconds each test measures (-t)"),
                vm.problemOf("duration"));
        row = add(
                g,
                row,
                "Interval (s)",
                text(vm.interval, "wizard-interval", "Seconds between reports (-i): the resolution of the live charts"),
                vm.problemOf("interval"));
        row = add(
                g,
                row,
                "Omit (s)",
                text(
                        vm.omit,
                        "wizard-omit",
                        "iperf3 only: seconds of warm-up (TCP slow start) left out of the results (-O)"),
                vm.problemOf("omit"));
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
        row = add(
                g,
                row,
                "Window",
                text(
                        vm.window,
                        "wizard-window",
                        "Socket buffer / TCP window (-w) such as 4M; blank for the kernel's autotuning"),
                vm.problemOf("window"));
        row = add(
                g,
                row,
                "Message size",
                text(
                        vm.messageSize,
                        "wizard-message-size",
                        "Bytes per write (-l for iperf, -m for netperf) such as 128K; blank for the tool's default"),
                vm.problemOf("message-size"));
        add(
                g,
                row,
                "Repetitions",
                text(
                        vm.repetitions,
                        "wizard-repetitions",
                        "How many times each test runs; results show mean, min and max"),
                vm.problemOf("repetitions"));
        return g;
    }
}
