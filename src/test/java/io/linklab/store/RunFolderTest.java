package io.linklab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.engine.RunListener;
import io.linklab.engine.TestEngine;
import io.linklab.model.TestPlan;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshSettings;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Nothing measured is written over: new folders are always new, a named folder with a run in it is refused. */
class RunFolderTest {

    @TempDir
    Path root;

    /** An earlier sweep's folder, as `linklab test --out` left it, plus a file of the user's. */
    private Path earlierSweep() throws Exception {
        Path dir = Files.createDirectories(root.resolve("sweep"));
        for (String f : List.of("run.json", "samples.csv", "summary.csv", "sweep.csv", "journal.jsonl", ".lock")) {
            Files.writeString(dir.resolve(f), "earlier\n");
        }
        Files.createDirectories(dir.resolve("raw"));
        Files.writeString(dir.resolve("raw").resolve("client-1.txt"), "earlier\n");
        Files.writeString(dir.resolve("notes.txt"), "the user's own\n");
        return dir;
    }

    @Test
    void theStoreNeverReusesAFolderWhoseNameIsTaken() throws Exception {
        ResultsStore store = new ResultsStore(root);
        String id = "20260101-120000-iperf3-4f2a";
        Path first = store.runDirNamed(id);
        Files.writeString(first.resolve("run.json"), "the first run\n");
        Files.writeString(root.resolve(id + "-2"), "a file, not a folder, holds the next name");
        Path second = store.runDirNamed(id);
        assertEquals(root.resolve(id + "-3"), second);
        assertEquals(List.of(), RunFolder.entries(second), "a new folder is empty");
        assertEquals("the first run\n", Files.readString(first.resolve("run.json")), "the first run is untouched");
    }

    @Test
    void runsStartingTogetherGetAFolderEach() throws Exception {
        ResultsStore store = new ResultsStore(root);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Path>> same = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                same.add(() -> store.runDirNamed("20260101-120000-iperf3-aaaa"));
            }
            Set<Path> dirs = new HashSet<>();
            for (Future<Path> f : pool.invokeAll(same)) {
                dirs.add(f.get());
            }
            assertEquals(16, dirs.size(), dirs.toString());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aFolderWithAnEarlierRunIsListedRunFilesFirstAndRefused() throws Exception {
        Path dir = earlierSweep();
        assertEquals(
                List.of(
                        "run.json",
                        "samples.csv",
                        "summary.csv",
                        "sweep.csv",
                        "journal.jsonl",
                        "raw/",
                        ".lock",
                        "notes.txt"),
                RunFolder.entries(dir));
        FileAlreadyExistsException e =
                assertThrows(FileAlreadyExistsException.class, () -> RunFolder.requireNoEarlierRun(dir));
        assertTrue(e.getMessage().contains("sweep.csv"), e.getMessage());
        // the engine refuses it too, before anything runs
        TestEngine engine =
                TestEngine.standard(new ResultsStore(root.resolve("store")), SshSettings.defaults(), LoginPrompts.NONE);
        TestPlan plan =
                TestPlan.defaults(new TestPlan.End("local", null), new TestPlan.End("local", null), "127.0.0.1");
        assertThrows(FileAlreadyExistsException.class, () -> engine.start(plan, new RunListener() {}, dir));
        assertEquals("earlier\n", Files.readString(dir.resolve("sweep.csv")));
        // a folder with only the user's files is no earlier run
        RunFolder.requireNoEarlierRun(Files.createDirectories(root.resolve("mine")));
    }

    @Test
    void replacingAnEarlierRunRemovesItsFilesAndKeepsTheUsers() throws Exception {
        Path dir = earlierSweep();
        RunFolder.Replacement r = RunFolder.replaceEarlierRun(dir);
        assertEquals(
                List.of("run.json", "samples.csv", "summary.csv", "sweep.csv", "journal.jsonl", "raw/", ".lock"),
                r.removed());
        assertEquals(List.of("notes.txt"), r.kept());
        assertEquals(List.of("notes.txt"), RunFolder.entries(dir));
    }

    @Test
    void aRunStillWritingIsNotReplaced() throws Exception {
        Path dir = earlierSweep();
        try (FileChannel ch = FileChannel.open(dir.resolve(ResultsStore.LOCK_FILE), StandardOpenOption.WRITE);
                FileLock lock = ch.lock()) {
            IOException e = assertThrows(IOException.class, () -> RunFolder.replaceEarlierRun(dir));
            assertTrue(e.getMessage().contains("still going"), e.getMessage());
            assertTrue(lock.isValid());
        }
        assertTrue(Files.exists(dir.resolve("sweep.csv")));
    }
}
