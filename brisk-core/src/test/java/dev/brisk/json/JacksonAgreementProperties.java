package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random documents, generated as Jackson trees and written by Jackson, read by Brisk into the same
 * tree; Brisk's output read back by Jackson into the same tree again; and random damage to valid
 * documents gives a JsonException or a tree that Jackson agrees with, never any other failure.
 */
class JacksonAgreementProperties {
  static final ObjectMapper JACKSON =
      new ObjectMapper()
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
  static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  @Property(tries = 1500)
  void briskReadsWhatJacksonWrites(@ForAll("documents") JsonNode doc) throws IOException {
    byte[] json = new ObjectMapper().writeValueAsBytes(doc);
    JsonValue brisk = Json.parse(json);
    assertSame(doc, brisk);
    assertSame(doc, Json.parse(new OneByteInputStream(json)));
  }

  @Property(tries = 1500)
  void jacksonReadsWhatBriskWrites(@ForAll("documents") JsonNode doc) throws IOException {
    JsonValue brisk = Json.parse(new ObjectMapper().writeValueAsBytes(doc));
    byte[] out = Json.toBytes(brisk);
    assertSame(JACKSON.readTree(out), brisk);
    byte[] pretty = Json.builder().indent("\t").build().write(brisk);
    assertSame(JACKSON.readTree(pretty), brisk);
  }

  @Property(tries = 3000)
  void damagedDocumentsFailCleanly(
      @ForAll("documents") JsonNode doc, @ForAll("damage") List<int[]> damage) throws IOException {
    byte[] json = new ObjectMapper().writeValueAsBytes(doc);
    for (int[] d : damage) {
      if (json.length == 0) {
        break;
      }
      int at = Math.floorMod(d[1], json.length);
      switch (d[0]) {
        case 0: // replace a byte
          json[at] = (byte) d[2];
          break;
        case 1: // cut the document short
          json = java.util.Arrays.copyOf(json, at);
          break;
        default: // drop one byte
          byte[] shorter = new byte[json.length - 1];
          System.arraycopy(json, 0, shorter, 0, at);
          System.arraycopy(json, at + 1, shorter, at, json.length - at - 1);
          json = shorter;
      }
    }
    JsonValue brisk;
    try {
      brisk = Json.parse(json);
    } catch (JsonException e) {
      assertTrue(e.offset() >= 0 && e.offset() <= json.length, e.getMessage());
      return;
    }
    // Brisk accepted it: it must be JSON that Jackson reads to the same tree.
    JsonNode jackson;
    try {
      jackson = JACKSON.readTree(json);
    } catch (NumberFormatException e) {
      // Valid JSON whose number Jackson cannot hold as a BigDecimal (an exponent past 2^31), as
      // "1e2147483648"; Brisk keeps such numbers as text. Nothing to compare against.
      return;
    } catch (JsonProcessingException e) {
      throw new AssertionError(
          "Brisk accepted what Jackson rejects: " + new String(json, StandardCharsets.UTF_8), e);
    }
    assertSame(jackson, brisk);
  }

  @Provide
  Arbitrary<List<int[]>> damage() {
    Arbitrary<int[]> one =
        Combinators.combine(
                Arbitraries.integers().between(0, 2),
                Arbitraries.integers(),
                Arbitraries.of(
                    (int) '"', (int) '\\', (int) '{', (int) '}', (int) '[', (int) ']', (int) ',',
                    (int) ':', (int) '0', (int) '-', (int) '.', (int) 'e', (int) ' ', (int) 'n', 0x00,
                    0x1F, 0x80, 0xC0, 0xE2, 0xED, 0xF0, 0xFF))
            .as((kind, at, b) -> new int[] {kind, at, b});
    return one.list().ofMinSize(1).ofMaxSize(3);
  }

  @Provide
  Arbitrary<JsonNode> documents() {
    return value(4);
  }

  private Arbitrary<JsonNode> value(int depth) {
    Arbitrary<JsonNode> scalars =
        Arbitraries.oneOf(
            Arbitraries.strings()
                .withCharRange('\u0000', '\u00ff')
                .withCharRange('\u0100', '\ud7ff')
                .withCharRange('\ue000', '\uffff')
                .ofMaxLength(24)
                .map(NODES::textNode),
            Arbitraries.longs().map(v -> (JsonNode) NODES.numberNode(v)),
            Arbitraries.integers().between(-1000, 1000).map(v -> (JsonNode) NODES.numberNode(v)),
            Arbitraries.doubles().map(v -> (JsonNode) NODES.numberNode(v)),
            Arbitraries.bigIntegers().between(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30))
                .map(v -> (JsonNode) NODES.numberNode(v)),
            Arbitraries.bigDecimals().ofScale(12).map(v -> (JsonNode) NODES.numberNode(v)),
            Arbitraries.of(true, false).map(v -> (JsonNode) NODES.booleanNode(v)),
            Arbitraries.just(NODES.nullNode()));
    if (depth == 0) {
      return scalars;
    }
    Arbitrary<JsonNode> arrays =
        Arbitraries.lazy(() -> value(depth - 1)).list().ofMaxSize(6)
            .map(
                list -> {
                  ArrayNode a = NODES.arrayNode();
                  list.forEach(a::add);
                  return a;
                });
    Arbitrary<JsonNode> objects =
        Arbitraries.maps(
                Arbitraries.strings().withCharRange(' ', '~').withCharRange('\u00e0', '\u00ff').ofMaxLength(12),
                Arbitraries.lazy(() -> value(depth - 1)))
            .ofMaxSize(12)
            .map(
                map -> {
                  ObjectNode o = NODES.objectNode();
                  map.forEach(o::set);
                  return o;
                });
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(4, scalars), net.jqwik.api.Tuple.of(1, arrays), net.jqwik.api.Tuple.of(1, objects));
  }

  /** Jackson's tree and Brisk's mean the same JSON (numbers compared by exact value). */
  static void assertSame(JsonNode j, JsonValue b) {
    switch (j.getNodeType()) {
      case OBJECT:
        JsonObject o = b.asObject();
        assertEquals(j.size(), o.size(), "member count");
        for (Iterator<Map.Entry<String, JsonNode>> it = j.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> e = it.next();
          JsonValue v = o.get(e.getKey());
          assertTrue(v != null, () -> "missing " + e.getKey());
          assertSame(e.getValue(), v);
        }
        break;
      case ARRAY:
        JsonArray a = b.asArray();
        assertEquals(j.size(), a.size(), "element count");
        for (int i = 0; i < j.size(); i++) {
          assertSame(j.get(i), a.get(i));
        }
        break;
      case STRING:
        assertEquals(j.textValue(), b.asString());
        break;
      case NUMBER:
        JsonNumber n = b.asNumber();
        if (j.isDouble() || j.isFloat()) {
          assertEquals(j.doubleValue(), n.doubleValue(), n.toString());
        } else {
          BigDecimal expected = j.decimalValue();
          assertEquals(0, expected.compareTo(n.bigDecimalValue()), () -> expected + " vs " + n);
        }
        break;
      case BOOLEAN:
        assertEquals(j.booleanValue(), b.asBoolean());
        break;
      default:
        assertTrue(b.isNull(), "null");
    }
  }
}
