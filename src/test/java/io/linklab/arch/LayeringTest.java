package io.linklab.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The layers of PRODUCT.md, enforced: model depends on nothing of ours, only ui touches JavaFX. */
class LayeringTest {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.linklab");

    @Test
    void modelImportsNothingOfOurs() {
        noClasses().that().resideInAPackage("io.linklab.model..")
                .should().dependOnClassesThat().resideInAnyPackage("io.linklab.tools..", "io.linklab.remote..",
                        "io.linklab.engine..", "io.linklab.ui..", "io.linklab.cli..")
                .check(CLASSES);
    }

    @Test
    void onlyUiUsesJavaFx() {
        noClasses().that().resideOutsideOfPackages("io.linklab.ui..", "io.linklab")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..")
                .check(CLASSES);
    }

    @Test
    void layersBelowUiNeverUseTheUi() {
        noClasses().that().resideInAnyPackage("io.linklab.model..", "io.linklab.tools..", "io.linklab.remote..",
                        "io.linklab.engine..", "io.linklab.cli..")
                .should().dependOnClassesThat().resideInAPackage("io.linklab.ui..")
                .check(CLASSES);
    }

    @Test
    void toolsAndRemoteDoNotUseTheEngine() {
        noClasses().that().resideInAnyPackage("io.linklab.tools..", "io.linklab.remote..")
                .should().dependOnClassesThat().resideInAnyPackage("io.linklab.engine..", "io.linklab.cli..")
                .check(CLASSES);
    }
}
