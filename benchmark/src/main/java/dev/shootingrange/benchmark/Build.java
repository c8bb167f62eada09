package dev.shootingrange.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The packaged services of one build: this working tree's (scripts/benchmark.sh packaged them), or an
 * older commit's, checked out as a git worktree under target/baseline-&lt;sha&gt; and packaged there, so
 * "before" and "after" are measured in the same sitting.
 */
record Build(Path root, String name, boolean baseline) {

    static Build current() {
        return new Build(Path.of("."), "this build", false);
    }

    /** This build named by its commit, with a "+" when the working tree has changes not committed. */
    Build named() throws Exception {
        String sha = git(Path.of("."), "rev-parse", "--short", "HEAD").trim();
        boolean changed = !git(Path.of("."), "status", "--porcelain", "--untracked-files=no").isBlank();
        return new Build(root, sha + (changed ? "+" : ""), baseline);
    }

    /**
     * The commit's worktree, made unless it is already there at that commit, and packaged unless its
     * three services' jars are already there: a commit's build does not change.
     */
    static Build baseline(String commit) throws Exception {
        String full;
        String sha;
        try {
            full = git(Path.of("."), "rev-parse", "--verify", commit + "^{commit}").trim();
            sha = git(Path.of("."), "rev-parse", "--short", full).trim();
        } catch (IllegalStateException e) {
            throw new IllegalStateException("--baseline=" + commit + ": no such commit in this repository", e);
        }
        Path root = Path.of("target", "baseline-" + sha).toAbsolutePath();
        if (Files.isDirectory(root)) {
            // A directory left by a worktree git no longer knows would answer for the main tree around it.
            boolean worktree = Path.of(git(root, "rev-parse", "--show-toplevel").trim()).toRealPath().equals(root.toRealPath());
            if (!worktree || !git(root, "rev-parse", "HEAD").trim().equals(full)) {
                throw new IllegalStateException(root + " is there but is not a worktree at " + sha
                        + ": remove it (git worktree remove --force " + root + ") and run again");
            }
            System.out.println("the baseline " + sha + ": reusing the worktree " + root);
        } else {
            git(Path.of("."), "worktree", "prune");
            git(Path.of("."), "worktree", "add", "--detach", root.toString(), full);
            System.out.println("the baseline " + sha + ": a worktree at " + root);
        }
        Build build = new Build(root, sha, true);
        if (!build.packaged()) {
            if (!Files.isExecutable(root.resolve("mvnw"))) {
                throw new IllegalStateException("the baseline " + sha + " (" + commit + ") does not build: it has no mvnw");
            }
            System.out.println("the baseline " + sha + ": packaging (./mvnw -B -q package -DskipTests)");
            Process maven = new ProcessBuilder(root.resolve("mvnw").toString(), "-B", "-q", "package", "-DskipTests")
                    .directory(root.toFile()).inheritIO().start();
            if (maven.waitFor() != 0 || !build.packaged()) {
                throw new IllegalStateException("the baseline " + sha + " (" + commit + ") does not build: ./mvnw package in "
                        + root + " failed (exit " + maven.exitValue() + "), or left no quarkus-app for a service");
            }
        }
        return build;
    }

    private boolean packaged() {
        return BuildServices.SERVICES.stream().allMatch(service -> Files.exists(root.resolve(service).resolve("target/quarkus-app/quarkus-run.jar")));
    }

    private static String git(Path directory, String... arguments) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("git", "-C", directory.toString()));
        command.addAll(List.of(arguments));
        Process git = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(git.getInputStream().readAllBytes());
        if (git.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed:\n" + out);
        }
        return out;
    }
}
