package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.randelshofer.fastdoubleparser.JsonDoubleParser;
import dev.brisk.testkit.ModuleApps;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * brisk-core as a named module, {@code dev.brisk.json}, used the way an application on the module
 * path uses it: a module of its own that requires it, compiled with javac and run with {@code
 * java --module-path ... -m}, in a JVM of its own. It reads a double that takes FastDoubleParser
 * (so the module's {@code requires} brings that module along, with nothing added on the command
 * line), writes JSON, and tells whether strings are written from their own arrays: yes by default
 * on JDK 17 to 23 (through {@code sun.misc.Unsafe}, whose module {@code jdk.unsupported} the
 * module requires), not with {@code -Ddev.brisk.json.unsafe=false}, yes with {@code
 * --add-opens java.base/java.lang=dev.brisk.json}, and yes on every JDK where the JVM allows
 * Unsafe's memory methods without a warning ({@code --sun-misc-unsafe-memory-access=allow} on JDK
 * 24 and later), with nothing printed.
 */
class ModulePathTest {
  @TempDir Path dir;

  @Test
  void theModuleDescribesItself() {
    // The descriptor the build compiled, read where the classes are (so, whether these tests run
    // inside the module or on the class path)
    ModuleDescriptor d = ModuleFinder.of(ModuleApps.location(JsonReader.class)).findAll().iterator().next().descriptor();
    assertEquals("dev.brisk.json", d.name());
    assertFalse(d.isAutomatic());
    assertEquals(Set.of("dev.brisk.json"), d.exports().stream().map(ModuleDescriptor.Exports::source).collect(Collectors.toSet()));
    assertTrue(d.requires().stream().anyMatch(r -> r.name().equals("ch.randelshofer.fastdoubleparser")), d.toString());
    assertTrue(d.requires().stream().anyMatch(r -> r.name().equals("jdk.unsupported")), d.toString());
  }

  @Test
  void anApplicationModuleReadsAndWritesWithIt() throws Exception {
    String modulePath = ModuleApps.path(JsonReader.class, JsonDoubleParser.class);
    Path out = ModuleApps.compile(dir, Map.of(
        "module-info.java", "module demo.app { requires dev.brisk.json; }\n",
        "demo/app/Main.java", ModuleApps.main(List.of("import dev.brisk.json.*;"),
            "JsonReader r = JsonReader.of(\"[2.6395313895198393, \\\"Zo\\u00eb\\\"]\".getBytes(java.nio.charset.StandardCharsets.UTF_8));",
            "r.next();",
            "r.next();",
            "double d = r.getDouble(); // 17 digits: FastDoubleParser's",
            "String s = r.nextString();",
            "System.out.println(d == 2.6395313895198393);",
            "System.out.println(Json.toString(Json.parse(\"{\\\"name\\\": \\\"\" + s + \"\\\", \\\"n\\\": 1.10}\")));",
            "System.out.println(JsonWriter.stringsFromOwnArrays());")),
        modulePath);
    String read = "true\n{\"name\":\"Zoë\",\"n\":1.10}\n";
    // Unsafe (jdk.unsupported, which the module requires) on JDK 17 to 23 by default
    assertEquals(read + (Runtime.version().feature() < 24) + "\n", ModuleApps.runMain(out, modulePath));
    assertEquals(read + "false\n", ModuleApps.runMain(out, modulePath, "-Ddev.brisk.json.unsafe=false"));
    assertEquals(read + "true\n",
        ModuleApps.runMain(out, modulePath, "--add-opens", "java.base/java.lang=dev.brisk.json"));
    // Where the JVM lets Unsafe's memory methods run without a warning, Brisk takes them on every
    // JDK, and (the output holds the JVM's standard error too) nothing is printed: JDK 24 and later
    // by their switch, earlier ones, which have no such switch, ignore the property it sets
    String allow = Runtime.version().feature() >= 24
        ? "--sun-misc-unsafe-memory-access=allow" : "-Dsun.misc.unsafe.memory.access=allow";
    assertEquals(read + "true\n", ModuleApps.runMain(out, modulePath, allow));
    // Asking Brisk alone does not take Unsafe where the JDK would warn
    assertEquals(read + (Runtime.version().feature() < 24) + "\n",
        ModuleApps.runMain(out, modulePath, "-Ddev.brisk.json.unsafe=true"));
  }
}
