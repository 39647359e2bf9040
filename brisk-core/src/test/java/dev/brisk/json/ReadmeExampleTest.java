package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The example on the README's first screen, as it stands there, runs and does what it says. */
class ReadmeExampleTest {
  @Test
  void theReadmeExampleRuns() {
    byte[] bytes =
        "{\"users\":[{\"name\":\"a\",\"latitude\":2.6395313895198393,\"balance\":1.10}]}"
            .getBytes(StandardCharsets.UTF_8);
    JsonValue doc = Json.parse(bytes); // strict, default limits
    String name = doc.asObject().getArray("users").get(0).asObject().getString("name");
    byte[] out = Json.toBytes(doc); // numbers keep their exact text
    assertEquals("a", name);
    assertEquals(new String(bytes, StandardCharsets.UTF_8), new String(out, StandardCharsets.UTF_8));

    String broken = "{\n  \"users\": [\n    {\"name\": \"a\"},\n    {\"name\": nul}\n  ]\n}";
    var inputStream = new ByteArrayInputStream(broken.getBytes(StandardCharsets.UTF_8));
    String message = null;
    try (JsonReader r = JsonReader.of(inputStream)) { // streaming, constant memory
      while (r.next() != JsonToken.END_DOCUMENT) {
        // ...
      }
    } catch (JsonException e) {
      message = e.getMessage();
    }
    assertTrue(
        message.endsWith("at line 4, column 17 (offset 50, path $.users[1].name)"), message);
  }
}
