package io.linklab.ui.runs;

import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import java.util.Collection;

/**
 * Where the test wizard's Run button hands its plan: the runs dashboard implements this and
 * starts the run (through the engine) and shows it live. Called on the FX thread; must not block.
 */
public interface RunStarter {

    /**
     * @param plan     the plan exactly as the review page showed it
     * @param topology the lab the plan's ends come from (host names, key files, jump hosts)
     */
    void start(TestPlan plan, Topology topology);

    /**
     * The wizard's ends are {@code logins} of {@code topology}: log in to them now, while the user is still in the
     * wizard, so that Run need not. Called on the FX thread on every change of the ends; must not block.
     */
    default void loginAhead(Collection<String> logins, Topology topology) {}

    /** The wizard closed without Run: close what {@link #loginAhead} opened. */
    default void dropEarlyLogins() {}
}
