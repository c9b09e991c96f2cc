package io.linklab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import javafx.scene.control.MenuBar;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

@ExtendWith(ApplicationExtension.class)
class MainWindowUITest {

    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        new LinkLabApp().start(stage);
    }

    @Test
    void opensTheRealShellTitledLinkLab(FxRobot robot) {
        assertEquals("LinkLab", stage.getTitle());
        MenuBar menus = robot.lookup(".menu-bar").queryAs(MenuBar.class);
        assertEquals("_File", menus.getMenus().get(0).getText());
        assertNotNull(robot.lookup("#topology-area").query());
        assertNotNull(robot.lookup("#status-bar").query());
    }
}
