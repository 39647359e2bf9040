package dev.brisk.schema;

import dev.brisk.json.Json;
import org.junit.jupiter.api.Test;

/**
 * {@link DamageCheck} over a compact document with a field of each type the schema language has,
 * read by the codec compiled from schema text. (The users documents, whose fields are strings,
 * ints, doubles, booleans and arrays, have their own campaign over every way Brisk reads them:
 * brisk-bench's {@code DamageCampaign}.)
 */
class DamagedDocumentsTest {
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
    DamageCheck.check(codec, compact, 2028, 20_000);
  }
}
