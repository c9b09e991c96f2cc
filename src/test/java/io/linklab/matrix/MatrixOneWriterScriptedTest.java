package io.linklab.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.matrix.MatrixSchedule.Uplinks;
import io.linklab.model.Topology;
import io.linklab.testing.ScriptedMatrixLab;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One writer per matrix folder, over scripted hosts: a second matrix on a folder another is writing is refused
 * before it writes or logs in to anything, the stored matrix can still be read meanwhile, and the folder is free
 * again once the first has ended (and not before its last writes).
 */
class MatrixOneWriterScriptedTest {

    private static final Topology LAB = ScriptedMatrixLab.lab("three", 3);

    @TempDir
    Path dir;

    private final AtomicInteger logins = new AtomicInteger();
    /** Whether the folder was still held where each matrix's last writes (its report) happen. */
    private final List<String> atTheEnd = new CopyOnWriteArrayList<>();

    private MatrixRun matrix(List<MatrixPair> pairs, int concurrency) throws Exception {
        return new MatrixRun(
                LAB,
                ScriptedMatrixLab.plan(),
                pairs,
                new MatrixRun.Options(concurrency, false, Uplinks.TOGETHER),
                login -> {
                    logins.incrementAndGet();
                    return ScriptedMatrixLab.host(ScriptedMatrixLab.number(login), 3);
                },
                ScriptedMatrixLab::engine,
                dir,
                new MatrixRun.Listener() {
                    @Override
                    public void allEnded(List<MatrixRow> rows) {
                        try (MatrixFolderLock other = MatrixFolderLock.take(dir)) {
                            atTheEnd.add("free");
                        } catch (MatrixFolderLock.BusyException e) {
                            atTheEnd.add("held");
                        } catch (IOException e) {
                            atTheEnd.add(e.toString());
                        }
                    }
                });
    }

    @Test
    void aSecondMatrixOnAFolderBeingWrittenIsRefusedWritesNothingAndTheFolderIsFreeAfterTheFirst() throws Exception {
        List<MatrixPair> all = new MatrixPairs(LAB).all();
        MatrixRun first = matrix(all, 2); // holds the folder from here, before its first pair
        byte[] plan = Files.readAllBytes(dir.resolve(MatrixPlanFile.NAME));

        MatrixFolderLock.BusyException busy =
                assertThrows(MatrixFolderLock.BusyException.class, () -> matrix(all.subList(0, 2), 1));
        assertTrue(busy.getMessage().startsWith(dir + " is being written by another LinkLab"), busy.getMessage());
        assertTrue(busy.getMessage().contains("wait for it to end or stop it"), busy.getMessage());
        assertEquals(
                new String(plan),
                new String(Files.readAllBytes(dir.resolve(MatrixPlanFile.NAME))),
                "matrix.json as the first wrote it");
        assertTrue(Files.notExists(dir.resolve(MatrixFile.NAME)), "no matrix.csv from the refused one");
        assertEquals(0, logins.get(), "nothing logged in");
        assertEquals(all, MatrixPlanFile.read(dir).pairs(), "a folder being written can still be read (reopened)");

        first.start();
        List<MatrixRow> rows = first.done().get(60, TimeUnit.SECONDS);
        assertEquals(6, rows.size());
        assertTrue(rows.stream().allMatch(MatrixRow::ok), rows.toString());
        assertEquals(List.of("held"), atTheEnd, "the report is written while no other matrix may write the folder");

        int before = logins.get();
        MatrixRun again = matrix(all, 2); // the first ended: the folder is free, and a resume keeps every pair
        again.start();
        assertEquals(rows, again.done().get(60, TimeUnit.SECONDS));
        assertEquals(before, logins.get(), "every pair was measured already: nothing ran again");
    }
}
