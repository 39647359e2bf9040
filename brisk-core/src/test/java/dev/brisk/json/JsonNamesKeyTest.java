package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * JsonNames.Key: the keys JsonNames makes are the only forms its constructor accepts, so that no
 * key makes a one-call member read take bytes that are not the name it stands for.
 */
class JsonNamesKeyTest {

  /** A key rebuilt from its components, which the constructor must accept. */
  static JsonNames.Key copy(JsonNames.Key k) {
    return new JsonNames.Key(k.word0(), k.mask0(), k.word1(), k.mask1(), k.length());
  }

  @Test
  void everyKeyJsonNamesMakesIsAcceptedAndNamesItsName() {
    SplittableRandom random = new SplittableRandom(20261128);
    for (int n = 0; n < 2000; n++) {
      int length = random.nextInt(17); // 16 is one past what the words hold
      StringBuilder name = new StringBuilder();
      for (int j = 0; j < length; j++) {
        char c;
        do {
          c = (char) random.nextInt(0x20, 0x80);
        } while (c == '"' || c == '\\');
        name.append(c);
      }
      JsonNames.Key k = JsonNames.of(name.toString()).key(0);
      assertEquals(k, copy(k), name.toString());
      if (length <= 15) {
        assertEquals(length, k.length());
        assertEquals("Key[" + name + "]", k.toString());
      } else {
        assertEquals(new JsonNames.Key(0, 0, 0, 0, -1), k);
      }
    }
  }

  @Test
  void namesTheWordsCannotHoldGetTheKeyNoInputMatches() {
    JsonNames names = JsonNames.of("sixteen-bytes-ab", "caf\u00e9", "tab\there", "q\"uote", "back\\slash", "");
    for (int i = 0; i < 5; i++) {
      assertEquals(-1, names.key(i).length(), names.key(i).toString());
      assertEquals("Key[-1]", names.key(i).toString());
    }
    assertEquals(0, names.key(5).length());
    // Such a key reads nothing, even where its name is next.
    JsonReader r = JsonReader.of("{\"sixteen-bytes-ab\":\"x\",\"pad\":\"................\"}");
    r.next();
    assertTrue(JsonReader.notThisMember(r.nextStringMember(names.key(0))));
    assertEquals(0, r.nextFieldInOrder(names, 0));
    assertEquals("x", r.nextString());
  }

  @Test
  void theConstructorRejectsEveryOtherForm() {
    JsonNames.Key ab = JsonNames.of("ab").key(0); // 'a', 'b', '"' in the low three bytes
    long w = ab.word0();
    long m = ab.mask0();
    assertEquals(0x00000000_00226261L, w);
    assertEquals(0x00000000_00ffffffL, m);
    assertEquals(ab, new JsonNames.Key(w, m, 0, 0, 2));
    rejects(w, m, 0, 0, 3); // the length disagrees with the mask
    rejects(w, 0xffffffffL, 0, 0, 2); // a mask wider than the name and its quote
    rejects(w | 0x01000000L, m, 0, 0, 2); // a bit outside the mask
    rejects(w, m, 1, 0, 2); // a bit in the second word, whose mask is zero
    rejects(0x00000000_00626261L, m, 0, 0, 2); // no closing quote: "abb"
    rejects(0x00000000_00222261L, m, 0, 0, 2); // a quote inside the name
    rejects(0x00000000_00225c61L, m, 0, 0, 2); // a backslash inside the name
    rejects(0x00000000_00220961L, m, 0, 0, 2); // a control character
    rejects(0x00000000_0022e961L, m, 0, 0, 2); // a byte of a multi-byte character
    rejects(0, 0, 0, 0, 16);
    rejects(0, 0, 0, 0, -2);
    rejects(w, m, 0, 0, -1); // the key that matches nothing has four zero words
    // Fifteen bytes and the quote fill both words exactly.
    JsonNames.Key full = JsonNames.of("abcdefghijklmno").key(0);
    assertEquals(-1L, full.mask0());
    assertEquals(-1L, full.mask1());
    assertEquals(full, copy(full));
    rejects(full.word0(), full.mask0(), full.word1(), full.mask1(), 14);
  }

  @Test
  void aKeyBuiltFromWordsReadsItsName() {
    byte[] nameAndQuote = "id\"".getBytes(StandardCharsets.US_ASCII);
    long word = 0;
    for (int j = nameAndQuote.length - 1; j >= 0; j--) {
      word = word << 8 | nameAndQuote[j];
    }
    JsonNames.Key id = new JsonNames.Key(word, 0xffffffL, 0, 0, 2);
    JsonReader r = JsonReader.of("{\"id\":\"1\",\"pad\":\"................\"}");
    r.next();
    assertEquals("1", r.nextStringMember(id));
    assertEquals("$.id", r.path());
  }

  /** A write key rebuilt from its components, which the constructor must accept. */
  static JsonNames.WriteKey copy(JsonNames.WriteKey k) {
    return new JsonNames.WriteKey(k.plain0(), k.plain1(), k.comma0(), k.comma1(), k.length());
  }

  @Test
  void everyWriteKeyJsonNamesMakesIsAcceptedAndWritesItsName() {
    SplittableRandom random = new SplittableRandom(20261129);
    String alphabet = "abcXYZ09 -_.~/\"\\\t\u00e9\u4e2d\u2028";
    for (int n = 0; n < 2000; n++) {
      int length = random.nextInt(15);
      StringBuilder name = new StringBuilder();
      for (int j = 0; j < length; j++) {
        name.append(alphabet.charAt(random.nextInt(alphabet.length())));
      }
      JsonNames names = JsonNames.of(name.toString());
      JsonNames.WriteKey k = names.writeKey(0);
      assertEquals(k, copy(k), name.toString());
      byte[] utf8 = name.toString().getBytes(StandardCharsets.UTF_8);
      boolean plain = name.chars().noneMatch(c -> c < 0x20 || c == '"' || c == '\\' || c == '/' || c == 0x2028);
      assertEquals(plain && utf8.length <= 12 ? utf8.length + 3 : 0, k.length(), name.toString());
      if (k.length() > 0) {
        assertEquals("WriteKey[" + name + "]", k.toString());
      }
      // Written with the key, as a codec does, first and after another member: the same bytes as
      // by name(String).
      JsonWriter general = JsonWriter.create();
      general.beginObject().name(name.toString()).value(1L).name("z").beginObject().name(name.toString()).value(2L)
          .endObject().endObject();
      JsonWriter byKey = JsonWriter.create();
      byKey.beginObject().member(names, 0, k, 1L).name("z").beginObject().name(names, 0, k).value(2L)
          .endObject().endObject();
      assertEquals(new String(general.toByteArray(), StandardCharsets.UTF_8),
          new String(byKey.toByteArray(), StandardCharsets.UTF_8), name.toString());
    }
  }

  @Test
  void theWriteKeyConstructorRejectsEveryOtherForm() {
    JsonNames.WriteKey ab = JsonNames.of("ab").writeKey(0); // "ab": and ,"ab":
    assertEquals(5, ab.length());
    assertEquals(0x3a_22_62_61_22L, ab.plain0());
    assertEquals(0x3a_22_62_61_22_2cL, ab.comma0());
    assertEquals(ab, new JsonNames.WriteKey(0x3a_22_62_61_22L, 0, 0x3a_22_62_61_22_2cL, 0, 5));
    writeRejects(0x3a_22_62_61_22L, 0, 0x3a_22_62_61_22_2cL, 0, 6); // the length disagrees
    writeRejects(0x3a_22_62_61_22L, 0, 0x3a_22_62_61_22_2cL, 0, 2);
    writeRejects(0x3a_22_62_61_22L, 0, 0x3a_22_62_61_22_2cL, 0, 16);
    writeRejects(0x7a_3a_22_62_61_22L, 0, 0x3a_22_62_61_22_2cL, 0, 5); // a byte past the colon
    writeRejects(0x3a_22_62_61_22L, 0, 0x3a_22_62_62_22_2cL, 0, 5); // the comma form of another name
    writeRejects(0x3a_22_62_61_22L, 0, 0x3a_22_62_61_22_20L, 0, 5); // no comma
    writeRejects(0x2c_22_62_61_22L, 0, 0x2c_22_62_61_22_2cL, 0, 5); // no colon
    writeRejects(0x3a_22_2f_61_22L, 0, 0x3a_22_2f_61_22_2cL, 0, 5); // a slash, which may need escaping
    writeRejects(0x3a_22_09_61_22L, 0, 0x3a_22_09_61_22_2cL, 0, 5); // a tab
    writeRejects(0x3a_22_c3_61_22L, 0, 0x3a_22_c3_61_22_2cL, 0, 5); // half a two-byte character
    writeRejects(0x3a_22_62_61_22L, 0, 0, 0, 0); // the key written otherwise has four zero words
    assertEquals(new JsonNames.WriteKey(0, 0, 0, 0, 0), JsonNames.of("thirteen-byte").writeKey(0));
    assertThrows(IndexOutOfBoundsException.class, () -> JsonNames.of("a").writeKey(1));
  }

  static void writeRejects(long plain0, long plain1, long comma0, long comma1, int length) {
    assertThrows(IllegalArgumentException.class, () -> new JsonNames.WriteKey(plain0, plain1, comma0, comma1, length),
        () -> String.format("%x %x %x %x %d", plain0, plain1, comma0, comma1, length));
  }

  static void rejects(long word0, long mask0, long word1, long mask1, int length) {
    assertThrows(IllegalArgumentException.class, () -> new JsonNames.Key(word0, mask0, word1, mask1, length),
        () -> String.format("%x %x %x %x %d", word0, mask0, word1, mask1, length));
  }
}
