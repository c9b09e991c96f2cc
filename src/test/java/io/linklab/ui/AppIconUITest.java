package io.linklab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import javafx.scene.image.Image;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

@ExtendWith(ApplicationExtension.class)
class AppIconUITest {

    private Stage stage;

    // LinkLabApp itself is not started here: it reads the user's settings. That the installed app's window
    // shows the icon is checked end to end by installer/check-deb.sh (_NET_WM_ICON under Xvfb).
    @Start
    void start(Stage stage) {
        this.stage = stage;
        AppIcon.applyTo(stage);
    }

    @Test
    void aStageGetsEveryIconSize() {
        List<Image> icons = stage.getIcons();
        assertEquals(AppIcon.SIZES.size(), icons.size());
        for (int i = 0; i < icons.size(); i++) {
            Image icon = icons.get(i);
            assertFalse(icon.isError(), "icon " + i + " failed to load");
            assertEquals(AppIcon.SIZES.get(i), (int) icon.getWidth(), "width of icon " + i);
            assertEquals(AppIcon.SIZES.get(i), (int) icon.getHeight(), "height of icon " + i);
        }
    }

    @Test
    void anAboutBoxGetsTheSizeItAsksForOrTheNextLarger() {
        assertEquals(128, (int) AppIcon.image(128).getWidth());
        assertEquals(128, (int) AppIcon.image(100).getWidth());
        assertEquals(256, (int) AppIcon.image(1024).getWidth());
    }

    @Test
    void theIconIsNotBlank() {
        // The corners are transparent (a rounded tile) and the centre is opaque: a mis-rendered or empty
        // PNG from the generator fails here.
        Image icon = AppIcon.image(64);
        assertEquals(0.0, icon.getPixelReader().getColor(0, 0).getOpacity(), 0.01);
        assertEquals(1.0, icon.getPixelReader().getColor(32, 40).getOpacity(), 0.01);
    }
}
