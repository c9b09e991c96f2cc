package io.linklab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.counters.Finding;
import io.linklab.matrix.MatrixFile;
import io.linklab.matrix.MatrixFindings;
import io.linklab.matrix.MatrixRow;
import io.linklab.model.Expectation;
import io.linklab.store.FileFormatException;
import io.linklab.testing.MatrixRows;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/** The report page without a browser: well-formed, self-contained, escaped, with its verdicts and sections. */
class ReportPageTest {

    @TempDir
    Path dir;

    /** Parses the page as XHTML with a strict XML parser (any unclosed tag or stray & fails). */
    static Document strict(String html) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);
        return f.newDocumentBuilder().parse(new InputSource(new StringReader(html)));
    }

    /** Every chart has a title and a label; nothing is loaded from anywhere (no src, href or url() to a network). */
    static void selfContainedAndLabelled(Document doc, String html) {
        NodeList svgs = doc.getElementsByTagNameNS("http://www.w3.org/2000/svg", "svg");
        assertTrue(svgs.getLength() > 0, "charts are inline SVG");
        for (int i = 0; i < svgs.getLength(); i++) {
            Element svg = (Element) svgs.item(i);
            assertFalse(svg.getAttribute("aria-label").isBlank(), "chart " + i + " has a label");
            assertTrue(
                    svg.getElementsByTagNameNS("http://www.w3.org/2000/svg", "title")
                                    .getLength()
                            > 0,
                    "title");
        }
        NodeList imgs = doc.getElementsByTagNameNS("http://www.w3.org/1999/xhtml", "img");
        for (int i = 0; i < imgs.getLength(); i++) {
            assertFalse(((Element) imgs.item(i)).getAttribute("alt").isBlank(), "img " + i + " has alt text");
        }
        assertEquals(0, doc.getElementsByTagNameNS("*", "script").getLength(), "no script element");
        assertEquals(0, doc.getElementsByTagNameNS("*", "link").getLength(), "no linked stylesheet");
        assertFalse(html.matches("(?s).*\\b(src|href)\\s*=.*"), "nothing is fetched: no src or href at all");
        assertFalse(html.contains("url("), "no CSS url()");
        assertTrue(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>"));
    }

    @Test
    void aRunsPageIsWellFormedSelfContainedAndShowsPlantedValuesAsText() throws Exception {
        Path run = ReportFixtures.planted(dir, 9e9);
        String html = ReportPage.html(List.of(run));
        Document doc = strict(html);
        selfContainedAndLabelled(doc, html);
        String text = doc.getElementsByTagName("body").item(0).getTextContent().strip();
        // as text, exactly as the hosts and the user wrote them: not markup
        assertTrue(text.contains(ReportFixtures.SCRIPT_HOST), "host name shown literally");
        assertTrue(text.contains(ReportFixtures.AMP_KERNEL), "kernel shown literally");
        assertTrue(text.contains(ReportFixtures.QUOTED_NAME), "run name shown literally");
        assertEquals(
                ReportFixtures.QUOTED_NAME,
                doc.getElementsByTagName("title").item(0).getTextContent());
        assertFalse(html.contains("<script>") || html.contains("<b>bold"), "no planted markup is markup");
        // the verdict first, with its margin
        int verdict = text.indexOf("Verdict: FAIL");
        assertTrue(verdict >= 0 && verdict < text.indexOf("The test"), text);
        assertTrue(text.contains("c2s: fail: 5.2 of 9.0 Gbit/s expected, 58 %"), text);
        for (String section : List.of("Commands per host", "The hosts", "Rates", "Charts", "Findings", "files")) {
            assertTrue(text.contains(section), section);
        }
        assertTrue(text.contains("iperf3 -c 127.0.0.1 -p 5591 -t 3 -i 1 -P 2"), "the exact client command");
        assertTrue(text.contains("samples.csv") && text.contains("raw/001-test-r1-client-5591.txt"), "files");
        assertTrue(html.contains("Bitrate c2s per stream and SUM") && html.contains("Host counter cpu.busiest"));
    }

    @Test
    void aSweepDrawsItsCurveAndSeveralRunsAreCompared() throws Exception {
        Path single = ReportFixtures.copy("single", dir);
        Path sweep = ReportFixtures.copy("sweep", dir);
        String html = ReportPage.html(List.of(single, sweep));
        Document doc = strict(html);
        selfContainedAndLabelled(doc, html);
        String text = doc.getElementsByTagName("body").item(0).getTextContent().strip();
        assertTrue(text.startsWith("Comparison of 2 runs"), text.substring(0, 40));
        assertTrue(text.contains("Side by side") && text.contains("What differs between them"));
        assertTrue(html.contains("Throughput per sweep point"), "the sweep's curve");
        assertTrue(html.contains("Bitrate c2s, SUM of each run"), "overlaid SUMs");
        // the sweep ran on loopback, which has no link speed: no verdict, and the page says why
        assertTrue(text.contains("no verdict: 90 % of the link speed was expected, but an end reports no link speed"));
    }

    @Test
    void everyRepetitionHasItsOwnLabelledCharts() throws Exception {
        Path run = ReportFixtures.copy("single", dir);
        // a second repetition: the recorded one's samples and counters again, at half the rate
        Path journal = run.resolve("journal.jsonl");
        StringBuilder again = new StringBuilder();
        for (String line : Files.readAllLines(journal)) {
            if (line.startsWith("{\"type\":\"sample\"") && line.contains("\"rep\":1,")) {
                again.append(line.replace("\"rep\":1,", "\"rep\":2,").replace("\"bps\":3.", "\"bps\":1."))
                        .append('\n');
            }
        }
        Files.writeString(journal, again.toString(), StandardOpenOption.APPEND);
        Path counters = run.resolve("host_counters.csv");
        StringBuilder more = new StringBuilder();
        for (String line : Files.readAllLines(counters)) {
            if (line.contains(",cpu.busiest,") && line.endsWith(",1,lo")) {
                more.append(line.replace(",1,lo", ",2,lo")).append('\n');
            }
        }
        Files.writeString(counters, more.toString(), StandardOpenOption.APPEND);

        String html = ReportPage.html(List.of(run));
        selfContainedAndLabelled(strict(html), html);
        for (int rep = 1; rep <= 2; rep++) {
            String which = "(repetition " + rep + " of 2)";
            assertTrue(html.contains("Bitrate c2s per stream and SUM " + which), which);
            assertTrue(html.contains("Host counter cpu.busiest " + which), which);
        }
        String twoRuns = ReportPage.html(List.of(run, ReportFixtures.copy("sweep", dir)));
        assertTrue(twoRuns.contains("20261204-204811-iperf3-5e5a repetition 2 SUM"), "overlaid in a comparison");
    }

    @Test
    void aMatrixShowsItsHeatmapWithTheFailedLinkFramed() throws Exception {
        Path m = Files.createDirectories(dir.resolve("matrix"));
        MatrixFile.write(
                m,
                List.of(
                        new MatrixRow(
                                "h1",
                                "h2",
                                "c2s",
                                71e9,
                                70e9,
                                72e9,
                                3L,
                                100e9,
                                "ok",
                                "",
                                "pairs/h1-h2",
                                null,
                                Expectation.DEFAULT),
                        new MatrixRow(
                                "h2",
                                "h1",
                                "c2s",
                                95e9,
                                95e9,
                                95e9,
                                0L,
                                100e9,
                                "ok",
                                "",
                                "pairs/h2-h1",
                                null,
                                Expectation.DEFAULT)));
        String html = ReportPage.html(List.of(m));
        Document doc = strict(html);
        selfContainedAndLabelled(doc, html);
        String text = doc.getElementsByTagName("body").item(0).getTextContent().strip();
        assertTrue(text.contains("Verdict: FAIL") && text.contains("2 rows: 1 pass, 1 fail"), text);
        assertTrue(html.contains("stroke=\"#b71c1c\" stroke-width=\"4\""), "the failed link is framed");
        assertTrue(text.contains("71 fail"), text);
    }

    private static MatrixRow at(String client, String server, double bps, int mtu) {
        return MatrixRows.ok(client, server, bps, 100e9, mtu);
    }

    @Test
    void aMatrixOfTwoMtusHasASectionPerMtuWithItsOwnHeatmapRatesAndFindings() throws Exception {
        Path m = Files.createDirectories(dir.resolve("matrix"));
        MatrixFile.write(
                m,
                List.of(
                        at("h1", "h2", 71e9, 1500),
                        at("h1", "h2", 95e9, 9000),
                        at("h2", "h1", 72e9, 1500),
                        at("h2", "h1", 31e9, 9000)));
        Finding slow = new Finding("h2→h1", "warning", "", "asymmetric", "h2→h1 at 33 % of h1→h2", "ratio=0.326");
        MatrixFindings.writeAtMtus(m, List.of(new MatrixFindings.AtMtu(9000, slow)));

        String html = ReportPage.html(List.of(m));
        selfContainedAndLabelled(strict(html), html);
        int at1500 = html.indexOf("<h2>MTU 1500</h2>");
        int at9000 = html.indexOf("<h2>MTU 9000</h2>");
        assertTrue(0 < at1500 && at1500 < at9000, html);
        String low = html.substring(at1500, at9000);
        String high = html.substring(at9000);
        assertEquals(1, low.split("<svg", -1).length - 1, "a heatmap of its own:\n" + low);
        assertEquals(1, high.split("<svg", -1).length - 1, "a heatmap of its own:\n" + high);
        assertTrue(low.contains("71.000 Gbit/s") && !low.contains("95.000 Gbit/s"), low);
        assertTrue(high.contains("95.000 Gbit/s") && !high.contains("71.000 Gbit/s"), high);
        assertFalse(low.contains("33 %"), "the finding of 9000 is not under 1500:\n" + low);
        assertTrue(high.contains("Findings at MTU 9000") && high.contains("h2→h1 at 33 % of h1→h2"), high);
    }

    @Test
    void aFolderThatIsNoRunIsNamed() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("holiday-photos"));
        FileFormatException e = assertThrows(FileFormatException.class, () -> ReportPage.html(List.of(empty)));
        assertTrue(e.getMessage().startsWith(empty + ": neither a run folder"), e.getMessage());
    }
}
