package dev.brisk.json;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A small, lock-free, shared cache from the UTF-8 bytes of a member name to its {@code String}, so
 * that the names repeated in every event ({@code "id"}, {@code "name"}, ...) are decoded once.
 *
 * <p>Layout: a direct-mapped table of {@value #SIZE} slots, each an immutable {@link Entry}. A
 * lookup hashes the bytes, reads one slot and compares the bytes; a miss decodes and overwrites
 * the slot. Races are benign: an {@code Entry} has only final fields, so a reader sees either a
 * whole entry or an older one, and the worst outcome of a lost race is one extra decode. Memory is
 * bounded (at most {@value #SIZE} entries of at most {@value #MAX_LEN} bytes), so hostile input can
 * only make it miss, never grow.
 */
final class NameCache {
  static final int SIZE = 2048;
  static final int MAX_LEN = 64;
  static final NameCache SHARED = new NameCache();

  private static final class Entry {
    final byte[] bytes;
    final String name;

    Entry(byte[] bytes, String name) {
      this.bytes = bytes;
      this.name = name;
    }
  }

  private final Entry[] table = new Entry[SIZE];

  /** The name for {@code len} bytes at {@code buf[off]}, which hold valid, unescaped UTF-8. */
  String get(byte[] buf, int off, int len, boolean ascii) {
    if (len > MAX_LEN) {
      return decode(buf, off, len, ascii);
    }
    int h = len;
    for (int i = off, e = off + len; i < e; i++) {
      h = 31 * h + buf[i];
    }
    h ^= h >>> 11;
    int slot = h & (SIZE - 1);
    Entry entry = table[slot];
    if (entry != null && Arrays.equals(entry.bytes, 0, entry.bytes.length, buf, off, off + len)) {
      return entry.name;
    }
    String name = decode(buf, off, len, ascii);
    table[slot] = new Entry(Arrays.copyOfRange(buf, off, off + len), name);
    return name;
  }

  @SuppressWarnings("deprecation")
  private static String decode(byte[] buf, int off, int len, boolean ascii) {
    return ascii
        ? new String(buf, 0, off, len) // ASCII bytes are Latin-1 code points: no decoding
        : new String(buf, off, len, StandardCharsets.UTF_8);
  }
}
