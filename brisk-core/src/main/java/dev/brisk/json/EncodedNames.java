package dev.brisk.json;

import java.nio.charset.StandardCharsets;

/**
 * A small, lock-free, shared cache from a member name to its encoded form {@code "name":}, so that
 * the names written in every event are escaped and encoded once.
 *
 * <p>Direct-mapped on {@code String.hashCode()}, which a {@code String} caches; a hit is one slot
 * read, an identity test (parsed names come from the shared name cache; an entry keeps the instance
 * it last matched) and a copy. An entry's bytes never change and its name is always an equal
 * String, so races are benign; the table is bounded, so hostile names can only make it miss.
 */
final class EncodedNames {
  static final int SIZE = 1024;
  static final int MAX_CHARS = 32;
  static final EncodedNames SHARED = new EncodedNames();

  static final class Entry {
    /**
     * Not final: a hit with an equal but other String instance (names of a tree parsed after the
     * same names were written from literals, say) stores it, so that the next hits with it are an
     * identity test. Any String a thread reads here equals the others; Strings are safely
     * published, so the race is benign.
     */
    String name;
    final byte[] encoded;
    /** When {@code ,"name":} fits 16 bytes: {@code "name":} and it as two little-endian words each. */
    final long plain0;
    final long plain1;
    final long comma0;
    final long comma1;
    /** The length of {@code encoded} when the words hold it, else 0. */
    final int shortLength;

    Entry(String name, byte[] encoded) {
      this.name = name;
      this.encoded = encoded;
      long[] w = JsonNames.writeWords(encoded);
      if (w != null) {
        plain0 = w[0];
        plain1 = w[1];
        comma0 = w[2];
        comma1 = w[3];
        shortLength = encoded.length;
      } else {
        plain0 = plain1 = comma0 = comma1 = 0;
        shortLength = 0;
      }
    }
  }

  private final Entry[] table = new Entry[SIZE];

  /** {@code "name":} as UTF-8 with the standard escapes, or null for names too long to cache. */
  byte[] get(String name) {
    Entry e = entry(name);
    return e == null ? null : e.encoded;
  }

  /** The entry for {@code name}, entered when missing, or null for names too long to cache. */
  Entry entry(String name) {
    int h = name.hashCode();
    int slot = (h ^ (h >>> 16)) & (SIZE - 1);
    Entry e = table[slot];
    if (e != null) {
      String n = e.name;
      if (n == name) {
        return e;
      }
      if (n.equals(name)) {
        e.name = name;
        return e;
      }
    }
    if (name.length() > MAX_CHARS) { // a hit is never longer: longer names are not entered
      return null;
    }
    String json = JsonWriter.create().value(name).toString() + ":";
    e = new Entry(name, json.getBytes(StandardCharsets.UTF_8));
    table[slot] = e;
    return e;
  }
}
