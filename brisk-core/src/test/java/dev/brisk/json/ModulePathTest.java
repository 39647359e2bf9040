package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ch.randelshofer.fastdoubleparser.JsonDoubleParser;
import java.io.File;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * brisk-core as a named module, {@code dev.brisk.json}, used the way an application on the module
 * path uses it: a module of its own that requires it, compiled with javac and run with {@code
 * java --module-path ... -m}, in a JVM of its own. It reads a double that takes FastDoubleParser
 * (so the module's {@code requires} brings that module along, with nothing added on the command
 * line), writes JSON, and tells whether strings are written from their own arrays: not by default,
 * and yes with {@code --add-opens java.base/java.lang=dev.brisk.json}.
 */
class ModulePathTest {
  @TempDir Path dir;

  @Test
  void theModuleDescribesItself() {
    ModuleDescriptor d = JsonReader.class.getModule().getDescriptor();
    if (d == null) { // the tests run on the class path: read the descriptor the build compiled
      d = ModuleFinder.of(location(JsonReader.class)).findAll().iterator().next().descriptor();
    }
    assertEquals("dev.brisk.json", d.name());
    assertEquals(Set.of("dev.brisk.json"), packagesOf(d.exports()));
    assertEquals(false, d.isAutomatic());
    assertEquals(true, d.requires().stream().anyMatch(r -> r.name().equals("ch.randelshofer.fastdoubleparser")));
  }

  @Test
  void anApplicationModuleReadsAndWritesWithIt() throws Exception {
    Path src = dir.resolve("src");
    Path out = dir.resolve("out");
    Files.createDirectories(src.resolve("demo/app"));
    Files.writeString(src.resolve("module-info.java"), "module demo.app { requires dev.brisk.json; }\n");
    Files.writeString(src.resolve("demo/app/Main.java"), String.join("\n",
        "package demo.app;",
        "import dev.brisk.json.*;",
        "public class Main {",
        "  public static void main(String[] args) {",
        "    JsonReader r = JsonReader.of(\"[2.6395313895198393, \\\"Zo\\u00eb\\\"]\".getBytes(java.nio.charset.StandardCharsets.UTF_8));",
        "    r.next();",
        "    r.next();",
        "    double d = r.getDouble();",
        "    String s = r.nextString();",
        "    System.out.println(d == 2.6395313895198393);",
        "    System.out.println(Json.toString(Json.parse(\"{\\\"name\\\": \\\"\" + s + \"\\\", \\\"n\\\": 1.10}\")));",
        "    System.out.println(JsonWriter.stringsFromOwnArrays());",
        "  }",
        "}",
        ""));
    String modulePath = location(JsonReader.class) + File.pathSeparator + location(JsonDoubleParser.class);

    // javac as a process: these tests run inside dev.brisk.json, which does not read java.compiler
    assertEquals("", run("javac", List.of("--release", "17", "--module-path", modulePath, "-d", out.toString(),
        src.resolve("module-info.java").toString(), src.resolve("demo/app/Main.java").toString())));

    String path = out + File.pathSeparator + modulePath;
    assertEquals("true\n{\"name\":\"Zoë\",\"n\":1.10}\nfalse\n", run("java", List.of("--module-path", path, "-m", "demo.app/demo.app.Main")));
    assertEquals("true\n{\"name\":\"Zoë\",\"n\":1.10}\ntrue\n", run("java", List.of(
        "--add-opens", "java.base/java.lang=dev.brisk.json", "--module-path", path, "-m", "demo.app/demo.app.Main")));
  }

  /** Runs the JDK's {@code tool} with {@code args}; returns what it printed, after it exits with 0. */
  private static String run(String tool, List<String> args) throws IOException, InterruptedException {
    Path exe = Path.of(System.getProperty("java.home"), "bin", tool);
    assertEquals(true, Files.isExecutable(exe), "the tests need a JDK with " + exe);
    List<String> command = new ArrayList<>();
    command.add(exe.toString());
    if (tool.equals("java")) {
      command.add("-Dstdout.encoding=UTF-8");
    }
    command.addAll(args);
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    byte[] output = p.getInputStream().readAllBytes();
    assertEquals(true, p.waitFor(60, TimeUnit.SECONDS), tool + " did not finish");
    String text = new String(output, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), text);
    return text;
  }

  private static Path location(Class<?> c) {
    try {
      return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Set<String> packagesOf(Set<ModuleDescriptor.Exports> exports) {
    Set<String> s = new java.util.HashSet<>();
    for (ModuleDescriptor.Exports e : exports) {
      s.add(e.source());
    }
    return s;
  }
}
