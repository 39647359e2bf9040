package dev.brisk.schema;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.brisk.json.Json;
import dev.brisk.json.JsonReader;
import java.lang.reflect.Field;
import org.junit.jupiter.api.Test;

/**
 * Generated codecs keep the reader of a thread's last document for its next one, and none of the
 * caller's bytes with it. (A read inside a read, and a read after an error: CodecProcessorTest.)
 */
class KeptReaderTest {
  @Test
  void theReadsReuseTheKeptReaderWhichHoldsNoneOfTheCallersBytes() throws Exception {
    Codec<JsonRecord> codec = Schemas.compile("create json schema P(name string)").codec("P");
    byte[] doc = "{\"name\":\"x\"}".getBytes(UTF_8);
    JsonReader kept = Json.DEFAULT.keptReader(doc, 0, doc.length);
    kept.keep();
    assertEquals("x", codec.read(doc).getString("name"));
    Field buf = JsonReader.class.getDeclaredField("buf");
    buf.setAccessible(true);
    assertNotSame(doc, buf.get(kept), "the kept reader holds the bytes it last read");
    byte[] other = "{\"name\":\"y\"}".getBytes(UTF_8);
    assertEquals("y", codec.read(other).getString("name"));
    assertSame(kept, Json.DEFAULT.keptReader(doc, 0, doc.length), "the codec did not give back the reader it took");
  }
}
