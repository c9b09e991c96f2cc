package io.linklab.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

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
