package io.linklab.ui.charts;

import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

/**
 * Keeps a table's columns at least as wide as their header and their widest cell, so nothing in the table is cut
 * to "…": the table's resize policy shares out only the room that is left, and a table narrower than its columns
 * scrolls sideways instead. Columns only grow; text is measured only when a cell's text got longer than any seen
 * before in its column, so a live table's updates cost little.
 */
public final class ColumnFit {

    /** Cell padding on both sides, the header's sort arrow and a pixel or two of rounding. */
    private static final double PADDING = 24;

    private final TableView<?> table;
    private final Text measure = new Text();
    private int[] longest = new int[0];

    public ColumnFit(TableView<?> table) {
        this.table = table;
    }

    /** FX thread: widens columns whose header or cells need more room than they have. */
    public void fit() {
        var columns = table.getColumns();
        if (longest.length != columns.size()) {
            longest = new int[columns.size()];
        }
        Font body = Font.getDefault();
        Font header = Font.font(body.getFamily(), FontWeight.BOLD, body.getSize());
        int rows = table.getItems().size();
        for (int c = 0; c < columns.size(); c++) {
            TableColumn<?, ?> column = columns.get(c);
            double need = column.getMinWidth() - PADDING;
            if (longest[c] == 0) {
                need = Math.max(need, width(column.getText(), header));
                longest[c] = Math.max(
                        1, column.getText() == null ? 0 : column.getText().length());
            }
            for (int r = 0; r < rows; r++) {
                Object value = column.getCellData(r);
                String text = value == null ? "" : value.toString();
                if (text.length() > longest[c]) {
                    longest[c] = text.length();
                    need = Math.max(need, width(text, body));
                }
            }
            if (need + PADDING > column.getMinWidth() + 0.5) {
                column.setMinWidth(Math.ceil(need + PADDING));
                column.setPrefWidth(Math.max(column.getPrefWidth(), column.getMinWidth()));
            }
        }
    }

    private double width(String text, Font font) {
        if (text == null || text.isEmpty()) {
            return 0;
        }
        measure.setFont(font);
        measure.setText(text);
        return measure.getLayoutBounds().getWidth();
    }
}
