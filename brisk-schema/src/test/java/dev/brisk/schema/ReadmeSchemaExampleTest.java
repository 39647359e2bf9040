package dev.brisk.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brisk.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's schema example, as it stands there, on the repository's sample files. */
class ReadmeSchemaExampleTest {
  @Test
  void theReadmeSchemaExampleRuns() throws Exception {
    Path root = Path.of("..");
    String text = Files.readString(root.resolve("samples/users.schema"));
    SchemaSet set = Schemas.options().lenient(true).compile(text); // the seed's data has a boolean
    Codec<JsonRecord> users = set.codec("Users"); // where its schema says string
    JsonRecord doc = users.read(Files.readAllBytes(root.resolve("samples/users.json")));
    JsonRecord first = ((JsonRecord[]) doc.get("users"))[0];
    String name = first.getString("name");
    double latitude = first.getDouble("latitude");
    boolean hasAge = first.has("age");
    byte[] out = users.write(doc);

    var expected = Json.parse(Files.readAllBytes(root.resolve("samples/users.json"))).asObject()
        .getArray("users").get(0).asObject();
    assertEquals(expected.getString("name"), name);
    assertEquals(expected.getNumber("latitude").doubleValue(), latitude);
    assertTrue(hasAge);
    // Written back, the document is the same but for isActive, now the string the schema asks for.
    assertEquals("\"" + expected.get("isActive") + "\"",
        Json.parse(out).asObject().getArray("users").get(0).asObject().get("isActive").toString());
  }
}
