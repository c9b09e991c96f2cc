package io.linklab.testing;

import java.util.ArrayList;
import java.util.List;

/** Checks of the recorded class lists (the archive's training, the window's run warm-up). */
public final class ClassLists {

    private ClassLists() {}

    /**
     * The LinkLab and JSch names on {@code list} that this class path lacks: a renamed class would silently drop
     * out of the list's work, so the tests name it instead. The JDK's and other libraries' names may come and go
     * with their versions and are not checked.
     */
    public static List<String> missingOursAndJsch(List<String> list) {
        List<String> missing = new ArrayList<>();
        for (String name : ours(list)) {
            try {
                Class.forName(name, false, ClassLists.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                missing.add(name);
            }
        }
        return missing;
    }

    /** The LinkLab and JSch names on {@code list}. */
    public static List<String> ours(List<String> list) {
        return list.stream()
                .filter(n -> n.startsWith("io.linklab.") || n.startsWith("com.jcraft."))
                .toList();
    }
}
