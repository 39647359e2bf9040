package dev.brisk.schema;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.brisk.testkit.Damage;
import dev.brisk.json.Json;
import dev.brisk.json.JsonException;
import dev.brisk.json.JsonValue;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A test helper, shared through brisk-schema's test jar with the processor's and the benchmarks'
 * tests: seeded random damage (bytes changed, added, dropped, repeated, cut off) to a compact
 * document, read by a generated codec and checked against the strict tree reader. Codecs read
 * compact input by their one-call paths (a name and its value in one step, names found by looking
 * ahead in the buffer), which must take exactly what the general reader takes:
 *
 * <ul>
 *   <li>nothing but a {@link JsonException} (with a message and an offset) comes out, whatever the
 *       bytes;
 *   <li>a document the tree reader refuses, the codec refuses too;
 *   <li>a document the codec reads, it reads as it reads the same tree written compactly and
 *       pretty-printed (which takes the general paths): the same bytes written back;
 *   <li>a tree the codec reads from its compact form it reads from its pretty form, and the other
 *       way round; and a damaged document whose tree the codec reads is refused by the codec only
 *       when it names a member twice (the codec then meets the first value, which the tree drops).
 * </ul>
 */
public final class DamageCheck {
  private DamageCheck() {}

  private static final Json STRICT_NO_DUPLICATES = Json.builder().rejectDuplicateNames(true).build();
  private static final Json PRETTY = Json.builder().indent("  ").build();

  /**
   * Reads {@code documents} damaged copies of {@code compact} (seeded by {@code seed}) with {@code
   * codec} and asserts what the class comment says; values are compared as the bytes the codec
   * writes for them. Fails if the damage left fewer than one document in 20 readable, or fewer than
   * one in 4 malformed: the checks would then say little.
   */
  public static <T> void check(Codec<T> codec, byte[] compact, long seed, int documents) {
    // The undamaged document reads, so that the damage below is what the checks meet.
    assertTrue(outcome(codec, compact).record != null, "the undamaged document must read");
    SplittableRandom r = new SplittableRandom(seed);
    int readByCodec = 0;
    int refusedAsJson = 0;
    for (int n = 0; n < documents; n++) {
      byte[] doc = damage(compact, r);
      String where = "document " + n + " of seed " + seed + ": " + new String(doc, UTF_8);
      JsonValue tree;
      try {
        tree = Json.parse(doc);
      } catch (JsonException e) {
        tree = null;
      }
      Outcome<T> got = outcome(codec, doc);
      if (got.unexpected != null) {
        throw new AssertionError(where, got.unexpected);
      }
      if (tree == null) {
        refusedAsJson++;
        if (got.record != null) {
          fail("the codec read what the tree reader refuses: " + where);
        }
        continue;
      }
      Outcome<T> fromCompact = outcome(codec, Json.toBytes(tree));
      Outcome<T> fromPretty = outcome(codec, PRETTY.write(tree));
      if (fromCompact.unexpected != null || fromPretty.unexpected != null) {
        throw new AssertionError(where, fromCompact.unexpected != null ? fromCompact.unexpected : fromPretty.unexpected);
      }
      if ((fromCompact.record == null) != (fromPretty.record == null)) {
        fail("the same tree read " + (fromCompact.record == null ? "pretty only" : "compact only") + ": " + where
            + "\n" + (fromCompact.record == null ? fromCompact.error : fromPretty.error));
      }
      if (fromCompact.record != null) {
        assertArrayEquals(codec.write(fromCompact.record), codec.write(fromPretty.record), where);
      }
      if (got.record != null) {
        readByCodec++;
        if (fromCompact.record == null) {
          fail("the codec read the damaged document but not its tree written again: " + where + "\n" + fromCompact.error);
        }
        assertArrayEquals(codec.write(fromCompact.record), codec.write(got.record), where);
      } else if (fromCompact.record != null && !hasRepeatedNames(doc)) {
        fail("the codec refused the damaged document but read its tree written again: " + where + "\n" + got.error);
      }
    }
    // The damage must leave some documents readable and make others malformed, or the checks
    // above were not exercised.
    assertTrue(readByCodec > documents / 20, readByCodec + " of " + documents + " read");
    assertTrue(refusedAsJson > documents / 4, refusedAsJson + " of " + documents + " malformed");
  }

  private static boolean hasRepeatedNames(byte[] doc) {
    try {
      STRICT_NO_DUPLICATES.read(doc);
      return false;
    } catch (JsonException e) {
      return true;
    }
  }

  /** What a codec made of a document: a record, a JsonException, or something else thrown. */
  private static final class Outcome<T> {
    T record;
    JsonException error;
    Throwable unexpected;
  }

  private static <T> Outcome<T> outcome(Codec<T> codec, byte[] doc) {
    Outcome<T> o = new Outcome<>();
    try {
      o.record = codec.read(doc);
    } catch (JsonException e) {
      o.error = e;
      if (e.getMessage() == null || e.offset() < 0) {
        o.unexpected = new AssertionError("an error without a message or place: " + e, e);
      }
    } catch (Throwable t) {
      o.unexpected = t;
    }
    return o;
  }

  /**
   * A damaged copy of {@code doc}: a piece of the document repeated elsewhere (a member or element
   * twice, say), or white space put where the compact form has none, or the shared {@link
   * Damage#damaged} changes (a byte replaced, dropped or added, the end cut off), or both.
   */
  static byte[] damage(byte[] doc, SplittableRandom r) {
    byte[] d = doc.clone();
    int at = r.nextInt(d.length + 1);
    switch (r.nextInt(4)) {
      case 0: {
        int from = r.nextInt(d.length);
        d = splice(d, at, Arrays.copyOfRange(d, from, Math.min(d.length, from + 1 + r.nextInt(40))));
        break;
      }
      case 1:
        d = splice(d, at, new byte[] {(byte) " \n\t\r".charAt(r.nextInt(4))});
        break;
      default:
        return Damage.damaged(d, r);
    }
    return r.nextBoolean() ? d : Damage.damaged(d, r);
  }

  private static byte[] splice(byte[] d, int at, byte[] insert) {
    byte[] out = new byte[d.length + insert.length];
    System.arraycopy(d, 0, out, 0, at);
    System.arraycopy(insert, 0, out, at, insert.length);
    System.arraycopy(d, at, out, at + insert.length, d.length - at);
    return out;
  }
}
