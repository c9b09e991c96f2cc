package io.linklab.tools.netperf;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads netperf's -O output (omni selectors printed as a table): each column's name is wrapped over a few title
 * lines and its value sits below, and netperf prints both left-aligned at the same offset. So a column's name is
 * what the title lines hold between this value's start and the next one's.
 */
final class OmniColumns {

    private OmniColumns() {}

    /** Column name (its title words joined by spaces) to value, in the row's order; empty if no titles. */
    static Map<String, String> name(List<String> titles, String row) {
        List<Integer> starts = new ArrayList<>();
        List<String> values = new ArrayList<>();
        int i = 0;
        while (i < row.length()) {
            while (i < row.length() && Character.isWhitespace(row.charAt(i))) {
                i++;
            }
            if (i >= row.length()) {
                break;
            }
            int from = i;
            while (i < row.length() && !Character.isWhitespace(row.charAt(i))) {
                i++;
            }
            starts.add(from);
            values.add(row.substring(from, i));
        }
        // A title line breaks only where the values do: a line with a word across a column edge is other text.
        List<String> columnTitles = new ArrayList<>();
        for (String t : titles) {
            boolean aligned = true;
            for (int c = 1; c < starts.size() && aligned; c++) {
                int edge = starts.get(c);
                aligned = edge >= t.length() || t.charAt(edge - 1) == ' ';
            }
            if (aligned) {
                columnTitles.add(t);
            }
        }
        Map<String, String> named = new LinkedHashMap<>();
        if (columnTitles.isEmpty()) {
            return named;
        }
        for (int c = 0; c < starts.size(); c++) {
            int from = starts.get(c);
            int to = c + 1 < starts.size() ? starts.get(c + 1) : Integer.MAX_VALUE;
            StringBuilder name = new StringBuilder();
            for (String t : columnTitles) {
                String part = t.substring(Math.min(from, t.length()), Math.min(to, t.length()))
                        .trim();
                if (!part.isEmpty()) {
                    name.append(name.length() > 0 ? " " : "").append(part);
                }
            }
            named.put(name.toString(), values.get(c));
        }
        return named;
    }
}
