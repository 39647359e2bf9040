package dev.brisk.schema.processor;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/** Runs javac with the processor over sources given as strings, in process. */
final class Compilation {
  /** Where compiles write their classes and generated sources: surefire runs in the module's folder. */
  static final Path OUT = Path.of("target", "processor-test-compiles");

  final boolean success;
  final List<Diagnostic<? extends JavaFileObject>> diagnostics;
  final Path classes;
  final Path generated;

  private Compilation(boolean success, List<Diagnostic<? extends JavaFileObject>> diagnostics, Path classes, Path generated) {
    this.success = success;
    this.diagnostics = diagnostics;
    this.classes = classes;
    this.generated = generated;
  }

  /** Sources by class name ("com.example.User"). */
  static Compilation compile(Map<String, String> sources) {
    try {
      JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
      // Under the build's own folder, which `mvn clean` empties: each compile used to leave a
      // folder in the system's temp directory (hundreds over a few builds).
      Path out = Files.createTempDirectory(Files.createDirectories(OUT), "compile-");
      Path classes = Files.createDirectories(out.resolve("classes"));
      Path generated = Files.createDirectories(out.resolve("generated"));
      DiagnosticCollector<JavaFileObject> diags = new DiagnosticCollector<>();
      List<JavaFileObject> units = new ArrayList<>();
      for (Map.Entry<String, String> e : sources.entrySet()) {
        units.add(new SimpleJavaFileObject(URI.create("string:///" + e.getKey().replace('.', '/') + ".java"), JavaFileObject.Kind.SOURCE) {
          @Override
          public CharSequence getCharContent(boolean ignore) {
            return e.getValue();
          }
        });
      }
      try (StandardJavaFileManager fm = javac.getStandardFileManager(diags, Locale.ROOT, null)) {
        List<String> options = List.of(
            "-classpath", System.getProperty("java.class.path"),
            "-d", classes.toString(),
            "-s", generated.toString(),
            "-Xlint:all", "-Werror",
            "-processor", CodecProcessor.class.getName());
        boolean ok = javac.getTask(null, fm, diags, options, null, units).call();
        return new Compilation(ok, diags.getDiagnostics(), classes, generated);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The generated sources, by file name relative to the generated-sources folder. */
  Map<String, String> generatedSources() {
    Map<String, String> out = new LinkedHashMap<>();
    try (Stream<Path> files = Files.walk(generated)) {
      for (Path p : files.filter(Files::isRegularFile).sorted().toList()) {
        out.put(generated.relativize(p).toString().replace(File.separatorChar, '/'), Files.readString(p));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  ClassLoader loader() {
    try {
      return new URLClassLoader(new URL[] {classes.toUri().toURL()}, Compilation.class.getClassLoader());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String errors() {
    StringBuilder b = new StringBuilder();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics) {
      b.append(d.getKind()).append(' ').append(d.getLineNumber()).append(':').append(d.getColumnNumber())
          .append(' ').append(d.getMessage(Locale.ROOT)).append('\n');
    }
    return b.toString();
  }
}
