package dev.brisk.jsonp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonGenerationException;
import jakarta.json.stream.JsonGenerator;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParser.Event;
import jakarta.json.stream.JsonParsingException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ProviderTest {
  static final JsonProvider P = BriskJsonProvider.instance();

  static JsonParser parser(String json) {
    return P.createParser(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void getIntAndGetLongAreGetBigDecimalsIntValueAndLongValueForEveryKindOfNumber() {
    List<String> numbers = List.of("0", "-0", "7", "-1", "2147483647", "2147483648", "-2147483649", "4294967297",
        "123456789012345678", "-12345678901234567", "-123456789012345678", "1234567890123456789",
        "9223372036854775807", "9223372036854775808", "-9223372036854775809", "99999999999999999999",
        "1.9", "-1.9", "1e2", "1E-2", "12345678901234567.5", "2.5e19", "1.50", "-0.0", "0.000", "1e-400",
        "-2.5E+3", "3.14159265358979323846264338327950288");
    try (JsonParser p = parser(numbers.stream().collect(Collectors.joining(",", "[", "]")))) {
      p.next();
      for (String n : numbers) {
        assertEquals(Event.VALUE_NUMBER, p.next());
        BigDecimal exact = new BigDecimal(n);
        assertEquals(exact.intValue(), p.getInt(), "getInt of " + n);
        assertEquals(exact.longValue(), p.getLong(), "getLong of " + n);
        assertEquals(exact, p.getBigDecimal(), n);
      }
    }
    try (JsonParser p = parser("-4294967297")) { // a number at the top: read past, held as text
      p.next();
      assertTrue(p.hasNext() == false);
      assertEquals(new BigDecimal("-4294967297").intValue(), p.getInt());
      assertEquals(-4294967297L, p.getLong());
    }
  }

  @Test
  void theServiceLoaderFindsBrisk() {
    assertTrue(JsonProvider.provider() instanceof BriskJsonProvider);
  }

  @Test
  void parsesEveryEventWithItsText() {
    try (JsonParser p = parser("{\"a\":[1,2.5e3,\"x\",true,false,null],\"b\":{}}")) {
      Event[] expected = {Event.START_OBJECT, Event.KEY_NAME, Event.START_ARRAY, Event.VALUE_NUMBER, Event.VALUE_NUMBER,
          Event.VALUE_STRING, Event.VALUE_TRUE, Event.VALUE_FALSE, Event.VALUE_NULL, Event.END_ARRAY, Event.KEY_NAME,
          Event.START_OBJECT, Event.END_OBJECT, Event.END_OBJECT};
      for (Event e : expected) {
        assertTrue(p.hasNext());
        assertEquals(e, p.next());
        if (e == Event.VALUE_NUMBER) {
          assertTrue(List.of("1", "2.5e3").contains(p.getString()), p.getString());
        }
      }
      assertFalse(p.hasNext());
    }
  }

  @Test
  void theSeedBenchmarkShapeReadsThroughTheArrayStream() {
    try (JsonParser p = parser("[\"a\",\"b\"]")) {
      p.next();
      assertEquals(List.of("a", "b"), p.getArrayStream().map(v -> ((jakarta.json.JsonString) v).getString()).collect(Collectors.toList()));
    }
  }

  @Test
  void readsAndWritesTreesThatKeepExactNumbers() {
    String text = "{\"n\":12345678901234567890.5,\"s\":\"\\u00e9\\n\",\"a\":[1,{\"b\":null}]}";
    JsonObject o = Json.createReader(new StringReader(text)).readObject();
    assertEquals(new BigDecimal("12345678901234567890.5"), o.getJsonNumber("n").bigDecimalValue());
    assertEquals("é\n", o.getString("s"));
    StringWriter out = new StringWriter();
    Json.createWriter(out).write(o);
    assertEquals(o, Json.createReader(new StringReader(out.toString())).readObject());
    assertEquals(o.toString(), out.toString());
  }

  @Test
  void detectsUtf16Input() {
    byte[] utf16 = "{\"k\":\"v\"}".getBytes(StandardCharsets.UTF_16LE);
    JsonObject o = Json.createReader(new ByteArrayInputStream(utf16)).readObject();
    assertEquals("v", o.getString("k"));
  }

  @Test
  void shortInputsAndByteOrderMarksReadTheSameThroughAByteArrayStream() {
    // Inputs shorter than four bytes, or starting with a mark, take the encoding detection; the
    // rest are read as UTF-8 at once. Both must give the same events.
    for (String text : List.of("1", "[]", "{}", "\"\"", "[1]", "  7", "true", "[\"a\",\"b\"]", "{\"k\":[null]}")) {
      List<Event> expected = events(Json.createParser(new StringReader(text)));
      byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
      assertEquals(expected, events(P.createParser(new ByteArrayInputStream(utf8))), text);
      byte[] marked = new byte[utf8.length + 3];
      marked[0] = (byte) 0xEF;
      marked[1] = (byte) 0xBB;
      marked[2] = (byte) 0xBF;
      System.arraycopy(utf8, 0, marked, 3, utf8.length);
      assertEquals(expected, events(P.createParser(new ByteArrayInputStream(marked))), "marked " + text);
      byte[] utf16 = text.getBytes(StandardCharsets.UTF_16BE);
      assertEquals(expected, events(P.createParser(new ByteArrayInputStream(utf16))), "UTF-16BE " + text);
    }
    assertThrows(JsonParsingException.class, () -> events(P.createParser(new ByteArrayInputStream(new byte[0]))));
  }

  private static List<Event> events(JsonParser p) {
    try (p) {
      List<Event> events = new java.util.ArrayList<>();
      while (p.hasNext()) {
        events.add(p.next());
      }
      return events;
    }
  }

  @Test
  void skipArrayAndSkipObjectKnowTheirContextAtEveryDepth() {
    // Levels alternate object, array, array: 100 deep, past the 64 the parser keeps in one word.
    int deepest = 100;
    StringBuilder text = new StringBuilder();
    for (int d = 1; d <= deepest; d++) {
      text.append(d % 3 == 1 ? "{\"k\":" : "[");
    }
    text.append('1');
    for (int d = deepest; d >= 1; d--) {
      text.append(d % 3 == 1 ? '}' : ']');
    }
    for (int at : new int[] {1, 2, 3, 63, 64, 65, 66, 67, 99, 100}) {
      boolean array = at % 3 != 1;
      try (JsonParser p = parser(text.toString())) {
        for (int d = 0; d < at; ) {
          Event e = p.next();
          if (e == Event.START_ARRAY || e == Event.START_OBJECT) {
            d++;
          }
        }
        // The wrong skip does nothing: the parser is still at the start of level `at`.
        if (array) {
          p.skipObject();
        } else {
          p.skipArray();
        }
        assertEquals(array ? Event.START_ARRAY : Event.START_OBJECT, p.currentEvent(), "depth " + at);
        // The right one ends level `at`; what follows is the end of the level around it.
        if (array) {
          p.skipArray();
        } else {
          p.skipObject();
        }
        assertEquals(array ? Event.END_ARRAY : Event.END_OBJECT, p.currentEvent(), "depth " + at);
        if (at > 1) {
          assertEquals((at - 1) % 3 == 1 ? Event.END_OBJECT : Event.END_ARRAY, p.next(), "depth " + at);
        } else {
          assertFalse(p.hasNext());
        }
      }
    }
  }

  @Test
  void malformedInputIsAParsingExceptionWithTheLocation() {
    JsonParsingException e = assertThrows(JsonParsingException.class, () -> {
      try (JsonParser p = parser("{\n  \"a\": tru }")) {
        while (p.hasNext()) {
          p.next();
        }
      }
    });
    assertEquals(2, e.getLocation().getLineNumber());
  }

  /**
   * A comment or a trailing comma is refused with the reason, the place and the config key that
   * accepts it, not the core library's builder call, which a JSON-P user has no way to make; with
   * the key, parsers and readers accept it.
   */
  @Test
  void commentsAndTrailingCommasAreRefusedNamingTheConfigKeyThatAcceptsThem() {
    String[][] cases = {
      {"[1,\n 2,\n]", "(a trailing comma)", BriskJsonProvider.ALLOW_TRAILING_COMMAS},
      {"{\"a\": 1 /* one */}", "(comments are not JSON)", BriskJsonProvider.ALLOW_COMMENTS},
    };
    JsonProvider brisk = BriskJsonProvider.instance();
    for (String[] c : cases) {
      String text = c[0];
      JsonParsingException e = assertThrows(JsonParsingException.class, () -> {
        try (JsonParser p = parser(text)) {
          while (p.hasNext()) {
            p.next();
          }
        }
      }, text);
      assertTrue(e.getMessage().contains(c[1] + " at line " + e.getLocation().getLineNumber()), e.getMessage());
      assertTrue(e.getMessage().endsWith("; the config key " + c[2] + " accepts it"), e.getMessage());
      assertFalse(e.getMessage().contains("Json.builder()"), e.getMessage());
      JsonParsingException tree = assertThrows(JsonParsingException.class,
          () -> brisk.createReader(new StringReader(text)).read(), text);
      assertTrue(tree.getMessage().endsWith("; the config key " + c[2] + " accepts it"), tree.getMessage());

      for (Object on : new Object[] {true, "TRUE"}) {
        Map<String, Object> config = Map.of(c[2], on);
        assertEquals(config, brisk.createReaderFactory(config).getConfigInUse());
        JsonValue v = brisk.createReaderFactory(config)
            .createReader(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8))).readValue();
        assertEquals(text.startsWith("[") ? "[1,2]" : "{\"a\":1}", v.toString());
        try (JsonParser p = brisk.createParserFactory(config).createParser(new StringReader(text))) {
          while (p.hasNext()) {
            p.next();
          }
        }
      }
      assertThrows(JsonParsingException.class, () -> brisk.createReaderFactory(Map.of(c[2], false))
          .createReader(new StringReader(text)).read(), "false keeps it strict");
      jakarta.json.JsonException bad = assertThrows(jakarta.json.JsonException.class,
          () -> brisk.createReaderFactory(Map.of(c[2], "yes")));
      assertEquals(c[2] + " takes true or false, not 'yes'", bad.getMessage());
    }
  }

  @Test
  void theGeneratorEnforcesJsonPsRules() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JsonGenerator g = P.createGenerator(out);
    g.writeStartObject().write("a", 1).writeKey("b").writeStartArray().write("x").writeNull().writeEnd();
    assertThrows(JsonGenerationException.class, () -> g.write("no name"));
    g.writeEnd();
    g.close();
    assertEquals("{\"a\":1,\"b\":[\"x\",null]}", out.toString(StandardCharsets.UTF_8));
    assertThrows(JsonGenerationException.class, () -> P.createGenerator(new StringWriter()).writeStartArray().close());
    assertThrows(NumberFormatException.class, () -> P.createGenerator(new StringWriter()).write(Double.NaN));
  }

  @Test
  void prettyPrintingIsAConfigKey() {
    StringWriter out = new StringWriter();
    JsonGenerator g = P.createGeneratorFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true)).createGenerator(out);
    g.writeStartObject().write("a", 1).writeEnd().close();
    assertEquals("{\n    \"a\": 1\n}", out.toString());
  }

  /**
   * A limit in the config map is a whole number from 1 up, or a JsonException naming the key:
   * Long.MAX_VALUE was cut to -1 (and the core then said "maxDepth must be positive, was -1"),
   * 1.5 to 1, and 0 or -3 gave the core's IllegalArgumentException without the key.
   */
  @Test
  void aLimitInTheConfigIsAWholeNumberFromOneUp() {
    for (Object bad : new Object[] {Long.MAX_VALUE, 1.5, 0, -3, "12x", Double.NaN}) {
      jakarta.json.JsonException e = assertThrows(jakarta.json.JsonException.class,
          () -> P.createReaderFactory(Map.of(BriskJsonProvider.MAX_DEPTH, bad)), String.valueOf(bad));
      assertEquals(BriskJsonProvider.MAX_DEPTH + " takes a whole number from 1 to 2147483647, not '" + bad + "'", e.getMessage());
    }
    for (Object good : new Object[] {5, 5L, 5.0, "5", " 5 "}) {
      jakarta.json.JsonException deep = assertThrows(jakarta.json.JsonException.class, () -> P.createReaderFactory(
          Map.of(BriskJsonProvider.MAX_DEPTH, good)).createReader(new StringReader("[[[[[[1]]]]]]")).readArray(),
          String.valueOf(good));
      assertTrue(deep.getMessage().contains("maxDepth (5)"), deep.getMessage());
    }
  }

  /**
   * The two limits that are off by default are config keys too: the input's length bounds what a
   * reader or parser takes (a stream that does not end fails there, rather than filling the
   * heap), and maxMembers the members of an object or the elements of an array. Each refusal is a
   * JsonParsingException with its place, from bytes in memory and from a stream alike.
   */
  @Test
  void theDocumentLengthAndMembersLimitsAreConfigKeys() {
    Map<String, Object> config = Map.of(BriskJsonProvider.MAX_DOCUMENT_LENGTH, 64L, BriskJsonProvider.MAX_MEMBERS, "3");
    assertEquals(config, P.createReaderFactory(config).getConfigInUse());
    assertEquals(config, P.createParserFactory(config).getConfigInUse());
    jakarta.json.JsonReaderFactory readers = P.createReaderFactory(config);
    byte[] small = "[1,2,3]".getBytes(StandardCharsets.UTF_8);
    assertEquals(3, readers.createReader(new ByteArrayInputStream(small)).readArray().size());

    byte[] tooLong = ("[\"" + "x".repeat(100) + "\"]").getBytes(StandardCharsets.UTF_8);
    JsonParsingException inMemory = assertThrows(JsonParsingException.class,
        () -> P.createParserFactory(config).createParser(new ByteArrayInputStream(tooLong)).next());
    assertTrue(inMemory.getMessage().contains("document longer than maxDocumentLength (64 bytes)"), inMemory.getMessage());
    assertEquals(64, inMemory.getLocation().getStreamOffset());
    JsonParsingException treeInMemory = assertThrows(JsonParsingException.class,
        () -> readers.createReader(new ByteArrayInputStream(tooLong)).readArray());
    assertTrue(treeInMemory.getMessage().contains("maxDocumentLength (64 bytes)"), treeInMemory.getMessage());

    // A stream that never ends: "[0,0,0,..." read into a tree.
    java.io.InputStream endless = endlessZeros();
    Map<String, Object> bytesOnly = Map.of(BriskJsonProvider.MAX_DOCUMENT_LENGTH, 1 << 20);
    JsonParsingException fromStream = assertThrows(JsonParsingException.class,
        () -> P.createReaderFactory(bytesOnly).createReader(endless).readArray());
    assertTrue(fromStream.getMessage().contains("maxDocumentLength (1048576 bytes)"), fromStream.getMessage());

    JsonParsingException members = assertThrows(JsonParsingException.class,
        () -> readers.createReader(new StringReader("{\"a\":[1,2,3,4]}")).readObject());
    assertTrue(members.getMessage().contains("array has more than maxMembers (3) elements"), members.getMessage());
    try (JsonParser p = P.createParserFactory(config).createParser(new StringReader("{\"a\":1,\"b\":2,\"c\":3,\"d\":4}"))) {
      JsonParsingException e = assertThrows(JsonParsingException.class, () -> {
        while (p.hasNext()) {
          p.next();
        }
      });
      assertTrue(e.getMessage().contains("object has more than maxMembers (3) members"), e.getMessage());
    }

    for (Object bad : new Object[] {0, -1, "1e30", 2.5}) {
      jakarta.json.JsonException e = assertThrows(jakarta.json.JsonException.class,
          () -> P.createReaderFactory(Map.of(BriskJsonProvider.MAX_DOCUMENT_LENGTH, bad)), String.valueOf(bad));
      assertEquals(BriskJsonProvider.MAX_DOCUMENT_LENGTH + " takes a whole number from 1 to " + Long.MAX_VALUE
          + ", not '" + bad + "'", e.getMessage());
    }
    assertEquals(Map.of(BriskJsonProvider.MAX_DOCUMENT_LENGTH, Long.MAX_VALUE),
        P.createReaderFactory(Map.of(BriskJsonProvider.MAX_DOCUMENT_LENGTH, Long.MAX_VALUE)).getConfigInUse());
    jakarta.json.JsonException members0 = assertThrows(jakarta.json.JsonException.class,
        () -> P.createParserFactory(Map.of(BriskJsonProvider.MAX_MEMBERS, 0)));
    assertEquals(BriskJsonProvider.MAX_MEMBERS + " takes a whole number from 1 to 2147483647, not '0'", members0.getMessage());
  }

  /** "[0,0,0,..." for as long as anyone reads. */
  static java.io.InputStream endlessZeros() {
    return new java.io.InputStream() {
      long n;

      @Override
      public int read() {
        return n++ == 0 ? '[' : (n % 2 == 0 ? '0' : ',');
      }

      @Override
      public int read(byte[] b, int off, int len) {
        for (int k = 0; k < len; k++) {
          b[off + k] = (byte) read();
        }
        return len;
      }
    };
  }

  /**
   * A tree read from a stream is bounded by default (64 MiB of input), and the bound is a config
   * key; parsing events one by one is not bounded by it.
   */
  @Test
  void treesFromStreamsAreBoundedByDefaultAndByAConfigKey() {
    JsonParsingException byDefault = assertThrows(JsonParsingException.class,
        () -> P.createReader(endlessZeros()).readArray());
    assertTrue(byDefault.getMessage().contains("longer than maxTreeLength (67108864 bytes)"), byDefault.getMessage());

    Map<String, Object> config = Map.of(BriskJsonProvider.MAX_TREE_LENGTH, 1 << 20);
    assertEquals(config, P.createReaderFactory(config).getConfigInUse());
    JsonParsingException reader = assertThrows(JsonParsingException.class,
        () -> P.createReaderFactory(config).createReader(endlessZeros()).readArray());
    assertTrue(reader.getMessage().contains("maxTreeLength (1048576 bytes)"), reader.getMessage());
    try (JsonParser p = P.createParserFactory(config).createParser(endlessZeros())) {
      p.next();
      JsonParsingException array = assertThrows(JsonParsingException.class, p::getArray);
      assertTrue(array.getMessage().contains("maxTreeLength (1048576 bytes)"), array.getMessage());
    }
    // Events: three times the limit, one by one, no error.
    byte[] big = ("[" + "0,".repeat(3 << 20) + "0]").getBytes(StandardCharsets.UTF_8);
    try (JsonParser p = P.createParserFactory(config).createParser(new java.io.BufferedInputStream(new ByteArrayInputStream(big)))) {
      long numbers = 0;
      while (p.hasNext()) {
        numbers += p.next() == JsonParser.Event.VALUE_NUMBER ? 1 : 0;
      }
      assertEquals((3 << 20) + 1, numbers);
    }
  }

  @Test
  void pointerPatchAndMergePatch() {
    JsonObject doc = Json.createReader(new StringReader("{\"a\":{\"b\":[1,2]},\"c\":\"d\"}")).readObject();
    assertEquals(Json.createValue(2), Json.createPointer("/a/b/1").getValue(doc));
    JsonArray patch = Json.createArrayBuilder()
        .add(Json.createObjectBuilder().add("op", "add").add("path", "/a/b/-").add("value", 3))
        .add(Json.createObjectBuilder().add("op", "move").add("from", "/c").add("path", "/e"))
        .build();
    JsonObject patched = Json.createPatch(patch).apply(doc);
    assertEquals(Json.createReader(new StringReader("{\"a\":{\"b\":[1,2,3]},\"e\":\"d\"}")).readObject(), patched);
    assertEquals(patched, Json.createDiff(doc, patched).apply(doc));
    JsonValue merged = Json.createMergePatch(Json.createReader(new StringReader("{\"c\":null,\"x\":1}")).readObject()).apply(doc);
    assertEquals(Json.createReader(new StringReader("{\"a\":{\"b\":[1,2]},\"x\":1}")).readObject(), merged);
    assertEquals(merged, Json.createMergeDiff(doc, merged).apply(doc));
  }

  /**
   * RFC 6902 (4.6): a patch's test compares numbers by value, also inside structures; a number and
   * a string of its digits still differ. JsonNumber.equals compares BigDecimals, scale and all, so
   * {@code 1} against {@code 1.0} failed the test.
   */
  @Test
  void aPatchTestComparesNumbersByTheirValue() {
    JsonObject doc = Json.createReader(new StringReader("{\"a\":1,\"b\":{\"c\":[2.50,1e2]},\"s\":\"1\"}")).readObject();
    for (String same : new String[] {
        "{\"op\":\"test\",\"path\":\"/a\",\"value\":1.0}",
        "{\"op\":\"test\",\"path\":\"/a\",\"value\":1e0}",
        "{\"op\":\"test\",\"path\":\"/b\",\"value\":{\"c\":[2.5,100]}}",
        "{\"op\":\"test\",\"path\":\"/b/c\",\"value\":[2.500,1.00E+2]}",
    }) {
      JsonArray patch = Json.createReader(new StringReader("[" + same + "]")).readArray();
      assertEquals(doc, Json.createPatch(patch).apply(doc), same);
    }
    assertEquals(doc, Json.createPatchBuilder().test("/a", Json.createValue(new BigDecimal("1.00"))).build().apply(doc));
    for (String differs : new String[] {
        "{\"op\":\"test\",\"path\":\"/a\",\"value\":1.5}",
        "{\"op\":\"test\",\"path\":\"/s\",\"value\":1}",
        "{\"op\":\"test\",\"path\":\"/a\",\"value\":\"1\"}",
        "{\"op\":\"test\",\"path\":\"/b/c\",\"value\":[2.5]}",
        "{\"op\":\"test\",\"path\":\"/b\",\"value\":{\"c\":[2.5,100],\"d\":1}}",
    }) {
      JsonArray patch = Json.createReader(new StringReader("[" + differs + "]")).readArray();
      assertThrows(jakarta.json.JsonException.class, () -> Json.createPatch(patch).apply(doc), differs);
    }
  }

  /**
   * isIntegralNumber is BigDecimal's scale() == 0 (the JSON-P Javadoc), whether the parser stands
   * on the number or has looked past it (hasNext() after a top-level value). 1.5e1 was not
   * integral until hasNext() was called, and 1e-99999999999 was an exception after it; after it,
   * getValue() of 1.5e1 said it was beyond a BigDecimal.
   */
  @Test
  void isIntegralNumberIsAScaleOfZeroWhereverTheParserStands() {
    Map<String, Boolean> expected = new java.util.LinkedHashMap<>();
    expected.put("12", true);
    expected.put("-0", true);
    expected.put("1.5e1", true);
    expected.put("25E-1", false);
    expected.put("1E+2", false);
    expected.put("10e-1", false);
    expected.put("0.0", false);
    expected.put("2.50", false);
    expected.put("0e-99999999999", true);
    expected.put("1e-99999999999", false);
    expected.put("1e99999999999", false);
    for (Map.Entry<String, Boolean> e : expected.entrySet()) {
      String text = e.getKey();
      if (text.length() < 10) {
        assertEquals(e.getValue(), new BigDecimal(text).scale() == 0, text + ": the expectation is BigDecimal's");
      }
      for (int way = 0; way < 3; way++) {
        String json = way == 2 ? "[" + text + "]" : text;
        try (JsonParser p = Json.createParser(new StringReader(json))) {
          p.next();
          if (way == 2) {
            p.next();
          } else if (way == 1) {
            assertFalse(p.hasNext());
          }
          assertEquals(e.getValue(), p.isIntegralNumber(), text + " (way " + way + ")");
          if (text.length() < 10) { // and its value is BigDecimal's: a held 1.5e1 was an error
            assertEquals(new BigDecimal(text), ((jakarta.json.JsonNumber) p.getValue()).bigDecimalValue(), text + " (way " + way + ")");
          }
        }
      }
    }
  }

  @Test
  void duplicateKeysFollowTheKeyStrategy() {
    String text = "{\"a\":1,\"a\":2}";
    assertEquals(2, Json.createReader(new StringReader(text)).readObject().getInt("a"));
    assertEquals(1, Json.createReaderFactory(Map.of(jakarta.json.JsonConfig.KEY_STRATEGY, jakarta.json.JsonConfig.KeyStrategy.FIRST))
        .createReader(new StringReader(text)).readObject().getInt("a"));
    assertThrows(jakarta.json.JsonException.class, () -> Json.createReaderFactory(
        Map.of(jakarta.json.JsonConfig.KEY_STRATEGY, jakarta.json.JsonConfig.KeyStrategy.NONE)).createReader(new StringReader(text)).readObject());
    assertSame(JsonValue.NULL, Json.createArrayBuilder().addNull().build().get(0));
    String longKey = "k".repeat(40_000);
    jakarta.json.JsonException e = assertThrows(jakarta.json.JsonException.class, () -> Json.createReaderFactory(
        Map.of(jakarta.json.JsonConfig.KEY_STRATEGY, jakarta.json.JsonConfig.KeyStrategy.NONE))
        .createReader(new StringReader("{\"" + longKey + "\":1,\"" + longKey + "\":2}")).readObject());
    assertTrue(e.getMessage().length() < 400 && e.getMessage().contains("duplicate key 'kkk"), e.getMessage());
  }

  /**
   * Valid JSON whose number is beyond a BigDecimal (its exponent does not fit an int): the parser
   * says so with its location, a tree read around it still prints as it was read, and only asking
   * for that number fails, with a JSON-P exception that names it. It used to be BigDecimal's bare
   * NumberFormatException, from toString() of the tree too.
   */
  @Test
  void aNumberBeyondABigDecimalIsAClearErrorOnlyWhereItIsAskedFor() {
    String doc = "{\"a\":1,\"huge\":1234567e8901234567890123,\"b\":[1e9999999999]}";
    JsonProvider brisk = BriskJsonProvider.instance();
    try (JsonParser p = brisk.createParser(new ByteArrayInputStream(doc.getBytes(StandardCharsets.UTF_8)))) {
      p.next();
      p.next();
      p.next();
      p.next();
      assertEquals(Event.VALUE_NUMBER, p.next());
      JsonParsingException e = assertThrows(JsonParsingException.class, p::getBigDecimal);
      assertTrue(e.getMessage().startsWith("the number 1234567e8901234567890123 is beyond a BigDecimal"), e.getMessage());
      assertEquals(39, e.getLocation().getStreamOffset()); // JSON-P: where the event ends
      assertThrows(JsonParsingException.class, p::getValue);
    }
    for (JsonObject o : List.of(
        brisk.createReader(new StringReader(doc)).readObject(),
        brisk.createReader(new ByteArrayInputStream(doc.getBytes(StandardCharsets.UTF_8))).readObject())) {
      assertEquals(doc, o.toString());
      assertEquals(1, o.getInt("a"));
      jakarta.json.JsonException e = assertThrows(jakarta.json.JsonException.class, () -> o.getJsonNumber("huge"));
      assertTrue(e.getMessage().contains("beyond a BigDecimal"), e.getMessage());
    }
  }

  /** Zero is a BigDecimal whatever its exponent: the parser, its values and trees all say 0. */
  @Test
  void zeroWithAnExponentBeyondABigDecimalIsZeroEverywhere() {
    JsonProvider brisk = BriskJsonProvider.instance();
    String doc = "[0e99999999999999999999,-0.00E-99999999999999999999]";
    try (JsonParser p = parser(doc)) {
      p.next();
      for (int i = 0; i < 2; i++) {
        assertEquals(Event.VALUE_NUMBER, p.next());
        assertEquals(0, p.getBigDecimal().signum());
        assertEquals(0L, p.getLong());
        assertEquals(0, ((jakarta.json.JsonNumber) p.getValue()).bigDecimalValue().signum());
      }
    }
    jakarta.json.JsonArray a = brisk.createReader(new StringReader(doc)).readArray();
    for (int i = 0; i < 2; i++) {
      assertEquals(0, a.getJsonNumber(i).intValueExact());
      assertEquals(java.math.BigInteger.ZERO, a.getJsonNumber(i).bigIntegerValueExact());
    }
    try (JsonParser p = parser("0e99999999999999999999")) { // at the top: held as text
      p.next();
      assertFalse(p.hasNext()); // reads past the number, which is then held as text
      assertEquals(0, p.getBigDecimal().signum());
    }
  }

  /**
   * A lone surrogate among a Reader's chars stays in the string it is in, as Parsson keeps it (it
   * became '?': UTF-8 has no form for it); bytes not valid in their UTF-16 are an error (they
   * became U+FFFD, which took the character after them too).
   */
  @Test
  void loneSurrogatesFromCharsAreKeptAndMalformedUtf16BytesAreAnError() {
    JsonProvider brisk = BriskJsonProvider.instance();
    String lone = "a\uD800b\uDC00" + "\uDBFF".repeat(5000) + "\uD83D\uDE00z\uD800";
    String doc = "{\"\uDC01k\":[\"" + lone + "\"]}";
    JsonObject o = brisk.createReader(new StringReader(doc)).readObject();
    assertEquals("\uDC01k", o.keySet().iterator().next());
    assertEquals(lone, o.getJsonArray("\uDC01k").getString(0));
    try (JsonParser p = brisk.createParser(new StringReader(doc))) {
      p.next();
      p.next();
      assertEquals("\uDC01k", p.getString());
    }
    assertThrows(JsonParsingException.class, () -> brisk.createReader(new StringReader("[1\uD800]")).read());
    byte[] utf16 = "[\" x\"]".getBytes(StandardCharsets.UTF_16LE);
    utf16[4] = 0x00; // the space becomes U+D800, a high surrogate with no low one after it
    utf16[5] = (byte) 0xD8;
    jakarta.json.JsonException bytes = assertThrows(jakarta.json.JsonException.class,
        () -> brisk.createReader(new ByteArrayInputStream(utf16)).read());
    assertTrue(bytes.getMessage().contains("not valid UTF-16LE: a malformed or unpaired sequence of 4 byte(s) at byte 4"),
        bytes.getMessage());
    jakarta.json.JsonException stream = assertThrows(jakarta.json.JsonException.class,
        () -> brisk.createReader(new java.io.BufferedInputStream(new ByteArrayInputStream(utf16))).read());
    assertEquals(bytes.getMessage(), stream.getMessage());
    // After a byte order mark, which the offset counts; and a syntax error before bad bytes is
    // the error, however the stream splits its reads.
    byte[] marked = new byte[utf16.length + 2];
    marked[0] = (byte) 0xFF;
    marked[1] = (byte) 0xFE;
    System.arraycopy(utf16, 0, marked, 2, utf16.length);
    assertTrue(assertThrows(jakarta.json.JsonException.class, () -> brisk.createReader(new ByteArrayInputStream(marked)).read())
        .getMessage().endsWith("at byte 6"));
    byte[] syntaxFirst = "[: x\"]".getBytes(StandardCharsets.UTF_16LE);
    syntaxFirst[6] = 0x00;
    syntaxFirst[7] = (byte) 0xDC; // a lone low surrogate after the syntax error
    for (java.io.InputStream in : List.of(new ByteArrayInputStream(syntaxFirst),
        dev.brisk.testkit.Damage.stuttering(syntaxFirst, 1))) {
      assertThrows(JsonParsingException.class, () -> brisk.createReader(in).read());
    }
  }

  @Test
  void aSourceThatKeepsGivingNothingIsAnErrorNotAHang() {
    JsonProvider p = BriskJsonProvider.instance();
    java.io.Reader nothing = new java.io.Reader() {
      @Override
      public int read(char[] b, int off, int len) {
        return 0;
      }

      @Override
      public void close() {}
    };
    byte[] doc = "[1,\"two\"]".getBytes(StandardCharsets.UTF_8);
    java.util.List<org.junit.jupiter.api.function.Executable> reads = java.util.List.of(
        () -> p.createParser(dev.brisk.testkit.Damage.stuttering(null, 0)).next(), // in the encoding detection
        () -> {
          java.io.InputStream fourBytesThenNothing = new java.io.FilterInputStream(new ByteArrayInputStream(doc, 0, 4)) {
            @Override
            public int read(byte[] b, int off, int len) throws java.io.IOException {
              return Math.max(0, super.read(b, off, len));
            }
          };
          JsonParser parser = p.createParser(fourBytesThenNothing);
          while (parser.hasNext()) {
            parser.next();
          }
        },
        () -> p.createParser(nothing).next(),
        () -> p.createReader(nothing).read());
    for (org.junit.jupiter.api.function.Executable read : reads) {
      jakarta.json.JsonException e = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
          java.time.Duration.ofSeconds(60), () -> assertThrows(jakarta.json.JsonException.class, read), "it spins");
      assertTrue(e.getMessage().contains("nothing 1000 times in a row") || e.getMessage().contains("0 bytes 1000 times in a row"),
          e.getMessage());
    }
    // Some empty reads in a row are waited out.
    try (JsonParser parser = p.createParser(dev.brisk.testkit.Damage.stuttering(doc, 999))) {
      assertEquals(Event.START_ARRAY, parser.next());
      parser.next();
      assertEquals(1, parser.getInt());
    }
  }

  @Test
  void bigIntegersOfHugeScalesAreRefusedNotExpanded() {
    // BigDecimal.toBigInteger of these computes 10^(a hundred million or more): a hang on a dozen bytes.
    JsonProvider p = BriskJsonProvider.instance();
    org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(60), () -> {
      JsonArray a = p.createReader(new StringReader("[1e-999999999,-1.5e-999999999,1e2147483647,-1e99999999,12.5,100e-2]"))
          .readArray();
      assertEquals(java.math.BigInteger.ZERO, a.getJsonNumber(0).bigIntegerValue());
      assertEquals(java.math.BigInteger.ZERO, a.getJsonNumber(1).bigIntegerValue());
      ArithmeticException e = assertThrows(ArithmeticException.class, () -> a.getJsonNumber(0).bigIntegerValueExact());
      assertEquals("Rounding necessary: 1E-999999999 is not an integer", e.getMessage());
      e = assertThrows(ArithmeticException.class, () -> a.getJsonNumber(2).bigIntegerValue());
      assertEquals("the integer part of 1E+2147483647 has 2147483648 digits, more than the 100000 a BigInteger is made of here",
          e.getMessage());
      assertThrows(ArithmeticException.class, () -> a.getJsonNumber(3).bigIntegerValueExact());
      assertEquals(java.math.BigInteger.valueOf(12), a.getJsonNumber(4).bigIntegerValue());
      assertThrows(ArithmeticException.class, () -> a.getJsonNumber(4).bigIntegerValueExact());
      assertEquals(java.math.BigInteger.ONE, a.getJsonNumber(5).bigIntegerValueExact());
      assertEquals(java.math.BigInteger.ZERO, p.createValue(new BigDecimal("-1e-999999999")).bigIntegerValue());
    });
  }

  @Test
  void aGeneratorWritesNoDeeperThanTheProvidersMaxDepth() {
    JsonProvider p = BriskJsonProvider.instance();
    JsonGenerator g = p.createGenerator(new StringWriter());
    for (int i = 0; i < 1000; i++) {
      g.writeStartArray();
    }
    JsonGenerationException e = assertThrows(JsonGenerationException.class, () -> g.writeStartObject());
    // The path of a thousand levels is shown by its start and end.
    String path = "$" + "[0]".repeat(1000);
    assertEquals("nesting deeper than the provider's maxDepth (1000, the config key dev.brisk.json.maxDepth) at "
        + path.substring(0, 79) + "...(2823 characters)..." + path.substring(2902), e.getMessage());

    // The config key raises it for parsers and generators alike.
    Map<String, Object> deep = Map.of(BriskJsonProvider.MAX_DEPTH, 5000);
    StringWriter out = new StringWriter();
    try (JsonGenerator g5000 = p.createGeneratorFactory(deep).createGenerator(out)) {
      for (int i = 0; i < 3000; i++) {
        g5000.writeStartArray();
      }
      for (int i = 0; i < 3000; i++) {
        g5000.writeEnd();
      }
    }
    assertEquals("[".repeat(3000) + "]".repeat(3000), out.toString());
    JsonValue tree;
    try (jakarta.json.JsonReader r = p.createReaderFactory(deep).createReader(new StringReader(out.toString()))) {
      tree = r.readValue();
    }
    // A tree, which cannot hold itself, still prints at any depth.
    assertEquals(out.toString(), tree.toString());
  }
}
