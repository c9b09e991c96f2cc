package io.linklab.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Labeled;
import javafx.scene.control.TextInputControl;
import javafx.scene.text.Text;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The one check that text on screen is whole: every shown {@link Labeled} (buttons, labels, tabs' labels, column
 * headers, table cells, check boxes) displays all of its text — no "…", unless its tooltip holds the whole — inside
 * its own bounds, nothing shown runs past the window's edge, and a text field's prompt fits the field. Call on the FX
 * thread, after a layout pass.
 */
public final class WholeText {

    private WholeText() {}

    /** Fails naming every piece of text under {@code root} that is cut, squeezed or past the window's edge. */
    public static void assertWhole(Node root, String where) {
        List<String> cut = cutTexts(root);
        if (!cut.isEmpty()) {
            throw new AssertionError(
                    where + ": " + cut.size() + " text(s) not shown whole:\n  " + String.join("\n  ", cut));
        }
    }

    /** {@link #assertWhole} from a test thread: looks on the FX thread, fails on the caller's. */
    public static void assertWholeOnFx(Node root, String where) throws Exception {
        List<String> cut = WaitForAsyncUtils.asyncFx(() -> cutTexts(root)).get(20, TimeUnit.SECONDS);
        if (!cut.isEmpty()) {
            throw new AssertionError(
                    where + ": " + cut.size() + " text(s) not shown whole:\n  " + String.join("\n  ", cut));
        }
    }

    /** One line per text that is not shown whole: what it is, what it says, what the screen shows. */
    public static List<String> cutTexts(Node root) {
        root.applyCss();
        if (root instanceof Parent p) {
            p.layout();
        }
        List<String> out = new ArrayList<>();
        walk(root, out);
        return out;
    }

    private static void walk(Node node, List<String> out) {
        if (!node.isVisible() || node.getOpacity() == 0) {
            return; // not on screen: an unselected tab's content, a hidden control, the overflowed part of a bar
        }
        if (node instanceof Labeled l) {
            checkLabeled(l, out);
        }
        if (node instanceof TextInputControl t) {
            checkPrompt(t, out);
        }
        if (node instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                walk(child, out);
            }
        }
    }

    private static void checkLabeled(Labeled l, List<String> out) {
        String text = l.getText();
        if (text == null
                || text.isEmpty()
                || l.getContentDisplay() == ContentDisplay.GRAPHIC_ONLY
                || l.getSkin() == null) {
            return;
        }
        String expected = l.isMnemonicParsing() ? withoutMnemonic(text) : text;
        Text shown = shownText(l);
        if (shown == null) {
            return; // a menu button, titled pane or choice box shows its text through a label inside, walked too
        }
        if (!expected.equals(shown.getText())) {
            if (cutBehindItsTooltip(l, expected, shown.getText())) {
                return;
            }
            out.add(describe(l) + " \"" + expected + "\" shows \"" + shown.getText() + "\"");
            return;
        }
        // Whole text that is wider than the control (a clip instead of an ellipsis) is cut all the same; wrapped
        // text is as wide as its wrapping width by definition.
        Bounds b = shown.getBoundsInParent();
        if (!l.isWrapText() && (b.getMinX() < -1 || b.getMaxX() > l.getWidth() + 1)) {
            out.add(describe(l) + " \"" + expected + "\" is " + Math.round(b.getWidth()) + " px wide in "
                    + Math.round(l.getWidth()) + " px");
            return;
        }
        pastTheEdge(l, "\"" + expected + "\"", out);
    }

    /**
     * A label cut with its ellipsis whose tooltip holds the whole text (a long host name in a column kept narrow
     * so the figures beside it stay in sight): hovering it reads the whole.
     */
    private static boolean cutBehindItsTooltip(Labeled l, String expected, String shown) {
        String ellipsis = l.getEllipsisString();
        return l.getTooltip() != null
                && expected.equals(l.getTooltip().getText())
                && shown.endsWith(ellipsis)
                && expected.startsWith(shown.substring(0, shown.length() - ellipsis.length()));
    }

    private static void checkPrompt(TextInputControl t, List<String> out) {
        String prompt = t.getPromptText();
        if (prompt == null
                || prompt.isEmpty()
                || (t.getText() != null && !t.getText().isEmpty())) {
            return;
        }
        Text measure = new Text(prompt);
        measure.setFont(t.getFont());
        Insets in = t.getInsets();
        double room = t.getWidth() - in.getLeft() - in.getRight();
        if (measure.getLayoutBounds().getWidth() > room + 1) {
            out.add(describe(t) + " prompt \"" + prompt + "\" needs "
                    + Math.round(measure.getLayoutBounds().getWidth()) + " px, has " + Math.round(room));
        }
    }

    /** A control outside any clipping ancestor (scroll panes and tables clip on purpose) that leaves the scene. */
    private static void pastTheEdge(Node n, String what, List<String> out) {
        Scene scene = n.getScene();
        if (scene == null) {
            return;
        }
        for (Parent p = n.getParent(); p != null; p = p.getParent()) {
            if (p.getClip() != null) {
                return;
            }
        }
        Bounds b = n.localToScene(n.getLayoutBounds());
        if (b.getMaxX() > scene.getWidth() + 1 || b.getMaxY() > scene.getHeight() + 1 || b.getMinX() < -1) {
            out.add(describe(n) + " " + what + " runs past the window's edge (x " + Math.round(b.getMinX()) + "–"
                    + Math.round(b.getMaxX()) + " of " + Math.round(scene.getWidth()) + ")");
        }
    }

    /** The skin's text node (LabeledText), not a Text the control shows as its graphic. */
    private static Text shownText(Labeled l) {
        for (Node child : l.getChildrenUnmodifiable()) {
            if (child instanceof Text t
                    && child != l.getGraphic()
                    && child.getStyleClass().contains("text")) {
                return t;
            }
        }
        return null;
    }

    static String withoutMnemonic(String text) {
        int i = text.indexOf('_');
        if (i < 0 || i == text.length() - 1) {
            return text;
        }
        return text.substring(0, i) + text.substring(i + 1);
    }

    private static String describe(Node n) {
        String id = n.getId() != null
                ? "#" + n.getId()
                : n.getStyleClass().isEmpty()
                        ? ""
                        : "." + n.getStyleClass().get(n.getStyleClass().size() - 1);
        StringBuilder path = new StringBuilder();
        for (Parent p = n.getParent(); p != null && path.length() < 60; p = p.getParent()) {
            if (p.getId() != null) {
                path.append(" in #").append(p.getId());
                break;
            }
        }
        String type = n.getClass().getSimpleName().isEmpty()
                ? n.getClass().getSuperclass().getSimpleName()
                : n.getClass().getSimpleName();
        return type + id + path;
    }
}
