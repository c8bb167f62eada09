package dev.shootingrange.exercises.judge;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Arrays;
import java.util.List;

/**
 * Classes of one exercise's package loaded afresh from the given places, in that order, while every
 * other class (the core's interfaces, the judge, the libraries) is the caller's: what a process
 * started after a crash would find, nothing kept in a static field of the last one. The build's
 * catalogue of wrong turns loads an exercise's tests and a wrong turn so too.
 */
public final class FreshClasses extends URLClassLoader {

    private final String exercisePackage;

    /** @param exercisePackage the package whose classes are loaded afresh, e.g. {@code dev.shootingrange.exercises.ids} */
    public FreshClasses(String exercisePackage, List<URL> places, ClassLoader others) {
        super(places.toArray(URL[]::new), others);
        this.exercisePackage = exercisePackage + ".";
    }

    /**
     * A new instance of {@code type}, made with {@code arguments} (strings), of a class loaded afresh
     * from where {@code type} itself was loaded: the participant's class as a restarted process meets it.
     */
    public static <T> T afterARestart(Class<? extends T> type, Class<T> seenAs, String... arguments) {
        URL compiled = type.getProtectionDomain().getCodeSource().getLocation();
        FreshClasses restarted = new FreshClasses(type.getPackageName(), List.of(compiled), type.getClassLoader());
        Class<?>[] parameters = new Class<?>[arguments.length];
        Arrays.fill(parameters, String.class);
        try {
            return seenAs.cast(restarted.loadClass(type.getName()).getConstructor(parameters).newInstance((Object[]) arguments));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("could not start " + type.getSimpleName() + " again: it needs its public constructor"
                    + " of " + arguments.length + " string(s)", e);
        }
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!name.startsWith(exercisePackage)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> loaded = findLoadedClass(name);
            if (loaded == null) {
                try {
                    loaded = findClass(name);
                } catch (ClassNotFoundException notHere) {
                    // A class of the package found in none of the places (a test's, say): the caller's.
                    return super.loadClass(name, resolve);
                }
            }
            if (resolve) {
                resolveClass(loaded);
            }
            return loaded;
        }
    }

    @Override
    public void close() {
        try {
            super.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
