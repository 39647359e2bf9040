package dev.brisk.schema;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.brisk.testkit.Damage;
import dev.brisk.json.JsonException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A generated codec reads the same bytes the same way whatever they come from: the whole array,
 * a slice of a larger array whose bytes around the slice look like more JSON, a stream that hands
 * out one byte per read, and one that hands out random chunks. Its short paths (names compared as
 * words, values right after a name) look further ahead where more bytes are at hand, so each
 * source takes other paths through the same document. Seeded random documents of one schema,
 * compact and pretty, many of them damaged by a few bytes: every source must give the same
 * record, or the same {@link JsonException} (message, offset, line, column and path), and nothing
 * but a {@code JsonException} may come out.
 */
class SourcesAgreeTest {
  /** What a read gave: the record written back as JSON, or the exception's description. */
  static String outcome(Codec<JsonRecord> codec, Source s, byte[] doc, SplittableRandom r) {
    try {
      JsonRecord rec;
      switch (s) {
        case ARRAY:
          rec = codec.read(doc);
          break;
        case SLICE: {
          int[] at = new int[1];
          rec = codec.read(Damage.inside(doc, r, at), at[0], doc.length);
          break;
        }
        case ONE_BYTE:
          rec = codec.read(Damage.oneByteAtATime(doc));
          break;
        default:
          rec = codec.read(Damage.randomChunks(doc, new SplittableRandom(r.nextLong())));
      }
      return "read " + new String(codec.write(rec), UTF_8);
    } catch (JsonException e) {
      return "JsonException " + e.getMessage() + " @" + e.offset() + ":" + e.line() + ":" + e.column();
    } catch (RuntimeException | Error e) {
      throw new AssertionError(s + " threw " + e + " for " + Damage.show(doc), e);
    }
  }

  enum Source {
    ARRAY,
    SLICE,
    ONE_BYTE,
    RANDOM_CHUNKS
  }

  @Test
  void everySourceReadsADocumentTheSameWay() {
    Codec<JsonRecord> codec = Schemas.compile(RandomDocumentsTest.TEXT).codec("Order");
    SplittableRandom r = new SplittableRandom(Long.getLong("brisk.fuzz.seed", 20261124L));
    int n = Integer.getInteger("brisk.fuzz.documents", 4000);
    int damagedCount = 0;
    int readCount = 0;
    for (int i = 0; i < n; i++) {
      List<String[]> members = new ArrayList<>();
      for (String f : RandomDocumentsTest.ORDER_FIELDS) {
        if (r.nextInt(8) != 0) {
          members.add(new String[] {f, RandomDocumentsTest.value(r, f)});
        }
      }
      if (r.nextInt(4) == 0) {
        members.add(new String[] {"unknown" + r.nextInt(3), "{\"x\":[1,2,{\"y\":null}]}"});
      }
      if (r.nextBoolean()) {
        Collections.shuffle(members, new java.util.Random(r.nextLong()));
      }
      byte[] doc = RandomDocumentsTest.document(members, r.nextInt(3) == 0).getBytes(UTF_8);
      if (r.nextInt(3) != 0) {
        doc = Damage.damaged(doc, r);
        damagedCount++;
      }
      String want = outcome(codec, Source.ARRAY, doc, r);
      if (want.startsWith("read ")) {
        readCount++;
      }
      for (Source s : new Source[] {Source.SLICE, Source.ONE_BYTE, Source.RANDOM_CHUNKS}) {
        String got = outcome(codec, s, doc, r);
        if (!want.equals(got)) {
          fail(s + " differs from the whole array for " + Damage.show(doc) + "\n array: " + want + "\n " + s + ": " + got);
        }
      }
    }
    // The generator must give both kinds, or the test proves little.
    assertTrue(damagedCount > n / 2 && readCount > n / 3, damagedCount + " damaged, " + readCount + " read");
  }
}
