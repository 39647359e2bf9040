package dev.brisk.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brisk.json.Json;
import dev.brisk.json.JsonException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The strictness report's cases are malformed, Brisk rejects them, and a lax reader is named. */
class StrictnessTest {
  static final byte[] DOC = Users.document(42, 1000);

  @Test
  void theDocumentIsValidAndEveryCaseIsNot() {
    Json.parse(DOC);
    for (Strictness.Case c : Strictness.CASES) {
      byte[] bad = Strictness.withName(DOC, c.bytes());
      assertThrows(JsonException.class, () -> Json.parse(bad), c.what());
    }
  }

  @Test
  void theBytesGoFirstIntoTheFirstUsersName() {
    byte[] doc = Strictness.withName(DOC, "xy".getBytes(StandardCharsets.UTF_8));
    String name = Json.parse(doc).asObject().getArray("users").get(0).asObject().getString("name");
    String before = Json.parse(DOC).asObject().getArray("users").get(0).asObject().getString("name");
    assertEquals("xy" + before, name);
  }

  @Test
  void briskCodecsRejectEveryCase() throws Throwable {
    UsersReadBenchmark b = new UsersReadBenchmark();
    b.bytes = DOC;
    assertNull(Strictness.verdict(DOC, doc -> b.readWith("briskCodec", doc)));
    assertNull(Strictness.verdict(DOC, doc -> b.readWith("briskSchema", doc)));
    assertEquals(DOC, b.bytes, "readWith puts the benchmark's input back");
  }

  @Test
  void briskJsonpProviderRejectsEveryCase() {
    var provider = dev.brisk.jsonp.BriskJsonProvider.instance();
    assertNull(Strictness.verdict(DOC, doc -> JsonpTreeBenchmark.read(provider, doc)));
  }

  @Test
  void aReaderThatAcceptsOrRejectsEverythingIsNamed() {
    String lax = Strictness.verdict(DOC, doc -> doc);
    assertTrue(lax.startsWith("accepts 7 of 7: raw control character U+0001; raw line feed;"), lax);
    String none = Strictness.verdict(DOC, doc -> {
      throw new IllegalStateException("no");
    });
    assertTrue(none.startsWith("rejects the valid document itself"), none);
    String overflow = Strictness.verdict(DOC, doc -> {
      if (doc.length != DOC.length) {
        throw new StackOverflowError();
      }
      return doc;
    });
    assertTrue(overflow.startsWith("fails on raw control character U+0001 (java.lang.StackOverflowError)"), overflow);
  }
}
