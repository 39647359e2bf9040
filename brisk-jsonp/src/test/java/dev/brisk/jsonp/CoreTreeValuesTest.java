package dev.brisk.jsonp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonArray;
import jakarta.json.JsonConfig;
import jakarta.json.JsonObject;
import jakarta.json.JsonReaderFactory;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParsingException;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Objects and arrays read with the default key strategy are wrappers over the core tree that
 * convert each member on first access; FIRST and NONE still build from the parser's events. The
 * two must give the same values, the same text and the same errors.
 */
class CoreTreeValuesTest {
  static final JsonProvider P = BriskJsonProvider.instance();

  static final String DOCUMENT =
      "{\"s\":\"plain\",\"esc\":\"q\\\" \\\\ \\n \\u00e9 \\ud83d\\ude00\",\"utf8\":\"\u00fc\u65e5\","
          + "\"ints\":[0,-0,7,-42,123456789012345678,1234567890123456789,-9223372036854775808,"
          + "99999999999999999999999],"
          + "\"decimals\":[0.10,1E2,1e-7,-2.5E+10,41.074136711612084,1.0],"
          + "\"lits\":[true,false,null],\"empty\":{},\"none\":[],"
          + "\"nested\":{\"a\":[{\"b\":[[],{}]},{\"b\":[1,{\"c\":\"d\"}]}]}}";

  static JsonValue read(String json, Map<String, ?> config) {
    JsonReaderFactory f = P.createReaderFactory(config);
    try (jakarta.json.JsonReader r =
        f.createReader(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)))) {
      return r.readValue();
    }
  }

  static JsonValue wrapped(String json) {
    return read(json, Map.of());
  }

  static JsonValue fromEvents(String json) {
    return read(json, Map.of(JsonConfig.KEY_STRATEGY, JsonConfig.KeyStrategy.NONE));
  }

  @Test
  void aWrappedTreeHasTheValuesAndTextOfOneBuiltFromEvents() {
    JsonValue a = wrapped(DOCUMENT);
    JsonValue b = fromEvents(DOCUMENT);
    assertEquals(b, a);
    assertEquals(a, b);
    assertEquals(b.hashCode(), a.hashCode());
    assertEquals(b.toString(), a.toString()); // numbers written alike: 1E+2, 0.10, ...
    JsonObject o = a.asJsonObject();
    assertEquals("q\" \\ \n \u00e9 \ud83d\ude00", o.getString("esc"));
    assertEquals(-9223372036854775808L, o.getJsonArray("ints").getJsonNumber(6).longValueExact());
    assertTrue(o.getJsonArray("ints").getJsonNumber(0).isIntegral());
    assertEquals("1E+2", o.getJsonArray("decimals").get(1).toString());
    assertEquals("d", o.getJsonObject("nested").getJsonArray("a").getJsonObject(1)
        .getJsonArray("b").getJsonObject(1).getString("c"));
  }

  static String write(JsonValue v, boolean pretty) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    Map<String, ?> config = pretty ? Map.of(jakarta.json.stream.JsonGenerator.PRETTY_PRINTING, true) : Map.of();
    try (jakarta.json.JsonWriter w = P.createWriterFactory(config).createWriter(out)) {
      w.write(v);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aWrappedTreeWritesWhatTheEventBuiltTreeWrites() {
    // Strings read without escapes are copied from the input; those with escapes, numbers and
    // structures are converted first: the output must not tell the two apart, also after some
    // members were converted by reading them.
    JsonValue b = fromEvents(DOCUMENT);
    for (boolean pretty : new boolean[] {false, true}) {
      assertEquals(write(b, pretty), write(wrapped(DOCUMENT), pretty));
      JsonObject touched = wrapped(DOCUMENT).asJsonObject();
      touched.getString("s");
      touched.getJsonObject("nested").getJsonArray("a").get(1);
      assertEquals(write(b, pretty), write(touched, pretty));
    }
    assertEquals("{\"esc\":\"é/\"}", write(wrapped("{\"esc\":\"\\u00e9\\/\"}"), false));
  }

  @Test
  void aWrappedTreeWritesNumbersAsTheirJsonpValuesWrite() {
    // A wrapped tree writes a number's input text only where BigDecimal.toString() gives it back.
    String[] numbers = {"0", "-0", "0.0", "-0.0", "0.000000", "0.0000000", "-0.000", "0.000001",
        "0.0000001", "-0.0000012", "0.5", "-0.05", "12.50", "1e3", "1E+3", "-1.5e-3", "0e0",
        "123456789012345678", "-123456789012345678", "1234567890123456789",
        "99999999999999999999.000"};
    StringBuilder o = new StringBuilder("{");
    for (int i = 0; i < numbers.length; i++) {
      o.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":").append(numbers[i]);
    }
    String json = "{\"n\":[" + String.join(",", numbers) + "],\"o\":" + o + "}}";
    for (boolean pretty : new boolean[] {false, true}) {
      assertEquals(write(fromEvents(json), pretty), write(wrapped(json), pretty));
    }
    StringBuilder expected = new StringBuilder("[");
    for (int i = 0; i < numbers.length; i++) {
      expected.append(i == 0 ? "" : ",").append(fromEvents(numbers[i]).toString());
    }
    assertEquals(expected + "]", write(wrapped("[" + String.join(",", numbers) + "]"), false));
  }

  @Test
  void theLastOfDuplicateKeysWinsWhereTheFirstStood() {
    JsonObject o = wrapped("{\"a\":1,\"b\":{\"x\":[1]},\"a\":{\"c\":3}}").asJsonObject();
    assertEquals(List.of("a", "b"), new ArrayList<>(o.keySet()));
    assertEquals(3, o.getJsonObject("a").getInt("c"));
    JsonObject first =
        read("{\"a\":1,\"b\":2,\"a\":3}", Map.of(JsonConfig.KEY_STRATEGY, JsonConfig.KeyStrategy.FIRST))
            .asJsonObject();
    assertEquals(1, first.getInt("a"));
    assertThrows(JsonParsingException.class, () -> fromEvents("{\"a\":1,\"a\":2}"));
  }

  @Test
  void errorsInsideAStructureAreParsingExceptionsWithTheirPlace() {
    for (String bad : new String[] {"{\"a\":[1,2,]}", "[1,{\"b\":tru}]", "{\"a\":\"\u0001\"}", "[[["}) {
      JsonParsingException viaTree = assertThrows(JsonParsingException.class, () -> wrapped(bad), bad);
      JsonParsingException viaEvents = assertThrows(JsonParsingException.class, () -> fromEvents(bad), bad);
      assertEquals(viaEvents.getLocation().getStreamOffset(), viaTree.getLocation().getStreamOffset(), bad);
      assertEquals(viaEvents.getMessage(), viaTree.getMessage(), bad);
    }
  }

  @Test
  void theParserStandsAfterTheStructureItReadAsATree() {
    try (JsonParser p = P.createParser(new ByteArrayInputStream(
        "[{\"a\":[1,2]},3]".getBytes(StandardCharsets.UTF_8)))) {
      assertEquals(JsonParser.Event.START_ARRAY, p.next());
      assertEquals(JsonParser.Event.START_OBJECT, p.next());
      assertEquals("{\"a\":[1,2]}", p.getObject().toString());
      assertEquals(JsonParser.Event.END_OBJECT, p.currentEvent());
      assertEquals(JsonParser.Event.VALUE_NUMBER, p.next());
      assertEquals(3, p.getInt());
      assertEquals(JsonParser.Event.END_ARRAY, p.next());
      assertTrue(!p.hasNext());
    }
  }

  @Test
  void deepTreesConvertWithoutRecursionOfTheirOwn() {
    int depth = 900; // under the core's default maxDepth of 1000
    String json = "[".repeat(depth) + "\"x\"" + "]".repeat(depth);
    JsonValue v = wrapped(json);
    for (int i = 0; i < depth; i++) {
      v = ((JsonArray) v).get(0);
    }
    assertEquals("\"x\"", v.toString());
    assertEquals(json, wrapped(json).toString());
  }

  @Test
  void threadsReadingOneTreeAtOnceSeeTheSameValues() throws Exception {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < 2000; i++) {
      sb.append(i == 0 ? "" : ",").append("{\"id\":").append(i).append(",\"name\":\"n").append(i)
          .append("\",\"tags\":[\"t").append(i % 7).append("\"]}");
    }
    String json = sb.append(']').toString();
    JsonValue expected = fromEvents(json);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      for (int round = 0; round < 20; round++) {
        JsonArray shared = wrapped(json).asJsonArray(); // converted by whichever thread comes first
        List<Future<Boolean>> results = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
          int from = t * 500;
          results.add(pool.submit(() -> {
            for (int i = 0; i < shared.size(); i++) {
              JsonObject o = shared.getJsonObject((from + i) % shared.size());
              int id = o.getInt("id");
              if (!o.getString("name").equals("n" + id)
                  || !o.getJsonArray("tags").getString(0).equals("t" + id % 7)) {
                return false;
              }
            }
            return true;
          }));
        }
        for (Future<Boolean> f : results) {
          assertTrue(f.get());
        }
        assertEquals(expected, shared);
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
