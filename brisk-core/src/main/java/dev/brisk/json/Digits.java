package dev.brisk.json;

/**
 * Decimal digits of non-negative longs, for the writer's integers and {@link DoubleFormat}'s
 * significands: the count from the bit length and one table compare, the digits two at a time,
 * in int arithmetic once eight digits or fewer are left. Stateless and thread-safe.
 */
final class Digits {
  private Digits() {}

  /** "00" to "99". */
  private static final byte[] PAIRS = new byte[200];

  /** 10^0 to 10^18. */
  private static final long[] POW10 = new long[19];

  static {
    for (int i = 0; i < 100; i++) {
      PAIRS[2 * i] = (byte) ('0' + i / 10);
      PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
    }
    POW10[0] = 1;
    for (int i = 1; i < 19; i++) {
      POW10[i] = POW10[i - 1] * 10;
    }
  }

  /** The number of decimal digits of {@code v >= 0} (1 for 0). */
  static int count(long v) {
    // floor(log10(2) * bit length) is the digit count or one less; 1233 / 4096 ~ log10(2).
    int t = (64 - Long.numberOfLeadingZeros(v | 1)) * 1233 >>> 12;
    return t < 19 && v >= POW10[t] ? t + 1 : Math.max(t, 1);
  }

  /** Writes the one or two digits of {@code 0 <= v < 100} at {@code b[p]}; returns the end. */
  static int writeUnder100(int v, byte[] b, int p) {
    if (v < 10) {
      b[p] = (byte) ('0' + v);
      return p + 1;
    }
    b[p] = PAIRS[2 * v];
    b[p + 1] = PAIRS[2 * v + 1];
    return p + 2;
  }

  /** Writes the {@code n = count(v)} digits of {@code v >= 0} at {@code b[p]}; returns p + n. */
  static int write(long v, int n, byte[] b, int p) {
    int i = p + n;
    while (v > Integer.MAX_VALUE) {
      int r = (int) (v % 100);
      v /= 100;
      i -= 2;
      b[i] = PAIRS[2 * r];
      b[i + 1] = PAIRS[2 * r + 1];
    }
    int w = (int) v;
    while (w >= 100) {
      int r = w % 100;
      w /= 100;
      i -= 2;
      b[i] = PAIRS[2 * r];
      b[i + 1] = PAIRS[2 * r + 1];
    }
    if (w >= 10) {
      b[i - 2] = PAIRS[2 * w];
      b[i - 1] = PAIRS[2 * w + 1];
    } else {
      b[i - 1] = (byte) ('0' + w);
    }
    return p + n;
  }
}
