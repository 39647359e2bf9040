package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

/** The lowest mark of Swar.specialBytes is exactly the first byte a string scanner must stop at. */
class SwarTest {
  static boolean special(int b) {
    return b == '"' || b == '\\' || b < 0x20 || b >= 0x80;
  }

  /** The index of the first of the eight bytes that {@code stop} accepts, or 8. */
  static int firstByScan(long x, IntPredicate stop) {
    for (int i = 0; i < 8; i++) {
      if (stop.test((int) (x >>> (8 * i)) & 0xFF)) {
        return i;
      }
    }
    return 8;
  }

  static int firstByScan(long x) {
    return firstByScan(x, SwarTest::special);
  }

  static int firstBySwar(long x) {
    long m = Swar.specialBytes(x);
    return m == 0 ? 8 : Long.numberOfTrailingZeros(m) >>> 3;
  }

  @Test
  void everyByteValueAtEveryPositionAmongPlainBytes() {
    for (int pos = 0; pos < 8; pos++) {
      for (int b = 0; b < 256; b++) {
        for (int filler : new int[] {'a', ' ', '~', '!', '#', '[', ']'}) {
          long x = 0;
          for (int i = 0; i < 8; i++) {
            x |= (long) (i == pos ? b : filler) << (8 * i);
          }
          assertEquals(firstByScan(x), firstBySwar(x), Long.toHexString(x));
        }
      }
    }
  }

  @Test
  void randomWordsWithSpecialBytesAnywhere() {
    SplittableRandom r = new SplittableRandom(7);
    for (int t = 0; t < 2_000_000; t++) {
      long x = 0;
      for (int i = 0; i < 8; i++) {
        int b = r.nextInt(4) == 0 ? r.nextInt(256) : 0x20 + r.nextInt(0x60);
        x |= (long) b << (8 * i);
      }
      assertEquals(firstByScan(x), firstBySwar(x), Long.toHexString(x));
    }
  }

  static int firstNonDigitByScan(long x) {
    return firstByScan(x, b -> b < '0' || b > '9');
  }

  static int firstNonDigitBySwar(long x) {
    long m = Swar.nonDigits(x);
    return m == 0 ? 8 : Long.numberOfTrailingZeros(m) >>> 3;
  }

  @Test
  void nonDigitsMarksExactlyTheFirstByteThatIsNotADigit() {
    for (int pos = 0; pos < 8; pos++) {
      for (int b = 0; b < 256; b++) {
        for (int filler : new int[] {'0', '5', '9'}) {
          long x = 0;
          for (int i = 0; i < 8; i++) {
            x |= (long) (i == pos ? b : filler) << (8 * i);
          }
          assertEquals(firstNonDigitByScan(x), firstNonDigitBySwar(x), Long.toHexString(x));
        }
      }
    }
    SplittableRandom r = new SplittableRandom(13);
    for (int t = 0; t < 2_000_000; t++) {
      long x = 0;
      for (int i = 0; i < 8; i++) {
        int b = r.nextInt(3) == 0 ? r.nextInt(256) : '0' + r.nextInt(10);
        x |= (long) b << (8 * i);
      }
      assertEquals(firstNonDigitByScan(x), firstNonDigitBySwar(x), Long.toHexString(x));
    }
  }

  @Test
  void copyPlainStopsAtTheFirstByteAWriterMustLookAt() {
    SplittableRandom r = new SplittableRandom(11);
    byte[] specials = {'"', '\\', '?', 0x00, 0x1f, (byte) 0x80, (byte) 0xff};
    for (int t = 0; t < 200_000; t++) {
      int n = r.nextInt(40);
      byte[] src = new byte[n];
      for (int i = 0; i < n; i++) {
        src[i] = r.nextInt(6) == 0 ? specials[r.nextInt(specials.length)] : (byte) (0x20 + r.nextInt(0x5f));
        if (src[i] == '"' || src[i] == '\\' || src[i] == '?') {
          src[i] = r.nextBoolean() ? src[i] : (byte) 'a';
        }
      }
      int from = n == 0 ? 0 : r.nextInt(n);
      int stop = from;
      while (stop < n && src[stop] >= 0x20 && src[stop] != '"' && src[stop] != '\\' && src[stop] != '?') {
        stop++;
      }
      byte[] dst = new byte[n + 3];
      assertEquals(stop, Swar.copyPlain(src, from, n, dst, 3));
      for (int i = from; i < stop; i++) {
        assertEquals(src[i], dst[3 + i - from]);
      }
    }
  }
}
