package dev.brisk.jsonp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ch.randelshofer.fastdoubleparser.JsonDoubleParser;
import dev.brisk.json.JsonReader;
import dev.brisk.testkit.ModuleApps;
import jakarta.json.Json;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * brisk-jsonp as the named module {@code dev.brisk.jsonp}: an application module that requires
 * only {@code jakarta.json}, run on a module path that holds Brisk's modules, gets Brisk's
 * provider from {@code JsonProvider.provider()} (the module's {@code provides}) and reads and
 * writes with it.
 */
class ModulePathTest {
  @TempDir Path dir;

  @Test
  void jakartaJsonFindsTheProviderOnTheModulePath() throws Exception {
    String modulePath = ModuleApps.path(Json.class, BriskJsonProvider.class, JsonReader.class, JsonDoubleParser.class);
    Path out = ModuleApps.compile(dir, Map.of(
        "module-info.java", "module demo.app { requires jakarta.json; }\n",
        "demo/app/Main.java", ModuleApps.main(List.of("import jakarta.json.*;"),
            "System.out.println(jakarta.json.spi.JsonProvider.provider().getClass().getName());",
            "JsonObject o = Json.createReader(new java.io.StringReader(\"{\\\"a\\\": [1, 2.50, \\\"Zo\\u00eb\\\"]}\")).readObject();",
            "System.out.println(o.getJsonArray(\"a\").getJsonNumber(1).bigDecimalValue().scale());",
            "System.out.println(o);")),
        modulePath);
    assertEquals("dev.brisk.jsonp.BriskJsonProvider\n2\n{\"a\":[1,2.50,\"Zoë\"]}\n", ModuleApps.runMain(out, modulePath));
  }
}
