package dev.brisk.schema.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.randelshofer.fastdoubleparser.JsonDoubleParser;
import dev.brisk.json.JsonReader;
import dev.brisk.schema.Codecs;
import dev.brisk.testkit.ModuleApps;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.codehaus.commons.compiler.ICompilerFactory;
import org.codehaus.janino.SimpleCompiler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * brisk-schema as the named module {@code dev.brisk.schema}, from an application module that
 * requires it and exports nothing: the processor generates the codec of a {@code @JsonCodec}
 * record while javac compiles that module (the processor from the processor path, as from
 * Maven's {@code annotationProcessorPaths}), and in its own JVM on the module path {@code
 * Codecs.get} finds that codec (the codec exports its package to dev.brisk.schema itself), and a
 * schema text is compiled by Janino and read, in a package of the application's choosing. A
 * codec class that does not export its package (not generated) gets an error that says what to do.
 */
class ModulePathTest {
  @TempDir Path dir;

  @Test
  void anApplicationModuleUsesBuildTimeAndRunTimeCodecs() throws Exception {
    String modulePath = ModuleApps.path(Codecs.class, JsonReader.class, JsonDoubleParser.class,
        SimpleCompiler.class, ICompilerFactory.class);
    String processorPath = ModuleApps.path(CodecProcessor.class, Codecs.class, JsonReader.class, JsonDoubleParser.class);
    Path out = ModuleApps.compile(dir, Map.of(
        "module-info.java", "module demo.app { requires dev.brisk.schema; }\n",
        "demo/app/User.java", String.join("\n",
            "package demo.app;",
            "@dev.brisk.schema.JsonCodec",
            "public record User(String name, int age, java.util.List<String> tags) {}",
            ""),
        // Not generated, so it does not export its package (another one: the generated codec
        // exported demo.app): Codecs.get must say what to do.
        "demo/other/Thing.java", "package demo.other;\npublic record Thing(int n) {}\n",
        "demo/other/ThingBriskCodec.java",
        "package demo.other;\npublic class ThingBriskCodec { public static final Object INSTANCE = new Object(); }\n",
        "demo/app/Main.java", ModuleApps.main(List.of("import static java.nio.charset.StandardCharsets.UTF_8;", "import dev.brisk.schema.*;"),
            "Codec<User> users = Codecs.get(User.class);",
            "User u = users.read(\"{\\\"name\\\":\\\"Zo\\u00eb\\\",\\\"age\\\":41,\\\"tags\\\":[\\\"a\\\"]}\".getBytes(UTF_8));",
            "System.out.println(u);",
            "System.out.println(new String(users.write(u), UTF_8));",
            "SchemaSet s = Schemas.options().packageName(\"demo.gen\")",
            "    .compile(\"create json schema Friend(id string, `index` int)\");",
            "JsonRecord f = s.codec(\"Friend\").read(\"{\\\"id\\\":\\\"x\\\",\\\"index\\\":3}\".getBytes(UTF_8));",
            "System.out.println(f + \" \" + f.getClass().getName().startsWith(\"demo.gen.\"));",
            "try {",
            "  Codecs.get(demo.other.Thing.class);",
            "} catch (IllegalStateException e) {",
            "  System.out.println(e.getMessage());",
            "}")),
        modulePath, "-processorpath", processorPath);
    String printed = ModuleApps.runMain(out, modulePath);
    String[] lines = printed.split("\n", -1);
    assertEquals(5, lines.length, printed);
    assertEquals("User[name=Zoë, age=41, tags=[a]]", lines[0]);
    assertEquals("{\"name\":\"Zoë\",\"age\":41,\"tags\":[\"a\"]}", lines[1]);
    assertEquals("{\"id\":\"x\",\"index\":3} true", lines[2]);
    // Between these two, the JDK's own words for the IllegalAccessException.
    assertTrue(lines[3].startsWith("cannot read demo.other.ThingBriskCodec.INSTANCE ("), lines[3]);
    assertTrue(lines[3].endsWith("): regenerate the codec with this Brisk (its codecs export their package to"
        + " dev.brisk.schema), add \"exports demo.other to dev.brisk.schema;\" to the module's module-info.java,"
        + " or use demo.other.ThingBriskCodec.INSTANCE directly"), lines[3]);
    assertEquals("", lines[4]);
  }
}
