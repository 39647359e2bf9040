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
 * <p>Thread-safety: races are benign. An {@code Entry} has only final fields, so a reader sees a
 * whole entry or an older one, and the worst a lost race costs is one extra decode. Memory is
 * bounded ({@value #SIZE} entries of at most {@value #MAX_LEN} bytes), so hostile input can only
 * make it miss, never grow.
 */
final class NameCache {
  static final int SIZE = 2048;
  static final int MAX_LEN = 64;
  static final NameCache SHARED = new NameCache();

  private static final class Entry {
    final long first;
    final long last;
    final int len;
    final byte[] bytes; // only for names longer than 16 bytes
    final String name;

    Entry(long first, long last, int len, byte[] bytes, String name) {
      this.first = first;
      this.last = last;
      this.len = len;
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
      return e.name;
    }
    String name = decode(buf, off, len, ascii);
    byte[] bytes = len <= 16 ? null : Arrays.copyOfRange(buf, off, off + len);
    table[slot] = new Entry(a, z, len, bytes, name);
    return name;
  }

  @SuppressWarnings("deprecation")
  private static String decode(byte[] buf, int off, int len, boolean ascii) {
    return ascii
        ? new String(buf, 0, off, len) // ASCII bytes are Latin-1 code points: no decoding
        : new String(buf, off, len, StandardCharsets.UTF_8);
  }
}
