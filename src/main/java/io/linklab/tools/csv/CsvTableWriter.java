package io.linklab.tools.csv;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * Writes rows of a {@link CsvTable} as CONTRACTS.md asks: UTF-8, a header row, RFC 4180 quoting, numbers
 * as plain decimals with '.', and an empty cell for a value the tool did not report.
 */
public final class CsvTableWriter<T> implements Closeable, Flushable {

    /** RFC 4180 (CRLF record ends, quotes only where needed). */
    public static final CSVFormat FORMAT = CSVFormat.RFC4180;

    private final CsvTable<T> table;
    private final Writer out;
    private final CSVPrinter printer;
    private final StringBuilder row = new StringBuilder(256);
    private long rows;
    // The file behind a writer made by create(), so rows since the mark can be taken back; else null.
    private final FileChannel file;
    private static final long UNSEEKABLE = -2;
    private long markedAt = -1;
    private long markedRows;

    public CsvTableWriter(Writer out, CsvTable<T> table) {
        this(out, table, null, true);
    }

    private CsvTableWriter(Writer out, CsvTable<T> table, FileChannel file, boolean header) {
        this.table = table;
        this.out = out;
        this.file = file;
        try {
            this.printer = new CSVPrinter(out, FORMAT);
            if (header) {
                // a header may name what a log printed (netperf's selectors): neutralised as any text cell is
                printer.printRecord(table.header().stream()
                        .map(h -> runsAsFormula(h) ? "'" + h : h)
                        .toList());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Rows without the header: more rows for a file that already starts with it. */
    public static <T> CsvTableWriter<T> continuing(Writer out, CsvTable<T> table) {
        return new CsvTableWriter<>(out, table, null, false);
    }

    /** Creates (or replaces) {@code file}. */
    public static <T> CsvTableWriter<T> create(Path file, CsvTable<T> table) throws IOException {
        FileChannel channel = FileChannel.open(
                file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        Writer w = new BufferedWriter(
                new OutputStreamWriter(Channels.newOutputStream(channel), StandardCharsets.UTF_8), 1 << 16);
        return new CsvTableWriter<>(w, table, channel, true);
    }

    /** Remembers the end of what was written so far, for {@link #rollback()}. */
    public void mark() throws IOException {
        requireFile();
        out.flush();
        try {
            markedAt = file.position();
        } catch (IOException notSeekable) {
            // A pipe or terminal (--samples /dev/stdout): what went out cannot be taken back.
            markedAt = UNSEEKABLE;
        }
        markedRows = rows;
    }

    /**
     * Takes back every row written since the last {@link #mark()}; false if the output is a pipe or terminal,
     * where rows once written stay.
     */
    public boolean rollback() throws IOException {
        requireFile();
        if (markedAt == UNSEEKABLE) {
            return false;
        }
        if (markedAt < 0) {
            throw new IllegalStateException("rollback() without mark()");
        }
        out.flush();
        file.truncate(markedAt);
        file.position(markedAt);
        rows = markedRows;
        return true;
    }

    private void requireFile() {
        if (file == null) {
            throw new IllegalStateException("rows can be taken back only from a writer made by create()");
        }
    }

    public void write(T value) {
        List<CsvColumn<T>> columns = table.columns();
        row.setLength(0);
        try {
            // The record is built in memory with commons-csv's quoting and written in one call: a million
            // rows are a million writes, not thirty million.
            for (int i = 0; i < columns.size(); i++) {
                CsvColumn<T> column = columns.get(i);
                Object v = column.value().apply(value);
                String text = cell(v);
                boolean number = column.kind() == CsvColumn.Kind.NUMBER && v instanceof Number;
                if (!number && runsAsFormula(text)) {
                    if (i > 0) {
                        row.append(FORMAT.getDelimiterString());
                    }
                    quoted("'" + text, row);
                } else {
                    FORMAT.print(text, row, i == 0);
                }
            }
            FORMAT.println(row);
            out.write(row.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        rows++;
    }

    /**
     * True for text a spreadsheet would run as a formula when the file is opened (OWASP "CSV injection"): a
     * stream id, file name, host name or note starting with = + - @, a tab or a carriage return. Such a cell is
     * written quoted with a leading ' (spreadsheets show it as text and hide the quote); numbers never are,
     * so a negative rate stays a number.
     */
    static boolean runsAsFormula(String text) {
        if (text.isEmpty()) {
            return false;
        }
        char c = text.charAt(0);
        return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r';
    }

    private static void quoted(String text, StringBuilder row) {
        row.append('"').append(text.replace("\"", "\"\"")).append('"');
    }

    public long rows() {
        return rows;
    }

    /** The text of one cell: plain decimals, no exponent, no unit; "" for not reported. */
    public static String cell(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof Double || v instanceof Float) {
            return plain(((Number) v).doubleValue());
        }
        if (v instanceof Boolean) {
            return ((Boolean) v) ? "true" : "false";
        }
        return v.toString();
    }

    public static String plain(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return "";
        }
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        if (Math.abs(d) < 1e9) {
            // Most values have a few decimals ("0.5", "15.04", "0.124"): print them without BigDecimal.
            long micros = Math.round(d * 1e6);
            if (micros / 1e6 == d) {
                return sixDecimals(micros);
            }
        }
        // Double.toString's shortest round-trip digits, without the exponent it uses above 10^7.
        String s = BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
        return s;
    }

    private static String sixDecimals(long micros) {
        StringBuilder sb = new StringBuilder(20);
        if (micros < 0) {
            sb.append('-');
            micros = -micros;
        }
        sb.append(micros / 1_000_000).append('.');
        String frac = Long.toString(micros % 1_000_000);
        for (int i = frac.length(); i < 6; i++) {
            sb.append('0');
        }
        sb.append(frac);
        int end = sb.length();
        while (sb.charAt(end - 1) == '0') {
            end--;
        }
        sb.setLength(end);
        return sb.toString();
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        printer.close(true);
    }
}
