package io.linklab.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.linklab.matrix.MatrixSchedule.Uplinks;
import io.linklab.model.Expectation;
import io.linklab.model.Topology;
import io.linklab.testing.ScriptedMatrixLab;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Host ids that look like paths, collide when joined, hold control characters or are huge never put a pair's run
 * (or the deletion of an earlier one) outside the matrix's {@code pairs/} folder, and two pairs never share a folder.
 * The hosts are scripted; every folder next to the matrix's is listed before and after.
 */
class MatrixHostileIdsScriptedTest {

    @TempDir
    Path root;

    /** Host n of the lab is the scripted host hn, under the id given. */
    private static Topology lab(List<String> ids) {
        return ScriptedMatrixLab.lab("hostile", ids);
    }

    private static MatrixPair pair(Topology lab, int client, int server) {
        return new MatrixPair(
                lab.hosts().get(client - 1).id(),
                "data0",
                lab.hosts().get(server - 1).id(),
                "data0",
                "198.19.0." + server,
                null,
                List.of(),
                Expectation.DEFAULT);
    }

    private static List<MatrixRow> run(Topology lab, List<MatrixPair> pairs, Path dir) throws Exception {
        int hosts = lab.hosts().size();
        MatrixRun m = new MatrixRun(
                lab,
                ScriptedMatrixLab.plan(),
                pairs,
                new MatrixRun.Options(1, false, Uplinks.TOGETHER),
                login -> ScriptedMatrixLab.host(ScriptedMatrixLab.number(login), hosts),
                ScriptedMatrixLab::engine,
                dir,
                new MatrixRun.Listener() {});
        m.start();
        return m.done().get(60, TimeUnit.SECONDS);
    }

    /** Every file and folder under {@code top} but those under {@code skip}, with each file's size. */
    private static TreeMap<String, Long> listing(Path top, Path skip) throws IOException {
        TreeMap<String, Long> all = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(top)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                if (!p.startsWith(skip)) {
                    all.put(top.relativize(p).toString(), Files.isRegularFile(p) ? Files.size(p) : -1L);
                }
            }
        }
        return all;
    }

    /** The pair folders matrix.csv names, each checked to be a folder inside {@code dir/pairs} holding a run. */
    private static List<String> runFolders(Path dir, List<MatrixRow> rows) throws IOException {
        List<String> runs = new ArrayList<>();
        for (MatrixRow r : rows) {
            Path run = dir.resolve(r.run()).normalize();
            assertTrue(run.startsWith(dir.resolve("pairs")) && !run.equals(dir.resolve("pairs")), r.run());
            assertTrue(Files.isRegularFile(run.resolve("run.json")), run + " holds the pair's run");
            assertFalse(r.run().chars().anyMatch(c -> c < 0x20 || c == 0x7f), "no control character in " + r.run());
            runs.add(r.run());
        }
        return runs;
    }

    @Test
    void idsThatArePathsOrHoldControlsOrAreHugeKeepEveryRunInsideThePairsFolder() throws Exception {
        Path victim = Files.createDirectories(root.resolve("victim-2026/raw"));
        Files.writeString(victim.resolve("001.txt"), "the user's own data");
        Files.writeString(root.resolve("victim-2026/summary.csv"), "the user's own summary");
        Files.createDirectories(root.resolve("x-2026/raw"));
        Files.writeString(root.resolve("x-2026/raw/keep.txt"), "kept");
        Path dir = root.resolve("work/m");
        Files.createDirectories(dir);
        Topology lab = lab(List.of(
                root.resolve("victim").toString(),
                "2026",
                "../../../x",
                "esc\u001b]52;c;Y3VybA==\u0007\nline",
                "h".repeat(1 << 20)));
        TreeMap<String, Long> before = listing(root, dir);

        List<MatrixRow> rows =
                run(lab, List.of(pair(lab, 1, 2), pair(lab, 3, 2), pair(lab, 4, 2), pair(lab, 5, 2)), dir);

        assertTrue(rows.stream().allMatch(MatrixRow::ok), rows.toString());
        assertEquals(before, listing(root, dir), "nothing outside the matrix folder was written or deleted");
        assertEquals(4, new HashSet<>(runFolders(dir, rows)).size(), "each pair has a folder of its own");
    }

    @Test
    void idsThatJoinAlikeNeverShareAFolderSoNeitherPairsResultsAreReplaced() throws Exception {
        Path dir = Files.createDirectories(root.resolve("m"));
        Topology lab = lab(List.of("a-b", "c", "a", "b-c"));
        List<MatrixRow> rows = run(lab, List.of(pair(lab, 1, 2), pair(lab, 3, 4)), dir);

        assertTrue(rows.stream().allMatch(MatrixRow::ok), rows.toString());
        List<String> runs = runFolders(dir, rows);
        assertEquals(2, runs.size());
        assertNotEquals(runs.get(0), runs.get(1), "a-b→c and a→b-c are two folders");
        JsonNode pairs = new ObjectMapper()
                .readTree(dir.resolve(MatrixPlanFile.NAME).toFile())
                .get("pairs");
        Set<String> kept = new HashSet<>();
        pairs.forEach(p -> kept.add("pairs/" + p.get("folder").asText()));
        assertEquals(new HashSet<>(runs), kept, "matrix.json keeps each pair's folder");
    }

    @Test
    void aPlantedFolderMapPointingOutsideIsNotFollowedAndAnOldMatrixJsonWithoutOneReopens() throws Exception {
        Path outside = Files.createDirectories(root.resolve("outside/raw"));
        Files.writeString(outside.resolve("keep.txt"), "kept");
        Path dir = Files.createDirectories(root.resolve("m"));
        Topology lab = lab(List.of("h1", "h2", "h3"));
        List<MatrixPair> pairs = List.of(pair(lab, 1, 2), pair(lab, 3, 2));
        List<MatrixRow> first = run(lab, pairs, dir);
        assertEquals(List.of("pairs/h1-h2", "pairs/h3-h2"), runFolders(dir, first));

        // An older LinkLab's matrix.json has no folders: the pairs' folders are found by their old names, kept,
        // and the map is written.
        ObjectMapper json = new ObjectMapper();
        ObjectNode plan =
                (ObjectNode) json.readTree(dir.resolve(MatrixPlanFile.NAME).toFile());
        plan.withArray("pairs").forEach(p -> ((ObjectNode) p).remove("folder"));
        Files.writeString(dir.resolve(MatrixPlanFile.NAME), plan.toString());
        Files.delete(dir.resolve(MatrixFile.NAME)); // every pair runs again, in its old folder
        assertEquals(pairs, MatrixPlanFile.read(dir).pairs());
        assertEquals(List.of("pairs/h1-h2", "pairs/h3-h2"), runFolders(dir, run(lab, pairs, dir)));

        // Someone's matrix folder maps a pair to a folder outside: reading it is refused, and a run there picks a
        // folder of its own instead.
        ((ObjectNode) plan.withArray("pairs").get(0)).put("folder", "../../outside");
        Files.writeString(dir.resolve(MatrixPlanFile.NAME), plan.toString());
        String m = org.junit.jupiter.api.Assertions.assertThrows(
                        io.linklab.store.FileFormatException.class, () -> MatrixPlanFile.read(dir))
                .getMessage();
        assertTrue(m.contains("\"pairs[0].folder\""), m);
        Files.delete(dir.resolve(MatrixFile.NAME));
        TreeMap<String, Long> before = listing(root, dir);
        List<MatrixRow> again = run(lab, pairs, dir);
        assertEquals(before, listing(root, dir), "nothing outside the matrix folder was written or deleted");
        assertEquals(List.of("pairs/h1-h2", "pairs/h3-h2"), runFolders(dir, again));
    }
}
