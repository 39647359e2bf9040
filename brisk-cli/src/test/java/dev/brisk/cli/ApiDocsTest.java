package dev.brisk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * Every public and protected element of every module's main sources has Javadoc, and the Javadoc
 * is well formed: javac's doclint (the checks javadoc makes, {@code -Xdoclint:all/protected}) over
 * the sources of all modules but the benchmarks and the jcstress harness, which are not API. It
 * lives here because brisk-cli is the module whose class path holds every other module and their
 * dependencies, which the sources need to compile.
 *
 * <p>A missing {@code @param}, {@code @return} or {@code @throws} tag is allowed: the house style
 * says what a method takes and gives in its sentence ("The current number as a byte; ..."). An
 * element with no comment at all, a link to nothing, or malformed HTML fails, with where; so does
 * a package without a {@code package-info.java} to say what it is for.
 *
 * <p>{@link #docFaults} sets the JVM's default locale while javac runs; the lock on {@link
 * Resources#LOCALE} keeps JUnit from running a test that reads it at the same time, should the
 * build ever turn on parallel execution.
 */
@ResourceLock(Resources.LOCALE)
class ApiDocsTest {
  /** Sibling folders with sources that are not API. */
  private static final Set<String> NOT_API = Set.of("brisk-bench", "brisk-sink-stress");

  @Test
  void everyModulesPublicApiHasWellFormedJavadoc(@TempDir Path classes) throws IOException {
    Path root = Path.of("").toAbsolutePath().getParent(); // tests run in brisk-cli
    List<Path> modules;
    try (Stream<Path> s = Files.list(root)) {
      modules = s.filter(d -> d.getFileName().toString().startsWith("brisk-"))
          .filter(d -> !NOT_API.contains(d.getFileName().toString()))
          .filter(d -> Files.isDirectory(d.resolve("src/main/java")))
          .sorted()
          .collect(Collectors.toList());
    }
    List<String> names = modules.stream().map(d -> d.getFileName().toString()).collect(Collectors.toList());
    assertTrue(names.containsAll(List.of("brisk-core", "brisk-jsonp", "brisk-schema", "brisk-sink", "brisk-cli")),
        "the modules were not found beside brisk-cli: " + names);
    List<Path> sources = new ArrayList<>();
    for (Path m : modules) {
      sources.addAll(javaFiles(m.resolve("src/main/java")));
    }
    List<String> faults = new ArrayList<>();
    sources.stream().map(Path::getParent).distinct().sorted()
        .filter(dir -> !Files.exists(dir.resolve("package-info.java")))
        .forEach(dir -> faults.add(dir + ": no package-info.java"));
    faults.addAll(docFaults(sources, classes));
    assertEquals(List.of(), faults, faults.size() + " Javadoc faults in " + names);
  }

  @Test
  void theCheckReportsAMissingCommentAndALinkToNothingButNotAMissingParamTag(@TempDir Path dir)
      throws IOException {
    Path file = dir.resolve("p/Sample.java");
    Files.createDirectories(file.getParent());
    Files.writeString(file, String.join("\n",
        "package p;",
        "",
        "/** A sample. */",
        "public class Sample {",
        "  public void bare() {}",
        "",
        "  /** Links to {@link Nowhere}. */",
        "  public void broken() {}",
        "",
        "  /** Twice {@code x}, said in prose. */",
        "  public int twice(int x) {",
        "    return 2 * x;",
        "  }",
        "",
        "  /** A sample, by hand (newer javac's doclint also wants the constructor documented). */",
        "  public Sample() {}",
        "",
        "  void packagePrivateNeedsNone() {}",
        "}",
        ""));
    List<String> faults = docFaults(List.of(file), dir.resolve("classes"));
    assertEquals(2, faults.size(), faults.toString());
    assertTrue(faults.get(0).endsWith("Sample.java:5: no comment"), faults.get(0));
    assertTrue(faults.get(1).contains("Sample.java:7: reference not found"), faults.get(1));
  }

  /**
   * What doclint finds in {@code sources}, compiled against this test's class path into {@code
   * classes}, as "file:line: message", leaving out missing {@code @param}, {@code @return} and {@code @throws}.
   * Doclint words its messages in the JVM's default locale whatever locale the task is given
   * (under {@code -Duser.language=ja}, "no comment" comes out in Japanese), so the default is
   * Locale.ROOT while it runs: the messages matched here are then English on every machine.
   */
  static List<String> docFaults(List<Path> sources, Path classes) throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> found = new DiagnosticCollector<>();
    Files.createDirectories(classes);
    Locale locale = Locale.getDefault();
    Locale.setDefault(Locale.ROOT);
    try (StandardJavaFileManager files = javac.getStandardFileManager(found, Locale.ROOT, StandardCharsets.UTF_8)) {
      List<String> options = List.of(
          "-Xdoclint:all/protected", "-proc:none", "-Xmaxwarns", "100000", "-Xmaxerrs", "100000",
          "-classpath", System.getProperty("java.class.path"), "-d", classes.toString());
      javac.getTask(null, files, found, options, null, files.getJavaFileObjectsFromPaths(sources)).call();
    } finally {
      Locale.setDefault(locale);
    }
    List<String> faults = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : found.getDiagnostics()) {
      String message = d.getMessage(Locale.ROOT);
      boolean fault = d.getKind() == Diagnostic.Kind.ERROR || d.getKind() == Diagnostic.Kind.WARNING
          || d.getKind() == Diagnostic.Kind.MANDATORY_WARNING;
      if (fault && !message.startsWith("no @param") && !message.startsWith("no @return")
          && !message.startsWith("no @throws")) {
        String where = d.getSource() == null ? "" : Path.of(d.getSource().toUri()) + ":" + d.getLineNumber() + ": ";
        faults.add(where + message);
      }
    }
    return faults;
  }

  /**
   * The classes' sources under {@code dir}. A module declaration ({@code module-info.java}, brisk-core's)
   * is left out: it cannot be compiled with every module's sources on one class path, and
   * brisk-core's build compiles it and its {@code ModulePathTest} checks what it declares (its
   * Javadoc is not linted here).
   */
  private static List<Path> javaFiles(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(p -> p.toString().endsWith(".java") && !p.getFileName().toString().equals("module-info.java"))
          .sorted().collect(Collectors.toList());
    }
  }
}
