package dev.brisk.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brisk.bench.eishay.MediaContent;
import dev.brisk.schema.Codec;
import dev.brisk.schema.Codecs;
import dev.brisk.schema.DamageCheck;
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

  /**
   * Damage can leave a document that every way reads as JSON null (a five-million-document run
   * from seed 2075 met one and stopped on this class's own exception): the codecs answer null,
   * which the comparisons must take as a value.
   */
  @Test
  void aDocumentReadAsNullEveryWayIsNoProblem() {
    DamageCampaign.Ways brisk = DamageCampaign.Ways.brisk();
    for (String doc : new String[] {"null", " null\n", "{\"users\":null}", "{\"users\":[null]}"}) {
      DamageCampaign.Report report = new DamageCampaign.Report();
      DamageCampaign.check(doc.getBytes(java.nio.charset.StandardCharsets.UTF_8), brisk, report);
      assertEquals(0, report.problemCount(), doc + ": " + report);
    }
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
   * brisk-schema's {@code DamageCheck} (only JsonExceptions, nothing the tree parser refuses, the
   * same values as from the tree written compact and pretty).
   */
  @Test
  void theEishayCodecReadsDamagedDocumentsAsTheTreeParserDoes() {
    Codec<MediaContent> codec = Codecs.get(MediaContent.class);
    byte[] base = EishayBenchmark.document();
    assertEquals(EishayBenchmark.expected(), codec.read(base));
    DamageCheck.check(codec, base, 2029, 20_000);
  }
}
