package io.linklab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.tools.csv.CsvTableWriter;
import java.io.BufferedReader;
import java.io.Reader;
import java.io.StringWriter;
import java.io.Writer;
import org.junit.jupiter.api.Test;

/** samples.csv is written from the journal as it is read, never from the whole journal in memory. */
class ResultCsvTest {

    private static final int STREAMS = 128;
    /** 20 minutes (150 000 lines, 37 MB of journal): far beyond any read buffer, quick enough for every build. */
    private static final int SECONDS = 1200;

    @Test
    void twentyMinutesOf128StreamsAreCopiedLineByLineWhileTheJournalIsRead() throws Exception {
        JournalLines journal = new JournalLines();
        RowsWatcher samplesOut = new RowsWatcher(journal);
        CsvTableWriter<RunJournal.Entry<Sample>> samples = new CsvTableWriter<>(samplesOut, ResultCsv.SAMPLE_TABLE);
        CsvTableWriter<RunJournal.Entry<Summary>> summaries =
                new CsvTableWriter<>(new StringWriter(), ResultCsv.SUMMARY_TABLE);

        RunJournal.Damage damage = ResultCsv.write(new BufferedReader(journal), samples, summaries, null);

        assertEquals(RunJournal.Damage.NONE, damage);
        assertEquals((long) STREAMS * SECONDS, samples.rows());
        assertEquals((long) STREAMS * SECONDS, journal.produced);
        // Each row reached the CSV while the journal had been read at most a reader's buffer ahead of it: the
        // journal is never whole in memory (it is generated here and exists nowhere else).
        assertTrue(samplesOut.maxLead < 200, "the CSV fell " + samplesOut.maxLead + " journal lines behind");
        assertTrue(samplesOut.last.startsWith("\"\",,128,c2s,1199,1200,1000000,8000000000,0,65536,"), samplesOut.last);
    }

    /** A journal of one sample per stream per second, made up as it is read. */
    private static final class JournalLines extends Reader {
        long produced;
        private final StringBuilder line = new StringBuilder();
        private int pos;

        @Override
        public int read(char[] buf, int off, int len) {
            if (pos == line.length()) {
                if (produced == (long) STREAMS * SECONDS) {
                    return -1;
                }
                long second = produced / STREAMS;
                long stream = produced % STREAMS + 1;
                line.setLength(0);
                line.append("{\"type\":\"sample\",\"point\":\"\",\"rep\":1,\"process\":null,\"stream\":\"")
                        .append(stream)
                        .append("\",\"direction\":\"c2s\",\"start\":")
                        .append(second)
                        .append(",\"end\":")
                        .append(second + 1)
                        .append(
                                ",\"bytes\":1000000,\"bps\":8.0E9,\"retransmits\":0,"
                                        + "\"cwnd\":65536,\"rtt_ms\":null,\"jitter_ms\":null,\"lost\":null,\"packets\":null}\n");
                pos = 0;
                produced++;
            }
            int n = Math.min(len, line.length() - pos);
            line.getChars(pos, pos + n, buf, off);
            pos += n;
            return n;
        }

        @Override
        public void close() {}
    }

    /** The samples.csv side: how far the journal had been read when each row arrived. */
    private static final class RowsWatcher extends Writer {
        private final JournalLines journal;
        long rows = -1; // the header is not a journal line
        long maxLead;
        String last = "";

        RowsWatcher(JournalLines journal) {
            this.journal = journal;
        }

        @Override
        public void write(char[] buf, int off, int len) {
            write(new String(buf, off, len));
        }

        @Override
        public void write(String s) {
            for (int i = 0; i < s.length(); i++) {
                if (s.charAt(i) == '\n') {
                    rows++;
                }
            }
            maxLead = Math.max(maxLead, journal.produced - rows);
            last = s;
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    }
}
