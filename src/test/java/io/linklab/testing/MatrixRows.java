package io.linklab.testing;

import io.linklab.matrix.MatrixRow;
import io.linklab.model.Expectation;

/** Rows of matrix.csv for the matrix's file, report and heatmap tests. */
public final class MatrixRows {

    private MatrixRows() {}

    /**
     * A c2s row measured at {@code bps} (its min and max too) with no retransmits, in its pair's run folder
     * ("pairs/h1-h2").
     *
     * @param linkSpeedBps the drawn link speed, or null
     * @param mtu          the row's MTU in a matrix that sweeps MTUs, or null
     */
    public static MatrixRow ok(String client, String server, double bps, Double linkSpeedBps, Integer mtu) {
        return new MatrixRow(
                client,
                server,
                "c2s",
                bps,
                bps,
                bps,
                0L,
                linkSpeedBps,
                MatrixRow.OK,
                "",
                "pairs/" + client + "-" + server,
                mtu,
                Expectation.DEFAULT);
    }

    /** A pair that did not run, for {@code reason}, as a matrix writes it: no direction, no figures, no MTU. */
    public static MatrixRow failed(String client, String server, Double linkSpeedBps, String reason) {
        return new MatrixRow(
                client,
                server,
                "",
                null,
                null,
                null,
                null,
                linkSpeedBps,
                MatrixRow.FAILED,
                reason,
                "",
                null,
                Expectation.DEFAULT);
    }
}
