package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The listeners that wrap others forward every method of RunListener: one added there and forgotten in a wrapper
 * would reach a default that does nothing, and a matrix or a guarded run would silently miss that event.
 */
class RunListenersTest {

    /** A listener that notes "name:method" for each call, and then throws if {@code throwing}. */
    private static RunListener recording(String name, List<String> calls, boolean throwing) {
        return (RunListener) Proxy.newProxyInstance(
                RunListener.class.getClassLoader(), new Class<?>[] {RunListener.class}, (proxy, m, args) -> {
                    if (m.getDeclaringClass() == Object.class) {
                        return m.getName().equals("equals") ? proxy == args[0] : m.invoke(name, args);
                    }
                    calls.add(name + ":" + m.getName());
                    if (throwing) {
                        throw new IllegalStateException("listener " + name + " failed");
                    }
                    return null;
                });
    }

    private static List<Method> listenerMethods() {
        List<Method> methods = Arrays.stream(RunListener.class.getMethods())
                .filter(m -> !Modifier.isStatic(m.getModifiers()))
                .toList();
        assertFalse(methods.isEmpty());
        return methods;
    }

    private static Object[] arguments(Method m) {
        return Arrays.stream(m.getParameterTypes())
                .map(t -> t == int.class ? (Object) 0 : t == long.class ? (Object) 0L : null)
                .toArray();
    }

    @Test
    void bothTellsTheFirstAndThenTheSecondOfEveryMethod() throws Exception {
        for (Method m : listenerMethods()) {
            List<String> calls = new ArrayList<>();
            RunListener both = RunListeners.both(recording("first", calls, false), recording("second", calls, false));
            m.invoke(both, arguments(m));
            assertEquals(List.of("first:" + m.getName(), "second:" + m.getName()), calls, m.toString());
        }
    }

    @Test
    void aGuardedListenerForwardsEveryMethodAndSwallowsWhatItThrows() throws Exception {
        for (Method m : listenerMethods()) {
            List<String> calls = new ArrayList<>();
            RunListener guarded = new GuardedListener(recording("inner", calls, true));
            try {
                m.invoke(guarded, arguments(m));
            } catch (InvocationTargetException e) {
                throw new AssertionError(m + " let its listener's failure through", e.getCause());
            }
            assertEquals(List.of("inner:" + m.getName()), calls, m.toString());
        }
    }
}
