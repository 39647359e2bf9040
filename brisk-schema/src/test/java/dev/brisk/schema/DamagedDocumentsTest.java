package dev.brisk.schema;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.brisk.json.Damage;
import dev.brisk.json.Json;
import dev.brisk.json.JsonException;
import dev.brisk.json.JsonValue;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Seeded random damage (bytes changed, added, dropped, repeated, cut off) to a compact document
 * with a field of each type the schema language has, read by a generated codec and checked against
 * the strict tree reader. (The users documents, whose fields are strings, ints, doubles, booleans
 * and arrays, have their own campaign over every way Brisk reads them: brisk-bench's {@code
 * DamageCampaign}.) Codecs read compact input by their one-call paths (a name and its value in one
 * step, names found by looking ahead in the buffer), which must take exactly what the general
 * reader takes:
 *
 * <ul>
 *   <li>nothing but a {@link JsonException} comes out, whatever the bytes;
 *   <li>a document the tree reader refuses, the codec refuses too;
 *   <li>a document the codec reads, it reads as it reads the same tree written compactly and
 *       pretty-printed (which takes the general paths): equal records, the same bytes written;
 *   <li>a tree the codec reads from its compact form it reads from its pretty form, and the other
 *       way round; and a damaged document whose tree the codec reads is refused by the codec only
 *       when it names a member twice (the codec then meets the first value, which the tree drops).
 * </ul>
 */
class DamagedDocumentsTest {
  private static final Json STRICT_NO_DUPLICATES = Json.builder().rejectDuplicateNames(true).build();
  private static final Json PRETTY = Json.builder().indent("  ").build();

  @Test
  void damagedDocumentsOfEveryKindOfFieldAreReadAsTheTreeReaderReadsThem() {
    String text = "create json schema Item(id long, name string, tags string[], price double, f float,"
        + " b byte, s short, c char, grid int[][], when LocalDate, at OffsetDateTime, u UUID,"
        + " local LocalDateTime, zoned ZonedDateTime, flags boolean[]);\n"
        + "create json schema Order(orderId string, total double, paid boolean, count int, items Item[],"
        + " note string, meta Object, big BigDecimal, huge BigInteger, m Map);";
    Codec<JsonRecord> codec = Schemas.compile(text).codec("Order");
    String item = "{\"id\":-9007199254740993,\"name\":\"caf\\u00e9 \\\"x\\\" \u00e9\u20ac\ud83d\ude00\","
        + "\"tags\":[\"a\",\"\",\"c\\n\"],\"price\":41.074136711612084,\"f\":1.5,\"b\":-128,\"s\":32767,"
        + "\"c\":\"z\",\"grid\":[[1,2],[],[3]],\"when\":\"2026-11-29\",\"at\":\"2026-11-29T08:00:00+01:00\","
        + "\"u\":\"123e4567-e89b-12d3-a456-426614174000\",\"local\":\"2026-11-29T08:00:00.5\","
        + "\"zoned\":\"2026-11-29T08:00:00+01:00[Europe/Paris]\",\"flags\":[true,false]}";
    String doc = "{\"orderId\":\"o-1\",\"total\":1E+2,\"paid\":false,\"count\":2147483647,\"items\":[" + item + ","
        + item.replace("-9007199254740993", "0") + "],\"note\":null,\"meta\":{\"k\":[true,null,{\"x\":0.5}]},"
        + "\"big\":123456789012345678901234567890.000001,\"huge\":-123456789012345678901234567890,"
        + "\"m\":{\"a\":1,\"b\":[\"c\"]}}";
    byte[] compact = Json.toBytes(Json.parse(doc));
    check(codec, compact, 2028, 20_000);
  }

  private static void check(Codec<JsonRecord> codec, byte[] compact, long seed, int documents) {
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
      Outcome got = outcome(codec, doc);
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
      Outcome fromCompact = outcome(codec, Json.toBytes(tree));
      Outcome fromPretty = outcome(codec, PRETTY.write(tree));
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
  private static final class Outcome {
    JsonRecord record;
    JsonException error;
    Throwable unexpected;
  }

  private static Outcome outcome(Codec<JsonRecord> codec, byte[] doc) {
    Outcome o = new Outcome();
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
