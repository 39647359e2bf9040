package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The lowest mark of Swar.specialBytes is exactly the first byte a string scanner must stop at. */
class SwarTest {
  static boolean special(int b) {
    return b == '"' || b == '\\' || b < 0x20 || b >= 0x80;
  }

  static int firstByScan(long x) {
    for (int i = 0; i < 8; i++) {
      if (special((int) (x >>> (8 * i)) & 0xFF)) {
        return i;
      }
    }
    return 8;
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
}
