package dev.brisk.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brisk.bench.eishay.MediaContent;
import dev.brisk.json.Json;
import dev.brisk.json.JsonException;
import dev.brisk.json.JsonValue;
import dev.brisk.schema.Codec;
import dev.brisk.schema.Codecs;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link DamageCampaign} in the build: a few thousand damaged users documents read every way
 * Brisk has, which must agree; the campaign does report a way that is wrong on purpose; and the
 * Eishay document's codec on damaged copies of its document.
 */
class DamageCampaignTest {
  @Test
  void everyWayOfReadingAgreesOnDamagedDocuments() {
    DamageCampaign.Report report = DamageCampaign.run(4000, 2026, DamageCampaign.Ways.brisk());
    assertEquals(0, report.problemCount(), report.toString());
    // The damage leaves enough documents whole for the value comparisons to run, and not all.
    assertTrue(report.codecAccepted > 400 && report.treeAccepted < report.documents, report.toString());
  }

  @Test
  void aCodecThatAcceptsDamageIsReported() {
    DamageCampaign.Ways brisk = DamageCampaign.Ways.brisk();
    byte[] valid = Users.document(1, 500);
    DamageCampaign.Ways lax = new DamageCampaign.Ways(
        brisk.tree(), doc -> brisk.codec().read(valid), brisk.codecFromStream(), brisk.codecWrite(),
        brisk.schemaCodec(), brisk.jsonp());
    DamageCampaign.Report report = DamageCampaign.run(300, 5, lax);
    assertTrue(report.problems.getOrDefault("the codec accepts what the tree parser rejects", 0) > 0, report.toString());
  }

  @Test
  void aReaderThatThrowsAnythingButJsonExceptionIsReported() {
    DamageCampaign.Ways brisk = DamageCampaign.Ways.brisk();
    DamageCampaign.Ways throwing = new DamageCampaign.Ways(
        brisk.tree(), brisk.codec(), brisk.codecFromStream(), brisk.codecWrite(), brisk.schemaCodec(),
        doc -> {
          throw new ArrayIndexOutOfBoundsException(doc.length);
        });
    DamageCampaign.Report report = DamageCampaign.run(50, 5, throwing);
    assertEquals(50, report.problems.get("not a JsonException"), report.toString());
  }

  /**
   * The Eishay document's build-time codec (enums read by their names' bytes, longs, lists of
   * records), which the users campaign does not reach, on damaged copies of its compact document:
   * only JsonExceptions, nothing the tree parser refuses, and what it reads the same as from the
   * tree's pretty-printed copy (the general way).
   */
  @Test
  void theEishayCodecReadsDamagedDocumentsAsTheTreeParserDoes() {
    Codec<MediaContent> codec = Codecs.get(MediaContent.class);
    byte[] base = EishayBenchmark.document();
    assertEquals(EishayBenchmark.expected(), codec.read(base));
    SplittableRandom r = new SplittableRandom(2029);
    Json pretty = Json.builder().indent("  ").build();
    int accepted = 0;
    for (int n = 0; n < 20_000; n++) {
      byte[] doc = DamageCampaign.damaged(base.clone(), r);
      String where = "document " + n + ": " + new String(doc, StandardCharsets.UTF_8);
      JsonValue tree;
      try {
        tree = Json.parse(doc);
      } catch (JsonException e) {
        tree = null;
      }
      MediaContent read;
      try {
        read = codec.read(doc);
      } catch (JsonException e) {
        continue;
      } catch (Throwable t) {
        throw new AssertionError("not a JsonException: " + where, t);
      }
      accepted++;
      assertTrue(tree != null, "the codec accepts what the tree parser rejects: " + where);
      assertEquals(read, codec.read(pretty.write(tree)), "fast paths and the general way differ: " + where);
    }
    assertTrue(accepted > 1000 && accepted < 19_000, accepted + " of 20 000 accepted");
  }
}
