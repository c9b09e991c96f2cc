package io.linklab.ui.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.lab.Lab;
import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.Topology;
import io.linklab.remote.SshSettings;
import io.linklab.ui.AppServices;
import io.linklab.ui.MainWindow;
import io.linklab.ui.Settings;
import io.linklab.ui.UiTestSupport;
import io.linklab.ui.tasks.BackgroundTasks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.prefs.Preferences;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Probes the lab's hosts over real SSH from the real window and watches their badges. */
@Tag("lab")
@ExtendWith(ApplicationExtension.class)
class ProbeUILabTest {

    private final Lab lab = Lab.get();
    private final Preferences prefs = UiTestSupport.freshPreferences();
    private final BackgroundTasks tasks = new BackgroundTasks("probe-test", 2);
    private MainWindow window;
    private Path knownHosts;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) throws Exception {
        // An empty known_hosts: each lab host's key is new, so the probe has to ask.
        knownHosts = Files.createTempFile(dir, "known_hosts", "");
        SshSettings ssh = lab.sshSettings().withKnownHosts(knownHosts);
        RemoteHostProbeService prober = new RemoteHostProbeService(ssh, new DialogLoginPrompts(() -> window.stage()));
        window = new MainWindow(AppServices.inFolder(dir.resolve("home"), new Settings(prefs), tasks)
                .withProber(prober));
        window.install(stage);
        stage.show();
        window.editor()
                .newTopology(new Topology(
                        "lab " + lab.value("LAB_ID"),
                        List.of(host("h1", lab.h1()), host("h2", lab.h2())),
                        List.of(),
                        List.of()));
    }

    private static HostSpec host(String id, Lab.Host h) {
        return new HostSpec(
                id,
                "lab-" + id,
                h.mgmt(),
                "root",
                22,
                null,
                null,
                List.of(new InterfaceSpec(h.dataIf(), h.data(), 1500, null)),
                id.equals("h1") ? 40 : 400,
                60);
    }

    @AfterEach
    void cleanUp() {
        tasks.close();
        UiTestSupport.remove(prefs);
    }

    private void waitFor(String what, Callable<Boolean> condition) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, condition);
        } catch (TimeoutException e) {
            throw new AssertionError("timed out waiting for " + what, e);
        }
    }

    private void clickOnScreen(FxRobot robot, String query) throws Exception {
        UiTestSupport.clickOnScreen(robot, query, 60);
    }

    @Test
    void probeShowsTheUnknownHostKeyThenTheBadgeTurnsReady(FxRobot robot) throws Exception {
        robot.clickOn("#node-h1");
        robot.clickOn("Test").clickOn("Probe Selected Host");
        waitFor(
                "the host key dialog",
                () -> robot.lookup("#host-key-fingerprint").tryQuery().isPresent());
        String fingerprint =
                robot.lookup("#host-key-fingerprint").queryAs(TextField.class).getText();
        assertTrue(fingerprint.startsWith("SHA256:"), fingerprint);
        // The same key ssh-keygen sees in the lab's own known_hosts for h1.
        Process keygen = new ProcessBuilder(
                        "ssh-keygen",
                        "-l",
                        "-F",
                        lab.h1().mgmt(),
                        "-f",
                        lab.knownHosts().toString())
                .redirectErrorStream(true)
                .start();
        String expected = new String(keygen.getInputStream().readAllBytes());
        keygen.waitFor(10, TimeUnit.SECONDS);
        assertTrue(expected.contains(fingerprint), fingerprint + " not in\n" + expected);
        // the dialog's nodes exist before its window shows: click once the button is on screen
        clickOnScreen(robot, "Accept and remember");
        waitFor("h1 ready", () -> window.probes().badge("h1") == HostBadge.READY);
        assertTrue(Files.readString(knownHosts).contains(lab.h1().mgmt()), "the accepted key is remembered");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(
                "ready",
                robot.lookup("#node-h1 .badge-text").queryAs(Label.class).getText());
        assertEquals(
                "lab-h1: ready",
                robot.lookup("#host-state-h1").queryAs(Label.class).getText());
        assertEquals(
                "3.12",
                window.probes()
                        .facts("h1")
                        .orElseThrow()
                        .tool("iperf3")
                        .orElseThrow()
                        .version());

        // Refusing h2's key leaves it failed, with the reason.
        robot.clickOn("#node-h2");
        robot.clickOn("Test").clickOn("Probe Selected Host");
        waitFor(
                "the host key dialog for h2",
                () -> robot.lookup("#host-key-fingerprint").tryQuery().isPresent());
        // h1's closed dialog may still be found by lookup: wait until the new dialog's button is on screen.
        clickOnScreen(robot, "Refuse");
        waitFor("h2 failed", () -> window.probes().badge("h2") == HostBadge.FAILED);
        String problem = window.probes().facts("h2").orElseThrow().problem();
        assertTrue(problem != null && !problem.isBlank());
        assertTrue(!Files.readString(knownHosts).contains(lab.h2().mgmt()), "a refused key is not recorded");
    }

    @Test
    void aDrawingThatDiffersFromTheHostGivesAWarningBadge(FxRobot robot) throws Exception {
        Files.copy(lab.knownHosts(), knownHosts, StandardCopyOption.REPLACE_EXISTING);
        HostSpec wrongMtu = new HostSpec(
                "h1",
                "lab-h1",
                lab.h1().mgmt(),
                "root",
                22,
                null,
                null,
                List.of(new InterfaceSpec(lab.h1().dataIf(), lab.h1().data(), 9000, null)),
                40,
                60);
        robot.interact(() -> window.editor().replaceHost(wrongMtu));
        robot.clickOn("#toolbar-probe");
        waitFor(
                "both probed",
                () -> window.probes().badge("h1") == HostBadge.WARNING
                        && window.probes().badge("h2") == HostBadge.READY);
        assertEquals(
                List.of(lab.h1().dataIf() + ": MTU is 1500, the drawing says 9000"),
                ProbeViewModel.differences(wrongMtu, window.probes().facts("h1").orElseThrow()));
    }
}
