package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The name cache interns the first name of each slot, so that lookups among string literals find
 * it by identity, and only that one: a name that overwrites another is decoded but not interned,
 * which bounds the interning whatever the input. Each test uses a cache of its own, as the shared
 * one's slots depend on what other tests read.
 */
class NameCacheTest {
  /** The cache's name for {@code name}, read from bytes with something around them. */
  static String read(NameCache cache, String name) {
    byte[] b = ("{\"" + name + "\":1}").getBytes(StandardCharsets.UTF_8);
    return cache.get(b, 2, name.length(), true);
  }

  @Test
  void aSlotsFirstNameIsTheInternedString() {
    NameCache cache = new NameCache();
    for (String literal : new String[] {"_id", "favoriteFruit", "a member name of more than sixteen bytes"}) {
      String got = read(cache, literal);
      assertSame(literal, got, literal); // a literal is the interned instance
      assertSame(got, read(cache, literal), "a hit gives the same instance");
    }
  }

  @Test
  void aNameThatOverwritesAnotherIsNotInterned() {
    NameCache cache = new NameCache();
    String first = "eyeColor";
    int slot = cache.entry(bytes(first), 0, first.length(), true).slot;
    String other = collidingName(slot, first);

    String got = read(cache, other);
    assertEquals(other, got);
    assertNotSame(other.intern(), got, "a name that took a slot from another is not interned");
    // The two now take the slot in turns: each is decoded again, never interned.
    String again = read(cache, first);
    assertEquals(first, again);
    assertNotSame(first, again);
    assertNotSame(other.intern(), read(cache, other));
  }

  /** A name of the same length as {@code than} that the cache puts in {@code slot}. */
  static String collidingName(int slot, String than) {
    NameCache probe = new NameCache();
    for (int i = 0; ; i++) {
      String candidate = String.format("n%0" + (than.length() - 1) + "d", i);
      if (!candidate.equals(than) && probe.entry(bytes(candidate), 0, candidate.length(), true).slot == slot) {
        return new String(candidate.toCharArray()); // not the interned instance, if there is one
      }
    }
  }

  static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
