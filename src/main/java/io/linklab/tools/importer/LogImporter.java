package io.linklab.tools.importer;

import io.linklab.model.Direction;
import io.linklab.model.MeasurementSink;
import io.linklab.model.ToolEvent;
import io.linklab.tools.FormatDetector;
import io.linklab.tools.LogFormat;
import io.linklab.tools.Parsers;
import io.linklab.tools.StreamingParser;
import io.linklab.tools.ToolMeta;
import io.linklab.tools.iperf3.Iperf3JsonParser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Reads a log file of iperf3, iperf2 or netperf output into a {@link MeasurementSink}: detects the format
 * (unless told), streams the file through the same parsers a live run uses, in constant memory, and
 * reports what it found and any damage by line number. Never throws for bad input.
 */
public final class LogImporter {

    private static final int BUFFER = 1 << 20;
    private static final int MAX_LINE = 8 << 20;
    private static final int SNIFF = 256 * 1024;
    private static final int FOLDED = 1000;

    private LogImporter() {}

    /**
     * What importing one file gave. {@code failure} is set when nothing could be read from it: the file is
     * unreadable, or (with {@code testFailed}) it is the log of a test that failed before measuring, and the
     * failure quotes the tool's own error.
     */
    public record FileResult(
            Path file,
            LogFormat format,
            long lines,
            long samples,
            long summaries,
            int runs,
            String version,
            Map<Direction, Double> receiverBitsPerSecond,
            List<ToolEvent> events,
            long eventCount,
            String failure,
            boolean testFailed) {

        public boolean failed() {
            return failure != null;
        }

        /** Input damage (truncation, broken JSON, junk, bad bytes) — the file was read only in part or with gaps. */
        public List<ToolEvent> damage() {
            List<ToolEvent> d = new ArrayList<>();
            for (ToolEvent e : events) {
                if (e.kind().startsWith(ToolMeta.INPUT_PREFIX)) {
                    d.add(e);
                }
            }
            return d;
        }

        public boolean damaged() {
            for (ToolEvent e : events) {
                if (e.kind().startsWith(ToolMeta.INPUT_PREFIX) && e.severity() == ToolEvent.Severity.ERROR) {
                    return true;
                }
            }
            return false;
        }
    }

    /**
     * Imports one file.
     *
     * @param format the format, or null to detect it
     */
    public static FileResult importFile(Path file, LogFormat format, MeasurementSink sink) {
        ImportTally tally = new ImportTally(sink);
        if (Files.isDirectory(file)) {
            return tally.failed(file, format, "is a directory, not a log file");
        }
        try (InputStream in = Files.newInputStream(file)) {
            return run(file, format, in, tally);
        } catch (NoSuchFileException e) {
            return tally.failed(file, format, "no such file");
        } catch (AccessDeniedException e) {
            return tally.failed(file, format, "permission denied");
        } catch (IOException e) {
            return tally.failed(file, format, "cannot be read: " + e.getMessage());
        }
    }

    /** Imports a stream (for example stdin), named {@code name} in messages. */
    public static FileResult importStream(Path name, LogFormat format, InputStream in, MeasurementSink sink)
            throws IOException {
        return run(name, format, in, new ImportTally(sink));
    }

    private static FileResult run(Path file, LogFormat format, InputStream in, ImportTally tally) throws IOException {
        byte[] buf = new byte[BUFFER];
        int filled = readFully(in, buf, 0, SNIFF);
        if (filled == 0) {
            return tally.failed(file, format, "is empty");
        }
        String binary = binaryReason(buf, Math.min(filled, 8192));
        if (binary != null) {
            return tally.failed(file, format, binary);
        }
        boolean mixed = false;
        if (format != null) {
            FormatDetector.Detection d = FormatDetector.detect(firstLines(buf, filled, FormatDetector.LINES));
            if (d.found() && d.format() != format) {
                // read as asked, but a log of another tool read as this one gives rows that look right and are not
                tally.event(ToolEvent.warning(
                        ToolMeta.INPUT_PREFIX + "format",
                        "read as " + format.id() + " as --format says, but it looks like a log of "
                                + d.format().id() + "; leave --format out to read it as what it is",
                        0));
            }
        } else {
            FormatDetector.Detection d = FormatDetector.detect(firstLines(buf, filled, FormatDetector.LINES));
            if (!d.found()) {
                return tally.failed(file, null, d.reason());
            }
            format = d.format();
            mixed = d.iperf3AndIperf2();
        }
        StreamingParser parser = mixed ? new MixedIperfTextParser(tally, format) : Parsers.forFormat(format, tally);
        Iperf3JsonParser json = parser instanceof Iperf3JsonParser ? (Iperf3JsonParser) parser : null;
        if (json != null) {
            return runChunks(file, format, in, tally, json, new ReadBuffer(buf, filled));
        }
        ReadBuffer r = new ReadBuffer(buf, filled);
        LineDecoder decoder = new LineDecoder(tally);
        long lines = 0;
        int longest = 0;
        long longestAt = 0;
        int start = 0;
        while (true) {
            int nl = -1;
            for (int i = start; i < r.filled; i++) {
                if (r.buf[i] == '\n') {
                    nl = i;
                    break;
                }
            }
            int end = nl >= 0 ? nl : r.filled;
            if (nl < 0 && !r.eof) {
                if (!r.refill(in, start)) {
                    tally.event(lineTooLong(lines + 1));
                    break;
                }
                start = 0;
                continue;
            }
            if (nl < 0 && start == end) {
                break;
            }
            lines++;
            if (end - start > longest) {
                longest = end - start;
                longestAt = lines;
            }
            parser.feed(decoder.decode(r.buf, start, end - start, lines));
            if (nl < 0) {
                break;
            }
            start = nl + 1;
        }
        parser.finish();
        FileResult result = tally.result(file, format, lines, null);
        if (result.failed() && longest > FOLDED) {
            // Tool lines are short; a long one is usually many reports pasted onto one line.
            return tally.result(
                    file,
                    format,
                    lines,
                    result.failure() + "; line " + longestAt + " is " + longest
                            + " characters long: if the reports were folded onto one line, put each on its own line");
        }
        return result;
    }

    /** Why an import stopped at a line no tool prints: it outgrew the read buffer's limit. */
    private static ToolEvent lineTooLong(long line) {
        return ToolEvent.error(
                ToolMeta.INPUT_JUNK,
                "line " + line + " is longer than " + (MAX_LINE >> 20) + " MB: not tool output; stopped here",
                line);
    }

    /** JSON: whole buffers of complete lines go to the parser, which feeds Jackson in bulk. */
    private static FileResult runChunks(
            Path file, LogFormat format, InputStream in, ImportTally tally, Iperf3JsonParser json, ReadBuffer r)
            throws IOException {
        while (true) {
            int last = -1;
            for (int i = r.filled - 1; i >= 0; i--) {
                if (r.buf[i] == '\n') {
                    last = i;
                    break;
                }
            }
            if (r.eof) {
                json.feedChunk(r.buf, 0, r.filled);
                break;
            }
            if (last >= 0) {
                json.feedChunk(r.buf, 0, last + 1);
            }
            if (!r.refill(in, last + 1)) {
                // the line after the last whole one the parser was given, not the file's first
                tally.event(lineTooLong(json.lines() + 1));
                break;
            }
            if (r.filled == 0) {
                break;
            }
        }
        long lines = json.lines();
        json.finish();
        return tally.result(file, format, lines, null);
    }

    /**
     * The read buffer of both loops: the bytes not yet given to a parser stay at its front, more are read in
     * behind them, and it doubles (up to {@link #MAX_LINE}) when one line fills it.
     */
    private static final class ReadBuffer {
        byte[] buf;
        int filled;
        boolean eof;

        ReadBuffer(byte[] buf, int filled) {
            this.buf = buf;
            this.filled = filled;
        }

        /** Drops the first {@code consumed} bytes and reads more; false when one line outgrew the limit. */
        boolean refill(InputStream in, int consumed) throws IOException {
            if (consumed > 0) {
                System.arraycopy(buf, consumed, buf, 0, filled - consumed);
                filled -= consumed;
            } else if (filled == buf.length) {
                if (buf.length >= MAX_LINE) {
                    return false;
                }
                buf = Arrays.copyOf(buf, buf.length * 2);
            }
            int n = readFully(in, buf, filled, buf.length - filled);
            eof = n == 0;
            filled += n;
            return true;
        }
    }

    private static int readFully(InputStream in, byte[] buf, int off, int max) throws IOException {
        int total = 0;
        while (total < max) {
            int n = in.read(buf, off + total, max - total);
            if (n < 0) {
                break;
            }
            total += n;
        }
        return total;
    }

    /** Why the first bytes are not text, or null when they are. */
    static String binaryReason(byte[] buf, int len) {
        int control = 0;
        for (int i = 0; i < len; i++) {
            int b = buf[i] & 0xff;
            if (b == 0) {
                return "is a binary file (NUL byte at offset " + i + "), not tool output";
            }
            if (b < 0x20 && b != '\n' && b != '\r' && b != '\t' && b != '\f' && b != 0x1b && b != 0x08) {
                control++;
            }
        }
        if (control > len / 20 + 2) {
            return "is a binary file (" + control + " control bytes in the first " + len + "), not tool output";
        }
        return null;
    }

    private static List<String> firstLines(byte[] buf, int filled, int max) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < filled && lines.size() < max; i++) {
            if (buf[i] == '\n') {
                lines.add(new String(buf, start, i - start, StandardCharsets.UTF_8));
                start = i + 1;
            }
        }
        if (start < filled && lines.size() < max) {
            lines.add(new String(buf, start, filled - start, StandardCharsets.UTF_8));
        }
        return lines;
    }

    /** Bytes to text: ASCII fast, UTF-8 checked, anything else replaced and reported once. */
    private static final class LineDecoder {
        private final CharsetDecoder strict = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        private final MeasurementSink sink;
        private long badLines;

        LineDecoder(MeasurementSink sink) {
            this.sink = sink;
        }

        String decode(byte[] buf, int off, int len, long lineNo) {
            boolean ascii = true;
            for (int i = off; i < off + len; i++) {
                if (buf[i] < 0) {
                    ascii = false;
                    break;
                }
            }
            if (ascii) {
                return new String(buf, off, len, StandardCharsets.ISO_8859_1);
            }
            try {
                CharBuffer chars = strict.reset().decode(ByteBuffer.wrap(buf, off, len));
                return chars.toString();
            } catch (CharacterCodingException e) {
                badLines++;
                if (badLines == 1) {
                    sink.event(ToolEvent.warning(
                            ToolMeta.INPUT_ENCODING,
                            "line " + lineNo
                                    + ": bytes that are not UTF-8 (replaced; the numbers on the line are still read)",
                            lineNo));
                }
                return new String(buf, off, len, StandardCharsets.UTF_8);
            }
        }
    }
}
