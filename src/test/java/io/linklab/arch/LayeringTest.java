package io.linklab.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaFieldAccess;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The layers of PRODUCT.md, enforced the way JabRef's CommonArchitectureTest and PDFsam's TestCycles do: model
 * depends on nothing of ours, only ui touches JavaFX, view-models never touch a Node, the ui packages form no
 * cycle, and nothing but an entry point's {@code main} writes to the process's standard streams.
 */
class LayeringTest {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.linklab");

    /**
     * Every package of ours and the layer it sits in, lowest first. A class may use its own package group and
     * groups of a lower layer only, so groups of one layer (matrix and tune; ui and cli) never use each other.
     * A package missing here fails {@link #everyPackageHasALayer}: a new room is placed on purpose.
     */
    private static final Map<String, Integer> LAYER_OF_GROUP = Map.ofEntries(
            Map.entry("model", 0),
            Map.entry("concurrent", 0),
            Map.entry("jvm", 0),
            Map.entry("remote", 1),
            Map.entry("tools", 2),
            Map.entry("counters", 3),
            Map.entry("store", 4),
            Map.entry("engine", 5),
            Map.entry("matrix", 6),
            Map.entry("tune", 6),
            Map.entry("report", 7),
            Map.entry("ui", 8),
            Map.entry("cli", 8),
            Map.entry("", 9));

    /** "tools" for io.linklab.tools.iperf3, "" for io.linklab itself, null outside our code. */
    private static String groupOf(String packageName) {
        if (packageName.equals("io.linklab")) {
            return "";
        }
        if (!packageName.startsWith("io.linklab.")) {
            return null;
        }
        return packageName.substring("io.linklab.".length()).split("\\.")[0];
    }

    @Test
    void everyPackageHasALayer() {
        classes()
                .should(new ArchCondition<JavaClass>("reside in a package group that has a layer") {
                    @Override
                    public void check(JavaClass c, ConditionEvents events) {
                        String group = groupOf(c.getPackageName());
                        if (group != null && !LAYER_OF_GROUP.containsKey(group)) {
                            events.add(SimpleConditionEvent.violated(
                                    c, c.getPackageName() + " has no layer in LayeringTest; place it"));
                        }
                    }
                })
                .check(CLASSES);
    }

    @Test
    void aPackageUsesOnlyItsOwnGroupAndLowerLayers() {
        classes()
                .should(new ArchCondition<JavaClass>("use only its own package group and lower layers") {
                    @Override
                    public void check(JavaClass c, ConditionEvents events) {
                        String from = groupOf(c.getPackageName());
                        Integer fromLayer = from == null ? null : LAYER_OF_GROUP.get(from);
                        if (fromLayer == null) {
                            return;
                        }
                        for (Dependency d : c.getDirectDependenciesFromSelf()) {
                            String to = groupOf(d.getTargetClass().getPackageName());
                            Integer toLayer = to == null ? null : LAYER_OF_GROUP.get(to);
                            if (toLayer != null && !to.equals(from) && toLayer >= fromLayer) {
                                events.add(SimpleConditionEvent.violated(d, d.getDescription()));
                            }
                        }
                    }
                })
                .check(CLASSES);
    }

    @Test
    void modelImportsNothingOfOurs() {
        noClasses()
                .that()
                .resideInAPackage("io.linklab.model..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "io.linklab.tools..",
                        "io.linklab.remote..",
                        "io.linklab.engine..",
                        "io.linklab.ui..",
                        "io.linklab.cli..")
                .check(CLASSES);
    }

    @Test
    void onlyUiUsesJavaFx() {
        noClasses()
                .that()
                .resideOutsideOfPackages("io.linklab.ui..", "io.linklab")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("javafx..", "org.controlsfx..")
                .check(CLASSES);
    }

    @Test
    void layersBelowUiNeverUseTheUi() {
        noClasses()
                .that()
                .resideInAnyPackage(
                        "io.linklab.model..",
                        "io.linklab.tools..",
                        "io.linklab.remote..",
                        "io.linklab.engine..",
                        "io.linklab.cli..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("io.linklab.ui..")
                .check(CLASSES);
    }

    @Test
    void toolsAndRemoteDoNotUseTheEngine() {
        noClasses()
                .that()
                .resideInAnyPackage("io.linklab.tools..", "io.linklab.remote..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("io.linklab.engine..", "io.linklab.cli..")
                .check(CLASSES);
    }

    /** ui itself and each package under it is one slice; none may reach back to a slice that reaches it. */
    @Test
    void uiPackagesFormNoCycle() {
        slices().assignedFrom(new SliceAssignment() {
                    @Override
                    public SliceIdentifier getIdentifierOf(JavaClass c) {
                        String p = c.getPackageName();
                        if (!p.equals("io.linklab.ui") && !p.startsWith("io.linklab.ui.")) {
                            return SliceIdentifier.ignore();
                        }
                        String[] parts = p.split("\\.");
                        return SliceIdentifier.of(parts.length > 3 ? "ui." + parts[3] : "ui");
                    }

                    @Override
                    public String getDescription() {
                        return "ui and its packages";
                    }
                })
                .should()
                .beFreeOfCycles()
                .check(CLASSES);
    }

    /** A view-model holds state and rules and is tested without a screen: no Node, Scene, control or layout. */
    @Test
    void viewModelsTouchNoScene() {
        noClasses()
                .that()
                .haveSimpleNameEndingWith("ViewModel")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("javafx.scene..", "javafx.stage..")
                .check(CLASSES);
    }

    /**
     * Output goes where the caller says: the command line writes to the PrintStreams Cli.run is given, the app
     * logs through System.Logger. Only an entry point's main hands System.out/err on.
     */
    @Test
    void onlyMainMethodsUseTheStandardStreams() {
        classes()
                .should(new ArchCondition<JavaClass>("not read System.out or System.err outside a main method") {
                    @Override
                    public void check(JavaClass c, ConditionEvents events) {
                        for (JavaFieldAccess a : c.getFieldAccessesFromSelf()) {
                            boolean stream = a.getTargetOwner().isEquivalentTo(System.class)
                                    && Set.of("out", "err").contains(a.getName());
                            if (stream && !a.getOrigin().getName().equals("main")) {
                                events.add(SimpleConditionEvent.violated(a, a.getDescription()));
                            }
                        }
                    }
                })
                .check(CLASSES);
    }
}
