package dev.brisk.json;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A small, lock-free, shared cache from the UTF-8 bytes of a member name to its {@code String}, so
 * that the names repeated in every event ({@code "id"}, {@code "name"}, ...) are decoded once and
 * shared by every tree.
 *
 * <p>Layout: a direct-mapped table of {@value #SIZE} slots, each an immutable {@link Entry} that
 * keeps the name's first and last eight bytes as two longs. A name of up to 16 bytes is wholly
 * covered by those two words, so a lookup is a hash, one slot read and three compares, with no
 * loop over bytes; a longer name is also compared byte by byte. A miss decodes and overwrites the
 * slot.
 *
 * <p>Each entry also remembers, as table slots, the name that last followed it in an object
 * ({@code nextSlot}) and the first name of the last object (or array of objects) that was its value
 * ({@code firstSlot}): a tree reader compares the bytes at hand with that predicted name first, and
 * events of one shape then read their names with no scan and no lookup. Links are slot numbers,
 * not references, so an entry that is overwritten is never kept alive by another.
 *
 * <p>Thread-safety: races are benign. An {@code Entry} has only final fields, so a reader sees a
 * whole entry or an older one, and the worst a lost race costs is one extra decode. Memory is
 * bounded ({@value #SIZE} entries of at most {@value #MAX_LEN} bytes), so hostile input can only
 * make it miss, never grow. The links are plain ints written without synchronization: an int is
 * never torn, and a stale or wrong link only makes a prediction miss, as every prediction is
 * checked against the bytes.
 *
 * <p>The first name to take a slot is {@linkplain String#intern() interned}, as Jackson interns
 * member names by default: code that looks names up among string literals (a {@code HashMap} of
 * field deserializers, a {@code switch} on the name) then finds its key by identity and skips
 * comparing the characters. (In opensearch-java's {@code SearchResponse} read, {@code
 * String.equals} took 2 % of the time before.) A name that overwrites another is not interned, so
 * the cache interns one name per slot in its life (and one more per thread that races to fill the
 * same empty slot), whatever the input; and two names that share a slot and alternate cost a
 * decode each time, as before, not an intern each time.
 */
final class NameCache {
  static final int SIZE = 2048;
  static final int MAX_LEN = 64;
  static final NameCache SHARED = new NameCache();

  /** A name with its bytes and its links; {@code slot} is -1 for a name not in the table. */
  static final class Entry {
    final long first;
    final long last;
    final int len;
    final byte[] bytes; // only for names longer than 16 bytes
    final String name;
    final int slot;
    int nextSlot; // the name that last followed this one in an object
    int firstSlot; // the first name of the last object under this name

    Entry(long first, long last, int len, byte[] bytes, String name, int slot) {
      this.first = first;
      this.last = last;
      this.len = len;
      this.bytes = bytes;
      this.name = name;
      this.slot = slot;
    }
  }

  /** Stands for an escaped or over-long name: predicts nothing, and is never linked to. */
  static final Entry UNLINKED = new Entry(-1, -1, -1, null, null, -1);

  private final Entry[] table = new Entry[SIZE];

  /** The first name of the last top-level object read (a slot), for the first prediction. */
  int rootFirstSlot;

  /** The entry in {@code slot} now (maybe another name than the one that was linked), or null. */
  Entry at(int slot) {
    return table[slot & (SIZE - 1)];
  }

  /** The name for {@code len} bytes at {@code buf[off]}, which hold valid, unescaped UTF-8. */
  String get(byte[] buf, int off, int len, boolean ascii) {
    return len > MAX_LEN ? decode(buf, off, len, ascii) : entry(buf, off, len, ascii).name;
  }

  /**
   * The entry for {@code len} bytes at {@code buf[off]}, which hold valid, unescaped UTF-8: from
   * the table, or new and put there; {@link #UNLINKED} (with no name) when {@code len} is over
   * {@value #MAX_LEN}.
   */
  Entry entry(byte[] buf, int off, int len, boolean ascii) {
    if (len > MAX_LEN) {
      return UNLINKED;
    }
    long a;
    long z;
    if (len >= 8) {
      a = (long) Swar.LONGS.get(buf, off);
      z = (long) Swar.LONGS.get(buf, off + len - 8);
    } else if (off + 8 <= buf.length) {
      // Read a whole word and keep the name's bytes: the rest lie inside the array, unused.
      a = (long) Swar.LONGS.get(buf, off) & ((1L << (len << 3)) - 1);
      z = 0;
    } else {
      a = 0;
      for (int i = off + len - 1; i >= off; i--) {
        a = a << 8 | (buf[i] & 0xFF);
      }
      z = 0;
    }
    long h = (a * 0x9E3779B97F4A7C15L + z) * 0xC2B2AE3D27D4EB4FL + len;
    int slot = ((int) (h >>> 32) ^ (int) h) & (SIZE - 1);
    Entry e = table[slot];
    if (e != null
        && e.first == a
        && e.last == z
        && e.len == len
        && (len <= 16 || Arrays.equals(e.bytes, 0, len, buf, off, off + len))) {
      return e;
    }
    String name = decode(buf, off, len, ascii);
    if (e == null) {
      name = name.intern(); // the slot's first name: see the class comment
    }
    byte[] bytes = len <= 16 ? null : Arrays.copyOfRange(buf, off, off + len);
    e = new Entry(a, z, len, bytes, name, slot);
    table[slot] = e;
    return e;
  }

  /**
   * Whether the string token whose content begins at {@code buf[q]} is exactly {@code e}'s name:
   * its bytes, then the closing quote, all before {@code end}. Entry bytes come from valid,
   * unescaped names, so they hold no quote, backslash or control character, and a match is the
   * whole token, already valid. False when it cannot tell cheaply (the caller then scans).
   */
  static boolean matches(Entry e, byte[] buf, int q, int end) {
    int len = e.len;
    if (q + len >= end || buf[q + len] != '"') {
      return false;
    }
    if (len >= 8) {
      if (len > 16) {
        return Arrays.equals(e.bytes, 0, len, buf, q, q + len);
      }
      return (long) Swar.LONGS.get(buf, q) == e.first
          && (long) Swar.LONGS.get(buf, q + len - 8) == e.last;
    }
    return q + 8 <= buf.length
        && ((long) Swar.LONGS.get(buf, q) & ((1L << (len << 3)) - 1)) == e.first;
  }

  @SuppressWarnings("deprecation")
  private static String decode(byte[] buf, int off, int len, boolean ascii) {
    return ascii
        ? new String(buf, 0, off, len) // ASCII bytes are Latin-1 code points: no decoding
        : new String(buf, off, len, StandardCharsets.UTF_8);
  }
}
