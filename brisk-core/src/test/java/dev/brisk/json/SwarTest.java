package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.IntPredicate;
import java.util.function.LongUnaryOperator;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;

/**
 * The lowest mark of Swar.specialBytes is exactly the first byte a string scanner must stop at,
 * that of Swar.plainMarks the first a writer's copy must stop at, and that of Swar.nonDigits the
 * first byte that is not a digit; copyPlain and plainLength stop where a writer must.
 */
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

  /** The index of the byte whose high bit is the lowest set bit of {@code marks}, or 8. */
  static int firstMarked(long marks) {
    return marks == 0 ? 8 : Long.numberOfTrailingZeros(marks) >>> 3;
  }

  static void assertFirst(long x, IntPredicate stop, LongUnaryOperator marks) {
    assertEquals(firstByScan(x, stop), firstMarked(marks.applyAsLong(x)), Long.toHexString(x));
  }

  /** For every byte value at every position among {@code fillers}: marks' first is stop's first. */
  static void everyByteAtEveryPosition(int[] fillers, IntPredicate stop, LongUnaryOperator marks) {
    for (int pos = 0; pos < 8; pos++) {
      for (int b = 0; b < 256; b++) {
        for (int filler : fillers) {
          long x = 0;
          for (int i = 0; i < 8; i++) {
            x |= (long) (i == pos ? b : filler) << (8 * i);
          }
          assertFirst(x, stop, marks);
        }
      }
    }
  }

  /** The same for two million words whose bytes come from {@code byteOf}. */
  static void randomWords(
      long seed,
      ToIntFunction<SplittableRandom> byteOf,
      IntPredicate stop,
      LongUnaryOperator marks) {
    SplittableRandom r = new SplittableRandom(seed);
    for (int t = 0; t < 2_000_000; t++) {
      long x = 0;
      for (int i = 0; i < 8; i++) {
        x |= (long) byteOf.applyAsInt(r) << (8 * i);
      }
      assertFirst(x, stop, marks);
    }
  }

  static boolean notDigit(int b) {
    return b < '0' || b > '9';
  }

  @Test
  void everyByteValueAtEveryPositionAmongPlainBytes() {
    everyByteAtEveryPosition(
        new int[] {'a', ' ', '~', '!', '#', '[', ']'}, SwarTest::special, Swar::specialBytes);
  }

  /**
   * The bytes each term of the marks misses or nearly misses: 0xDC (the backslash term's one gap
   * above 0x7F), 0xBF (the '?' term's), 0xA0-0xA3 (around where the quote term starts to mark high
   * bytes), and the ASCII neighbours of quote, backslash, '?' and 0x20: among these as fillers too.
   */
  static final int[] EDGES = {
    0x1f, 0x20, 0x21, 0x23, 0x3e, 0x40, 0x5b, 0x5d, 0x7e, 0x7f, 0x80, 0x9f, 0xa0, 0xa1, 0xa2, 0xa3,
    0xbf, 0xdc, 0xde, 0xff
  };

  @Test
  void everyByteValueAtEveryPositionAmongTheEdgeBytes() {
    everyByteAtEveryPosition(EDGES, SwarTest::special, Swar::specialBytes);
  }

  static boolean notPlain(int b) {
    return special(b) || b == '?';
  }

  @Test
  void plainMarksMarkExactlyTheFirstByteCopyPlainMustStopAt() {
    int[] plain = {'a', ' ', '~', '!', '#', '[', ']'};
    everyByteAtEveryPosition(plain, SwarTest::notPlain, Swar::plainMarks);
    everyByteAtEveryPosition(EDGES, SwarTest::notPlain, Swar::plainMarks);
    randomWords(
        17,
        r -> r.nextInt(4) == 0 ? r.nextInt(256) : 0x20 + r.nextInt(0x60),
        SwarTest::notPlain,
        Swar::plainMarks);
  }

  /**
   * Every pair of byte values in the lowest two bytes and in the highest two, among plain bytes
   * (among digits for nonDigits).
   */
  @Test
  void everyPairOfByteValuesAtEitherEnd() {
    for (int a = 0; a < 256; a++) {
      for (int b = 0; b < 256; b++) {
        long low = 0x4141414141410000L | b << 8 | a;
        long high = 0x0000616161616161L | (long) b << 56 | (long) a << 48;
        assertFirst(low, SwarTest::special, Swar::specialBytes);
        assertFirst(high, SwarTest::special, Swar::specialBytes);
        assertFirst(low, SwarTest::notPlain, Swar::plainMarks);
        assertFirst(high, SwarTest::notPlain, Swar::plainMarks);
        long digitsLow = 0x3938373635340000L | b << 8 | a;
        long digitsHigh = 0x0000353433323130L | (long) b << 56 | (long) a << 48;
        assertFirst(digitsLow, SwarTest::notDigit, Swar::nonDigits);
        assertFirst(digitsHigh, SwarTest::notDigit, Swar::nonDigits);
      }
    }
  }

  @Test
  void randomWordsWithSpecialBytesAnywhere() {
    randomWords(
        7,
        r -> r.nextInt(4) == 0 ? r.nextInt(256) : 0x20 + r.nextInt(0x60),
        SwarTest::special,
        Swar::specialBytes);
  }

  /** Every length up to 40, a '?' at every position or none, among every other byte value. */
  @Test
  void hasQuestionMarkFindsOneAnywhereAndNoFalseOne() {
    SplittableRandom r = new SplittableRandom(3);
    for (int len = 0; len <= 40; len++) {
      for (int trial = 0; trial < 50; trial++) {
        byte[] b = new byte[len];
        for (int i = 0; i < len; i++) {
          byte x;
          do {
            x = (byte) r.nextInt(256);
          } while (x == '?');
          b[i] = x;
        }
        assertEquals(false, Swar.hasQuestionMark(b), "none in " + java.util.Arrays.toString(b));
        for (int at = 0; at < len; at++) {
          byte keep = b[at];
          b[at] = '?';
          assertEquals(true, Swar.hasQuestionMark(b), "at " + at + " of " + len);
          b[at] = keep;
        }
      }
    }
    byte[] near = new byte[16];
    java.util.Arrays.fill(near, (byte) ('?' + 1)); // '@' and '>' next to '?': no borrow makes one
    assertEquals(false, Swar.hasQuestionMark(near));
    java.util.Arrays.fill(near, (byte) ('?' - 1));
    assertEquals(false, Swar.hasQuestionMark(near));
  }

  @Test
  void nonDigitsMarksExactlyTheFirstByteThatIsNotADigit() {
    everyByteAtEveryPosition(new int[] {'0', '5', '9'}, SwarTest::notDigit, Swar::nonDigits);
    everyByteAtEveryPosition(EDGES, SwarTest::notDigit, Swar::nonDigits);
    randomWords(
        13,
        r -> r.nextInt(3) == 0 ? r.nextInt(256) : '0' + r.nextInt(10),
        SwarTest::notDigit,
        Swar::nonDigits);
  }

  private static final byte[] SPECIALS = {
    '"', '\\', '?', 0x00, 0x1f, (byte) 0x80, (byte) 0xa0, (byte) 0xa2, (byte) 0xbf, (byte) 0xdc,
    (byte) 0xff
  };

  /** Up to 79 bytes, printable ASCII with SPECIALS among them, often or rarely. */
  static byte[] mostlyPlain(SplittableRandom r) {
    int n = r.nextInt(80);
    int rarity = r.nextBoolean() ? 6 : 60; // long plain runs too, for the two-word steps
    byte[] src = new byte[n];
    for (int i = 0; i < n; i++) {
      src[i] = r.nextInt(rarity) == 0 ? SPECIALS[r.nextInt(SPECIALS.length)] : (byte) (0x20 + r.nextInt(0x5f));
    }
    return src;
  }

  /**
   * The reference, a byte at a time: where the plain run from {@code from} ends. Plain is ASCII
   * from 0x20 up without quote or backslash, and, in getBytes' copy, without '?'.
   */
  static int plainEnd(byte[] src, int from, boolean copy) {
    int i = from;
    while (i < src.length && !special(src[i] & 0xFF) && !(copy && src[i] == '?')) {
      i++;
    }
    return i;
  }

  @Test
  void copyPlainStopsAtTheFirstByteAWriterMustLookAt() {
    SplittableRandom r = new SplittableRandom(11);
    for (int t = 0; t < 200_000; t++) {
      byte[] src = mostlyPlain(r);
      int n = src.length;
      for (int i = 0; i < n; i++) {
        if (src[i] == '"' || src[i] == '\\' || src[i] == '?') {
          src[i] = r.nextBoolean() ? src[i] : (byte) 'a';
        }
      }
      int from = n == 0 ? 0 : r.nextInt(n);
      for (boolean copy : new boolean[] {false, true}) {
        int stop = plainEnd(src, from, copy);
        byte[] dst = new byte[n + 3];
        assertEquals(stop, Swar.copyPlain(src, from, n, dst, 3, copy), () -> copy + " " + Arrays.toString(src));
        for (int i = from; i < stop; i++) {
          assertEquals(src[i], dst[3 + i - from]);
        }
      }
    }
  }

  @Test
  void plainLengthIsThePrefixAWriterMayCopyAsItIs() {
    SplittableRandom r = new SplittableRandom(13);
    for (int t = 0; t < 200_000; t++) {
      byte[] src = mostlyPlain(r);
      for (boolean copy : new boolean[] {false, true}) {
        assertEquals(plainEnd(src, 0, copy), Swar.plainLength(src, copy), () -> copy + " " + Arrays.toString(src));
      }
    }
  }

  @Test
  void plainLengthFindsAStopAtEveryPositionOfShortAndWordSizedArrays() {
    for (int n = 0; n <= 24; n++) {
      byte[] plain = new byte[n];
      Arrays.fill(plain, (byte) 'a');
      assertEquals(n, Swar.plainLength(plain, false));
      assertEquals(n, Swar.plainLength(plain, true));
      for (int at = 0; at < n; at++) {
        for (byte stop : new byte[] {'"', '\\', 0x1f, (byte) 0xe9}) {
          byte[] src = plain.clone();
          src[at] = stop;
          assertEquals(at, Swar.plainLength(src, false), n + " " + at + " " + stop);
          assertEquals(at, Swar.plainLength(src, true), n + " " + at + " " + stop);
        }
        byte[] question = plain.clone();
        question[at] = '?';
        assertEquals(n, Swar.plainLength(question, false), "a '?' of a string's own array is plain");
        assertEquals(at, Swar.plainLength(question, true), "a '?' of getBytes' copy may stand for another character");
      }
    }
  }
}
