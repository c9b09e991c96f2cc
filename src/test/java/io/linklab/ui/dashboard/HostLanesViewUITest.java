package io.linklab.ui.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.counters.CounterValue;
import io.linklab.counters.HostCounterRow;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.image.PixelReader;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The host lanes: grey while nothing happens, in colour where a core is full, exact values on hover. */
@ExtendWith(ApplicationExtension.class)
class HostLanesViewUITest {

    private final HostLanes lanes = new HostLanes();
    private HostLanesView view;

    @Start
    void start(Stage stage) {
        view = new HostLanesView(lanes);
        stage.setScene(new Scene(new VBox(view), 1280, 800));
        stage.show();
    }

    private static HostCounterRow row(String end, double t, String name, double value) {
        return new HostCounterRow(
                t,
                1,
                "",
                1,
                end,
                end.equals("client") ? "h1" : "h2",
                "data0",
                new CounterValue("cpu", name, "%", value));
    }

    @Test
    void aFullCoreIsColouredQuietLanesAreGreyAndHoverHasTheValues() throws Exception {
        List<HostCounterRow> rows = new ArrayList<>();
        for (int t = 1; t <= 8; t++) {
            rows.add(row("client", t, "cpu.busiest", 97));
            rows.add(row("client", t, "cpu.busiest_core", 2));
            rows.add(row("client", t, "cpu.softirq", 12));
            rows.add(row("client", t, "rx_dropped", 0));
            rows.add(row("server", t, "cpu.busiest", 20));
            rows.add(row("server", t, "retrans_segs", 0));
        }
        lanes.add("", rows); // from the engine's thread in a run; here before the first paint
        PixelReader px = WaitForAsyncUtils.asyncFx(() -> {
                    view.refresh(new double[] {0, 10});
                    return view.snapshot(null, null).getPixelReader();
                })
                .get(10, TimeUnit.SECONDS);
        int width = (int) view.getWidth();
        assertTrue(width > 1000, "as wide as the window: " + width);
        assertTrue(hasColour(px, width, 0), "the full core of the client draws the eye");
        assertFalse(hasColour(px, width, 2), "no NIC drops: a flat grey lane");
        assertFalse(hasColour(px, width, 3), "no retransmits: a flat grey lane");

        // each lane says what its top edge stands for: the core lanes 100 %, the others their highest rate
        assertEquals(
                "top 100 %",
                WaitForAsyncUtils.asyncFx(() -> view.scale(HostLanes.Lane.BUSIEST_CORE))
                        .get(10, TimeUnit.SECONDS));
        assertEquals(
                "top 1/s",
                WaitForAsyncUtils.asyncFx(() -> view.scale(HostLanes.Lane.RETRANSMITS))
                        .get(10, TimeUnit.SECONDS),
                "nothing retransmitted: the lane's floor of 1/s");

        String hover = WaitForAsyncUtils.asyncFx(() -> view.hoverText(4.2)).get(10, TimeUnit.SECONDS);
        assertTrue(
                hover.contains("client at 4.0 s")
                        && hover.contains("busiest core   97.0 % (cpu2)")
                        && hover.contains("rx_dropped      0.0/s"),
                hover);
        assertTrue(hover.contains("server at 4.0 s") && hover.contains("retrans_segs    0.0/s"), hover);
    }

    /** Whether lane {@code lane} (0 = top) has a saturated pixel in its plot area. */
    private static boolean hasColour(PixelReader px, int width, int lane) {
        for (int y = 2 + lane * 22; y < 2 + (lane + 1) * 22; y++) {
            for (int x = 70; x < width - 20; x++) {
                Color c = px.getColor(x, y);
                if (c.getSaturation() > 0.4 && c.getOpacity() > 0.5) {
                    return true;
                }
            }
        }
        return false;
    }
}
