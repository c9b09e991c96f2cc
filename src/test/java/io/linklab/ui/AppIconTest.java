package io.linklab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.junit.jupiter.api.Test;

class AppIconTest {

    @Test
    void resourcePathPicksTheSmallestSizeThatIsLargeEnough() {
        assertEquals("/io/linklab/icons/linklab-16.png", AppIcon.resourcePath(1));
        assertEquals("/io/linklab/icons/linklab-16.png", AppIcon.resourcePath(16));
        assertEquals("/io/linklab/icons/linklab-24.png", AppIcon.resourcePath(17));
        assertEquals("/io/linklab/icons/linklab-128.png", AppIcon.resourcePath(96));
        assertEquals("/io/linklab/icons/linklab-256.png", AppIcon.resourcePath(256));
        assertEquals("/io/linklab/icons/linklab-256.png", AppIcon.resourcePath(4096));
    }

    @Test
    void everyResourcePathExistsOnTheClasspath() {
        for (int size : AppIcon.SIZES) {
            String path = AppIcon.resourcePath(size);
            assertEquals("/io/linklab/icons/linklab-" + size + ".png", path);
            assertNotNull(AppIcon.class.getResource(path), path + " is missing");
        }
    }
}
