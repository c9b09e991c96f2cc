package io.linklab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report as a real browser shows and prints it: Debian's chromium, headless and cut off from the network,
 * prints it to PDF (read back with poppler's pdfinfo and pdftotext) and screenshots it. The test command installs
 * both (src/test/lab/run-all-tests.sh).
 */
@Tag("browser")
class ReportBrowserTest {

    @TempDir
    static Path dir;

    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    @Test
    void aFailedRunPrintsOnLetterWithItsVerdictRatesAndBothHostsAndNoScriptRuns() throws Exception {
        Path run = ReportFixtures.planted(dir.resolve("fail"), 9e9);
        Path page = dir.resolve("fail.html");
        ReportPage.write(List.of(run), page);

        Path pdf = dir.resolve("fail.pdf");
        chromium("--no-pdf-header-footer", "--print-to-pdf=" + pdf, page.toUri().toString());
        String info = run("pdfinfo", pdf.toString());
        assertEquals(4, pages(info), info);
        assertTrue(info.contains("612 x 792 pts (letter)"), info);
        String text = run("pdftotext", "-layout", pdf.toString(), "-");
        assertTrue(text.contains("Verdict:") && text.contains("FAIL"), text);
        assertTrue(text.contains("c2s: fail: 5.2 of 9.0 Gbit/s expected, 58 %"), text);
        assertTrue(text.contains("5.260 Gbit/s"), "the rate: " + text);
        for (String host : List.of(ReportFixtures.SCRIPT_HOST, "server-b.lab", "client: local", "server: local")) {
            assertTrue(text.contains(host), host + " in " + text);
        }
        assertTrue(text.contains(ReportFixtures.AMP_KERNEL), "kernel as written");
        assertTrue(text.contains(ReportFixtures.QUOTED_NAME), "name as written");
        // every page's footer: its number and the run id
        assertTrue(text.contains("page 1 of 4") && text.contains("page 4 of 4"), text);
        // each page's footer, and the page's own last line
        assertEquals(4 + 1, count(text, "LinkLab report · 20261204-204811-iperf3-5e5a"), text);

        // the page's DOM after chromium ran it: the planted script would have set the title
        String dom = chromium("--dump-dom", page.toUri().toString());
        assertTrue(
                dom.contains("<title>"
                                + Html.esc(ReportFixtures.QUOTED_NAME)
                                        .replace("&#39;", "'")
                                        .replace("&quot;", "\"") + "</title>")
                        || dom.contains("<title>Rack \"A\" O'Neil's &lt;acceptance&gt; &amp; co</title>"),
                dom);
        assertFalse(dom.contains("pwned</title>"), "no planted script ran");
    }

    @Test
    void theScreenShowsTheVerdictBadgeFirstAndTheChartsBelow() throws Exception {
        Path run = ReportFixtures.planted(dir.resolve("shot"), 5e9);
        Path page = dir.resolve("shot.html");
        ReportPage.write(List.of(run), page);
        Path png = dir.resolve("shot.png");
        chromium(
                "--window-size=1280,4000",
                "--hide-scrollbars",
                "--screenshot=" + png,
                page.toUri().toString());
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(1280, image.getWidth());
        // the first screen (1280x800) is not blank, and the pass badge's green is on it
        assertTrue(share(image, 0, 800, rgb -> rgb != 0xFFFFFF) > 0.02, "the first screen has content");
        assertTrue(count(image, 0, 800, 0x2E7D32) > 300, "the green PASS badge is on the first screen");
        // the charts: stream 1's and stream 2's colours and the SUM's black lines
        assertTrue(count(image, 800, 4000, 0x1F77B4) > 300, "stream 1 drawn");
        assertTrue(count(image, 800, 4000, 0xFF7F0E) > 300, "stream 2 drawn");

        // a phone: the page fits its width (wide tables scroll inside their box, the page does not)
        Path phone = dir.resolve("phone.png");
        chromium(
                "--window-size=390,844",
                "--hide-scrollbars",
                "--screenshot=" + phone,
                page.toUri().toString());
        String width =
                chromium("--window-size=390,844", "--dump-dom", page.toUri().toString());
        assertTrue(width.contains("width=device-width"), "the viewport is the phone's");
        assertTrue(share(ImageIO.read(phone.toFile()), 0, 844, rgb -> rgb != 0xFFFFFF) > 0.02, "the phone shows it");
    }

    @Test
    void aComparisonOfASweepAndARunPrints() throws Exception {
        Path single = ReportFixtures.copy("single", dir.resolve("cmp"));
        Path sweep = ReportFixtures.copy("sweep", dir.resolve("cmp"));
        Path page = dir.resolve("cmp.html");
        ReportPage.write(List.of(single, sweep), page);
        Path pdf = dir.resolve("cmp.pdf");
        chromium("--no-pdf-header-footer", "--print-to-pdf=" + pdf, page.toUri().toString());
        String text = run("pdftotext", "-layout", pdf.toString(), "-");
        assertTrue(text.contains("Comparison of 2 runs") && text.contains("Throughput per sweep point"), text);
        assertTrue(text.contains("streams=2") && text.contains("6.270 Gbit/s"), "the sweep's rates: " + text);
        int pages = pages(run("pdfinfo", pdf.toString()));
        assertEquals(
                pages + 1,
                count(text, "LinkLab report · 20261204-204811-iperf3-5e5a, "),
                "a footer on each page, and the page's own last line");
    }

    @Test
    void onA4AndLetterNoChartIsCutAndEveryPageHasItsNumberAndTheRunId() throws Exception {
        Path single = ReportFixtures.copy("single", dir.resolve("paper"));
        Path sweep = ReportFixtures.copy("sweep", dir.resolve("paper"));
        Path page = dir.resolve("paper.html");
        ReportPage.write(List.of(single, sweep), page);
        String html = Files.readString(page);
        List<String[]> charts = charts(html);
        List<String> headings = new ArrayList<>();
        Matcher h = Pattern.compile("<h[23]>([^<]+)</h[23]>").matcher(html);
        while (h.find()) {
            headings.add(unescape(h.group(1)));
        }
        assertTrue(charts.size() >= 4, "the report's charts: " + charts.size());
        for (String[] paper : new String[][] {{"A4", "pts (A4)"}, {"letter", "612 x 792 pts (letter)"}}) {
            // the paper the print dialog would choose
            Path sized = dir.resolve("paper-" + paper[0] + ".html");
            Files.writeString(sized, html.replace("<style>\n", "<style>\n@page { size: " + paper[0] + "; }\n"));
            Path pdf = dir.resolve("paper-" + paper[0] + ".pdf");
            chromium(
                    "--no-pdf-header-footer",
                    "--print-to-pdf=" + pdf,
                    sized.toUri().toString());
            String info = run("pdfinfo", pdf.toString());
            assertTrue(info.contains(paper[1]), info);
            int pages = pages(info);
            assertTrue(pages > 1, "the report takes more than a page, so its breaks are tested: " + info);
            int titles = 0;
            for (int n = 1; n <= pages; n++) {
                String text = run("pdftotext", "-layout", "-f", "" + n, "-l", "" + n, pdf.toString(), "-");
                String at = paper[0] + " page " + n + " of " + pages + ":\n" + text;
                assertTrue(text.contains("page " + n + " of " + pages), "its number in the footer, " + at);
                assertTrue(text.contains("LinkLab report · 20261204-204811-iperf3-5e5a, "), "the run ids, " + at);
                // a chart's title is its top line and its x axis' name its bottom one: both on one page
                for (String[] chart : charts) {
                    int top = count(text, chart[0]);
                    titles += top;
                    if (top > 0) {
                        assertTrue(count(text, chart[1]) >= top, "'" + chart[0] + "' whole on the page, " + at);
                    }
                }
                // a heading is never a page's last line, apart from what it heads
                List<String> lines = text.lines()
                        .map(String::strip)
                        .filter(l -> !l.isEmpty() && !l.startsWith("LinkLab report · "))
                        .toList();
                String last = lines.isEmpty() ? "" : lines.get(lines.size() - 1);
                assertFalse(headings.contains(last), "'" + last + "' left at the foot of " + at);
                // a table that runs on to this page repeats its header
                if (text.contains("samples.csv") || text.contains("sweep.csv")) {
                    assertTrue(text.contains("file") && text.contains("bytes"), "the files table's header, " + at);
                }
            }
            assertTrue(titles >= charts.size(), "every chart printed: " + titles + " titles of " + charts.size());
        }
    }

    /** Each chart's title and the name of its x axis, as the page draws them. */
    private static List<String[]> charts(String html) {
        List<String[]> charts = new ArrayList<>();
        Matcher m = Pattern.compile("class=\"ct\">([^<]+)</text>.*?class=\"xa\">([^<]+)</text>", Pattern.DOTALL)
                .matcher(html);
        while (m.find()) {
            charts.add(new String[] {unescape(m.group(1)), unescape(m.group(2))});
        }
        return charts;
    }

    private static String unescape(String html) {
        return html.replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&#39;", "'")
                .replace("&amp;", "&");
    }

    private static int pages(String pdfinfo) {
        Matcher m = Pattern.compile("Pages:\\s+(\\d+)").matcher(pdfinfo);
        assertTrue(m.find(), pdfinfo);
        return Integer.parseInt(m.group(1));
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    private static int count(BufferedImage image, int fromY, int toY, int rgb) {
        int n = 0;
        for (int y = fromY; y < Math.min(toY, image.getHeight()); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                n += (image.getRGB(x, y) & 0xFFFFFF) == rgb ? 1 : 0;
            }
        }
        return n;
    }

    private static double share(BufferedImage image, int fromY, int toY, java.util.function.IntPredicate p) {
        long n = 0;
        long all = 0;
        for (int y = fromY; y < Math.min(toY, image.getHeight()); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                n += p.test(image.getRGB(x, y) & 0xFFFFFF) ? 1 : 0;
                all++;
            }
        }
        return (double) n / all;
    }

    /** Headless chromium without network: no background fetches, every host name unresolvable, no proxy reachable. */
    private static String chromium(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                "chromium",
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--host-resolver-rules=MAP * ~NOTFOUND",
                "--proxy-server=127.0.0.1:9",
                "--user-data-dir=" + Files.createTempDirectory(dir, "chromium")));
        cmd.addAll(List.of(args));
        return run(cmd.toArray(String[]::new));
    }

    /** Runs a program to its end (killed after a minute), returning its stdout; a non-zero exit fails the test. */
    private static String run(String... cmd) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", cmd) + " did not end within a minute");
        }
        assertEquals(0, p.exitValue(), cmd[0] + ": " + Files.readString(err, StandardCharsets.UTF_8));
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
