package dev.brisk.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A small application module, compiled and run the way a user on the module path would: with the
 * running JDK's {@code javac} and {@code java} as processes (a test run inside one of Brisk's
 * modules cannot call the compiler API, whose module it does not read). Shared with the other
 * modules' tests through brisk-core's test jar.
 */
public final class ModuleApps {
  private ModuleApps() {}

  /** The jar or class directory {@code c} was loaded from. */
  public static Path location(Class<?> c) {
    try {
      return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A module path of the places the classes were loaded from, each once. */
  public static String path(Class<?>... classes) {
    Set<String> places = new LinkedHashSet<>();
    for (Class<?> c : classes) {
      places.add(location(c).toString());
    }
    return String.join(File.pathSeparator, places);
  }

  /**
   * Writes {@code sources} (paths relative to {@code dir/src}, {@code module-info.java} among
   * them, to their text) and compiles them for Java 17 against {@code modulePath}, with {@code
   * javacOptions} added, into {@code dir/out}, which it returns; javac must print nothing.
   */
  public static Path compile(Path dir, Map<String, String> sources, String modulePath, String... javacOptions)
      throws IOException, InterruptedException {
    Path src = dir.resolve("src");
    Path out = dir.resolve("out");
    List<String> args = new ArrayList<>(List.of("--release", "17", "--module-path", modulePath, "-d", out.toString()));
    args.addAll(List.of(javacOptions));
    for (Map.Entry<String, String> e : sources.entrySet()) {
      Path file = src.resolve(e.getKey());
      Files.createDirectories(file.getParent());
      Files.writeString(file, e.getValue());
      args.add(file.toString());
    }
    assertEquals("", run("javac", args));
    return out;
  }

  /**
   * The source of {@code demo.app.Main}, whose {@code main} runs {@code statements} (one per line)
   * with {@code imports} (whole lines, such as {@code "import dev.brisk.json.*;"}).
   */
  public static String main(List<String> imports, String... statements) {
    StringBuilder s = new StringBuilder("package demo.app;\n");
    imports.forEach(i -> s.append(i).append('\n'));
    s.append("public class Main {\n  public static void main(String[] args) {\n");
    for (String statement : statements) {
      s.append("    ").append(statement).append('\n');
    }
    return s.append("  }\n}\n").toString();
  }

  /**
   * Runs {@code demo.app.Main} of the module {@code demo.app}, compiled into {@code out}, on {@code
   * out} and {@code modulePath}, with {@code javaOptions} before them; returns what it printed.
   */
  public static String runMain(Path out, String modulePath, String... javaOptions)
      throws IOException, InterruptedException {
    List<String> args = new ArrayList<>(List.of(javaOptions));
    args.addAll(List.of("--module-path", out + File.pathSeparator + modulePath, "-m", "demo.app/demo.app.Main"));
    return run("java", args);
  }

  /**
   * Runs the JDK's {@code tool} ({@code "java"} or {@code "javac"}) with {@code args} and returns
   * what it printed, output and errors, after asserting it exited with 0 within a minute. {@code
   * java} prints in UTF-8.
   */
  public static String run(String tool, List<String> args) throws IOException, InterruptedException {
    Path exe = Path.of(System.getProperty("java.home"), "bin", tool);
    assertTrue(Files.isExecutable(exe), "the tests need a JDK with " + exe);
    List<String> command = new ArrayList<>();
    command.add(exe.toString());
    if (tool.equals("java")) {
      command.add("-Dstdout.encoding=UTF-8");
    }
    command.addAll(args);
    // Into a file, not read from a pipe: reading a pipe to its end would wait for a hung process
    // forever, and the time limit would never be reached.
    Path log = Files.createTempFile("brisk-module-app", ".txt");
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        fail(String.join(" ", command) + " did not finish within a minute:\n" + printed(log));
      }
      String text = printed(log);
      assertEquals(0, p.exitValue(), String.join(" ", command) + "\n" + text);
      return text;
    } finally {
      Files.delete(log);
    }
  }

  /** What a process printed into {@code log}, as UTF-8 (a byte that is not, as U+FFFD). */
  private static String printed(Path log) throws IOException {
    return new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
  }
}
