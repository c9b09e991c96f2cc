package io.linklab.ui.matrix;

import io.linklab.matrix.MatrixFile;
import io.linklab.matrix.MatrixPlanFile;
import io.linklab.matrix.MatrixRow;
import io.linklab.store.FileFormatException;
import io.linklab.ui.runs.MatrixLauncher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A matrix folder as stored (read off the FX thread): what it was started with, from its matrix.json, and every
 * row measured so far, from its matrix.csv.
 */
public record StoredMatrix(MatrixLauncher.Request request, Path dir, List<MatrixRow> rows) {

    public StoredMatrix {
        rows = List.copyOf(rows);
    }

    /**
     * Reads the matrix folder {@code dir}.
     *
     * @throws IOException naming the folder and what to do when it is no matrix folder this LinkLab can open
     */
    public static StoredMatrix read(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new IOException(dir + " is not a folder: choose the folder of a whole-lab test (in LinkLab's "
                    + "matrices folder, or the --out folder of linklab matrix)");
        }
        if (!MatrixPlanFile.isIn(dir)) {
            throw new IOException(dir + " has no " + MatrixPlanFile.NAME + ", so it is not the folder of a "
                    + "whole-lab test this LinkLab can open (a folder of one is named like 20260101-120000-matrix-LAB"
                    + "; one written before LinkLab kept " + MatrixPlanFile.NAME + " can be resumed with "
                    + "linklab matrix … --out " + dir + ")");
        }
        MatrixPlanFile.Stored plan;
        try {
            plan = MatrixPlanFile.read(dir);
        } catch (FileFormatException e) {
            throw new IOException(e.getMessage(), e);
        }
        List<MatrixRow> rows;
        try {
            rows = MatrixFile.read(dir);
        } catch (RuntimeException e) {
            throw new IOException(
                    dir.resolve(MatrixFile.NAME) + " cannot be read (" + e.getMessage() + "); the "
                            + "pairs' own run folders in " + dir.resolve("pairs") + " are untouched",
                    e);
        }
        return new StoredMatrix(
                new MatrixLauncher.Request(plan.lab(), plan.test(), plan.pairs(), plan.options()), dir, rows);
    }
}
