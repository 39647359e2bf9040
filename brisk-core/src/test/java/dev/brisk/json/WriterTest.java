package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class WriterTest {
  /** isComplete: a value begun and nothing left open (the sink takes an event only then). */
  @Test
  void completeOnlyWithAValueWrittenAndNothingOpen() {
    JsonWriter w = JsonWriter.create();
    assertFalse(w.isComplete(), "nothing written");
    w.beginObject();
    assertFalse(w.isComplete());
    w.name("a");
    assertFalse(w.isComplete());
    w.beginArray().value(1);
    assertFalse(w.isComplete());
    w.endArray();
    assertFalse(w.isComplete());
    w.endObject();
    assertTrue(w.isComplete());
    w.beginArray(); // a second value, on a line of its own
    assertFalse(w.isComplete());
    w.endArray();
    assertTrue(w.isComplete());
    assertEquals(2, w.topLevelValues());
    w.reset();
    assertFalse(w.isComplete(), "after reset");
    assertEquals(0, w.topLevelValues());
    w.value("s");
    assertTrue(w.isComplete(), "a scalar is complete at once");
    w.reset();
    w.rawValue(new byte[] {'7'}, 0, 1);
    assertTrue(w.isComplete(), "a raw value");
  }


  @Test
  void aClosedStreamWritersBufferServesTheNextWriterAlone() {
    // The second writer takes the buffer the first gave back at close; the first writing on
    // afterwards must not reach into it.
    ByteArrayOutputStream a = new ByteArrayOutputStream();
    JsonWriter first = JsonWriter.of(a);
    first.beginArray().value("one").endArray();
    first.close();
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    JsonWriter second = JsonWriter.of(b);
    second.beginObject().name("k");
    first.value("late"); // after close: NDJSON's next value, into an array of its own
    first.flush();
    second.value("v").endObject();
    second.close();
    assertEquals("{\"k\":\"v\"}", b.toString(StandardCharsets.UTF_8));
    assertEquals("[\"one\"]\n\"late\"", a.toString(StandardCharsets.UTF_8));
    // Json.write to a stream gives its buffer back too.
    ByteArrayOutputStream c = new ByteArrayOutputStream();
    Json.DEFAULT.write(Json.parse("[1,\"x\"]"), c);
    ByteArrayOutputStream d = new ByteArrayOutputStream();
    Json.DEFAULT.write(Json.parse("{\"y\":2}"), d);
    assertEquals("[1,\"x\"]", c.toString(StandardCharsets.UTF_8));
    assertEquals("{\"y\":2}", d.toString(StandardCharsets.UTF_8));
    JsonValue one = Json.parse("1");
    assertThrows(NullPointerException.class, () -> Json.DEFAULT.write(one, (java.io.OutputStream) null));
  }

  /**
   * A float is written as Float.toString writes it, and reads back as the same float; it used to
   * widen to value(double) and come out as its double (0.1f as 0.10000000149011612).
   */
  @Test
  void aFloatIsWrittenAsTheDecimalOfTheFloat() {
    assertEquals("[0.1,1.0E10,1.4E-45,-0.0,3.4028235E38,1.6777216E7,3]",
        JsonWriter.create().beginArray().value(0.1f).value(1e10f).value(Float.MIN_VALUE).value(-0.0f)
            .value(Float.MAX_VALUE).value(16777216f).value(3).endArray().toString());
    java.util.SplittableRandom r = new java.util.SplittableRandom(7);
    for (int i = 0; i < 100_000; i++) {
      float f = Float.intBitsToFloat(r.nextInt());
      if (!Float.isFinite(f)) {
        continue;
      }
      String text = JsonWriter.create().value(f).toString();
      assertEquals(Float.floatToIntBits(f), Float.floatToIntBits(Float.parseFloat(text)), text);
      assertEquals(Float.toString(f), text);
    }
    for (float bad : new float[] {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY}) {
      JsonException e = assertThrows(JsonException.class, () -> JsonWriter.create().beginArray().value(bad));
      assertTrue(e.getMessage().startsWith("cannot write " + bad + ": JSON has no NaN or infinity"), e.getMessage());
      assertEquals("$[0]", e.path());
    }
  }

  @Test
  void writesStructureCompactly() {
    JsonWriter w = JsonWriter.create();
    w.beginObject().name("id").value(42).name("tags").beginArray().value("a").value(true).nullValue()
        .endArray().name("o").beginObject().endObject().endObject();
    assertEquals("{\"id\":42,\"tags\":[\"a\",true,null],\"o\":{}}", w.toString());
  }

  @Test
  void escapesWhatJsonRequires() {
    String s = "q\" b\\ nl\n tab\t nul\u0000 us\u001f del\u007f é € 😀";
    String out = JsonWriter.create().value(s).toString();
    assertEquals("\"q\\\" b\\\\ nl\\n tab\\t nul\\u0000 us\\u001f del\u007f é € 😀\"", out);
    assertEquals(s, Json.parse(out).asString());
  }

  @Test
  void loneSurrogatesAreEscapedSoTheOutputIsValidUtf8AndRoundTrips() {
    String s = "a\ud800b\udc00";
    byte[] out = JsonWriter.create().value(s).toByteArray();
    assertEquals("\"a\\ud800b\\udc00\"", new String(out, StandardCharsets.US_ASCII));
    assertEquals(s, Json.parse(out).asString());
  }

  @Test
  void optionalEscapes() {
    JsonWriter w = JsonWriter.options().escapeSlash(true).escapeLineSeparators(true).create();
    w.value("</script>\u2028\u2029 a/b");
    assertEquals("\"<\\/script>\\u2028\\u2029 a/b\"", w.toString());
    assertEquals("\"</script>\u2028\"", JsonWriter.create().value("</script>\u2028").toString());
  }

  @Test
  void stringsOfEveryMixAreWrittenAsAPlainEncoderWritesThem() {
    // The fast path reads a string's Latin-1 bytes, where a character Latin-1 lacks becomes '?'
    // and a surrogate pair one '?': real question marks beside such characters, at every place
    // and length (across the eight-byte steps), must come out right.
    String[] pieces = {"a", "Z", " ", "?", "??", "\"", "\\", "\n", "\u0001", "\u001f", "\u007f",
        "é", "ÿ", "\u0100", "€", "😀", "\ud800", "\udc00", "/", "<", "0123456789"};
    java.util.Random random = new java.util.Random(7);
    for (int round = 0; round < 20_000; round++) {
      StringBuilder sb = new StringBuilder();
      int parts = random.nextInt(24);
      for (int i = 0; i < parts; i++) {
        sb.append(pieces[random.nextInt(random.nextBoolean() ? 4 : pieces.length)]);
      }
      String s = sb.toString();
      byte[] out = JsonWriter.create().value(s).toByteArray();
      assertEquals(StringEncodingTest.reference(s), new String(out, StandardCharsets.UTF_8), s);
      assertEquals(s, Json.parse(out).asString());
    }
  }

  @Test
  void fusedMembersWriteWhatNameThenValueWrites() {
    JsonNames names = JsonNames.of("s", "l", "d", "b", "\u00e9t\u00e9", "n");
    for (int variant = 0; variant < 4; variant++) {
      ByteArrayOutputStream fusedOut = new ByteArrayOutputStream();
      ByteArrayOutputStream plainOut = new ByteArrayOutputStream();
      JsonWriter fused = writer(variant, fusedOut);
      JsonWriter plain = writer(variant, plainOut);
      for (int round = 0; round < 50; round++) { // enough to cross a small buffer's end
        fused.beginObject();
        plain.beginObject();
        fused.member(names, 0, "text " + round).member(names, 1, -round * 1_000_000_007L)
            .member(names, 2, round / 7.0).member(names, 3, round % 2 == 0)
            .member(names, 4, "\"\u00e9\"").member(names, 5, (String) null);
        plain.name(names, 0).value("text " + round).name(names, 1).value(-round * 1_000_000_007L)
            .name(names, 2).value(round / 7.0).name(names, 3).value(round % 2 == 0)
            .name(names, 4).value("\"\u00e9\"").name(names, 5).value((String) null);
        fused.name("o").beginObject().member(names, 1, 1).endObject().endObject();
        plain.name("o").beginObject().name(names, 1).value(1).endObject().endObject();
      }
      fused.close();
      plain.close();
      assertEquals(plainOut.toString(StandardCharsets.UTF_8), fusedOut.toString(StandardCharsets.UTF_8));
    }
    JsonWriter w = JsonWriter.create();
    assertThrows(IllegalStateException.class, () -> w.member(names, 0, "outside an object"));
    w.beginObject().member(names, 0, "x").name("after");
    assertThrows(IllegalStateException.class, () -> w.member(names, 1, 2L));
    JsonWriter nan = JsonWriter.create().beginObject().member(names, 0, "x");
    JsonException e = assertThrows(JsonException.class, () -> nan.member(names, 2, Double.NaN));
    assertEquals("$.d", e.path());
  }

  @Test
  void nestingDeeperThanMaxDepthIsAnErrorWithThePath() {
    JsonWriter w = JsonWriter.create();
    for (int i = 0; i < 1000; i++) {
      w.beginArray();
    }
    JsonException e = assertThrows(JsonException.class, w::beginObject);
    String path = "$" + "[0]".repeat(1000);
    assertEquals(path, e.path());
    assertEquals("nesting deeper than maxDepth (1000): a value that holds itself? (JsonWriter.Options.maxDepth sets"
        + " the limit) (at " + path.substring(0, 79) + "...(2823 characters)..." + path.substring(2902) + ")",
        e.getMessage());
    w.nullValue(); // the writer is where it was: the value was not begun
    for (int i = 0; i < 1000; i++) {
      w.endArray();
    }
    assertEquals("[".repeat(1000) + "null" + "]".repeat(1000), w.toString());

    JsonWriter three = JsonWriter.options().maxDepth(3).to(new ByteArrayOutputStream());
    three.beginObject().name("a").beginArray().beginObject().name("b");
    assertEquals("$.a[0].b", assertThrows(JsonException.class, three::beginArray).path());
    assertThrows(IllegalArgumentException.class, () -> JsonWriter.options().maxDepth(0));

    // Trees are written without recursion and cannot hold themselves: any depth goes.
    Json deep = Json.builder().limits(JsonLimits.DEFAULTS.withMaxDepth(5000)).build();
    String text = "[".repeat(3000) + "]".repeat(3000);
    JsonValue tree = deep.read(text);
    assertEquals(text, tree.toString());
    assertEquals(text, new String(Json.toBytes(tree), StandardCharsets.UTF_8));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Json.DEFAULT.write(tree, out);
    assertEquals(text, out.toString(StandardCharsets.UTF_8));
    // A Json's own writer writes what its reader reads; the kept writer goes back to 1000.
    JsonWriter w5000 = deep.writer();
    for (int i = 0; i < 3000; i++) {
      w5000.beginArray();
    }
    assertThrows(JsonException.class, () -> JsonWriter.toBytes(x -> {
      for (int i = 0; i <= 1000; i++) {
        x.beginArray();
      }
    }));
    assertThrows(JsonException.class, () -> Json.DEFAULT.writer().value(tree));
  }

  @Test
  void anIndentOtherThanWhiteSpaceIsRefused() {
    // It is written between the tokens: "x" made [x1] out of [1].
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JsonWriter.options().indent(" x"));
    assertEquals("an indent may hold only JSON white space (spaces, tabs, line breaks), not U+0078 at index 1", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Json.builder().indent("\u3000"));
    assertThrows(IllegalArgumentException.class, () -> Json.builder().indent("\u00a0"));
    String pretty = JsonWriter.options().indent(" \t\r\n").create().beginArray().value(1).endArray().toString();
    assertEquals(Json.parse("[1]"), Json.parse(pretty));
    assertEquals("[1]", JsonWriter.options().indent(null).create().beginArray().value(1).endArray().toString());
  }

  @Test
  void codecNamesMustHaveAUtf8Form() {
    // A lone surrogate would become '?' in UTF-8: the writer would write, and the reader match, another name.
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> JsonNames.of("ok", "a\ud800b"));
    assertEquals("name 1 has a lone surrogate (U+D800 at index 1), which has no UTF-8 form", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> JsonNames.of("\udc00"));
    assertThrows(IllegalArgumentException.class, () -> JsonNames.of("end\ud83d"));
    JsonNames pair = JsonNames.of("\ud83d\ude00");
    assertEquals("{\"\ud83d\ude00\":1}", JsonWriter.create().beginObject().member(pair, 0, 1L).endObject().toString());
    assertThrows(NullPointerException.class, () -> JsonNames.of("a", null));
  }

  @Test
  void treeMembersWriteWhatNameThenValueWrites() {
    JsonObject parsed = Json.parse("{\"s\":\"plain\",\"e\":\"a\\\"b\\u00e9\\/\",\"u\":\"\u00e9t\u00e9 </\","
        + "\"l\":-1234567890123,\"t\":1.5e10,\"z\":-0.0,\"big\":123456789012345678901234567890.5,"
        + "\"yes\":true,\"no\":false,\"nil\":null,\"o\":{\"a\":[1,\"x\"]},\"a\":[]}").asObject();
    List<String> names = new ArrayList<>(parsed.names());
    List<JsonValue> values = new ArrayList<>();
    for (String n : names) {
      values.add(parsed.get(n));
    }
    // Values built in code (no parsed bytes), a name too long for the name cache, and null.
    names.addAll(List.of("built", "num", "dbl", "a name longer than the cache of encoded names keeps", "\u2028", "j"));
    values.addAll(Arrays.asList(JsonString.of("b\u00fcilt \u2028"), JsonNumber.of(42), JsonNumber.of(0.1),
        JsonString.of("long"), JsonNumber.parse("7E-8"), null));
    for (int variant = 0; variant < 4; variant++) {
      ByteArrayOutputStream fusedOut = new ByteArrayOutputStream();
      ByteArrayOutputStream plainOut = new ByteArrayOutputStream();
      JsonWriter fused = writer(variant, fusedOut);
      JsonWriter plain = writer(variant, plainOut);
      fused.beginArray();
      plain.beginArray();
      for (int round = 0; round < 20; round++) { // enough to cross a small buffer's end
        fused.beginObject();
        plain.beginObject();
        for (int i = 0; i < names.size(); i++) {
          fused.member(names.get(i), values.get(i));
          plain.name(names.get(i)).value(values.get(i));
        }
        fused.endObject();
        plain.endObject();
      }
      fused.endArray().close();
      plain.endArray().close();
      assertEquals(plainOut.toString(StandardCharsets.UTF_8), fusedOut.toString(StandardCharsets.UTF_8));
    }
    // The tree writer uses it: a parsed document is written back as it was read.
    String doc = "{\"k\":\"v\\n\",\"n\":[1,2.50,{\"x\":null,\"y\":true}],\"big\":1e400}";
    assertEquals(doc, Json.toString(Json.parse(doc)));
    JsonWriter w = JsonWriter.create();
    assertThrows(IllegalStateException.class, () -> w.member("s", JsonString.of("outside an object")));
    w.beginObject().member("s", parsed.get("s")).name("after");
    assertThrows(IllegalStateException.class, () -> w.member("l", parsed.get("l")));
  }

  private static JsonWriter writer(int variant, ByteArrayOutputStream out) {
    switch (variant) {
      case 0:
        return JsonWriter.of(out);
      case 1:
        return JsonWriter.options().bufferSize(64).to(out);
      case 2:
        return JsonWriter.options().indent("  ").to(out);
      default:
        return JsonWriter.options().escapeSlash(true).bufferSize(64).to(out);
    }
  }

  @Test
  void longsAtTheEdges() {
    for (long v : new long[] {0, 9, 10, 99, 100, -1, -10, 12345678901L, Long.MAX_VALUE, Long.MIN_VALUE,
        999_999_999_999_999_999L, 1_000_000_000_000_000_000L}) {
      assertEquals(Long.toString(v), JsonWriter.create().value(v).toString());
    }
  }

  @Test
  void bigNumbersAreWrittenInFull() {
    BigInteger big = new BigInteger("123456789012345678901234567890123456789");
    BigDecimal dec = new BigDecimal("-1.000000000000000000000000000001E+400");
    JsonWriter w = JsonWriter.create().beginArray().value(big).value(dec).endArray();
    JsonArray a = Json.parse(w.toString()).asArray();
    assertEquals(big, a.get(0).asNumber().bigIntegerValue());
    assertEquals(0, dec.compareTo(a.get(1).asNumber().bigDecimalValue()));
  }

  @Test
  void structureMistakesAreCaught() {
    assertThrows(IllegalStateException.class, () -> JsonWriter.create().beginObject().value(1));
    assertThrows(IllegalStateException.class, () -> JsonWriter.create().beginArray().endObject());
    assertThrows(IllegalStateException.class, () -> JsonWriter.create().name("x"));
    assertThrows(IllegalStateException.class, () -> JsonWriter.create().beginObject().name("a").name("b"));
    assertThrows(JsonException.class, () -> JsonWriter.create().numberText("01"));
  }

  @Test
  void errorsSayTheJsonPathBeingWritten() {
    JsonWriter w = JsonWriter.create().beginObject().name("users").beginArray();
    w.beginObject().name("lat").value(1.5).endObject();
    w.beginObject().name("lat");
    JsonException e = assertThrows(JsonException.class, () -> w.value(Double.NaN));
    assertEquals("$.users[1].lat", e.path());
    JsonWriter a = JsonWriter.create().beginArray().value(1).value(2);
    assertEquals("$[2]", assertThrows(JsonException.class, () -> a.value(Double.POSITIVE_INFINITY)).path());
    assertEquals("$", assertThrows(JsonException.class, () -> JsonWriter.create().value(Double.NaN)).path());
  }

  @Test
  void topLevelValuesAreWrittenOnePerLine() {
    JsonWriter w = JsonWriter.create();
    w.beginObject().name("a").value(1).endObject().beginObject().name("a").value(2).endObject();
    assertEquals("{\"a\":1}\n{\"a\":2}", w.toString());
  }

  @Test
  void streamsThroughASmallBufferWithHugeStrings() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    String big = "é\"x".repeat(100_000);
    JsonWriter w = JsonWriter.options().bufferSize(64).to(out);
    w.beginArray().value(big).value(1.5).endArray();
    w.close();
    JsonArray a = Json.parse(out.toByteArray()).asArray();
    assertEquals(big, a.get(0).asString());
    assertEquals(1.5, a.get(1).asNumber().doubleValue());
    assertEquals(out.size(), w.size());
  }

  @Test
  void prettyPrints() {
    JsonValue v = Json.parse("{\"a\":[1,{\"b\":null}],\"c\":{},\"d\":[]}");
    String pretty = Json.builder().indent("  ").build().writeString(v);
    assertEquals("{\n  \"a\": [\n    1,\n    {\n      \"b\": null\n    }\n  ],\n  \"c\": {},\n  \"d\": []\n}", pretty);
    assertEquals(v, Json.parse(pretty));
  }

  @Test
  void topLevelValuesCountsTheValuesOfASequenceUntilReset() {
    JsonWriter w = JsonWriter.create();
    assertEquals(0, w.topLevelValues());
    w.beginObject().name("a").beginArray().value(1).value(2).endArray().endObject();
    assertEquals(1, w.topLevelValues());
    w.value("x").nullValue().rawValue(new byte[] {'7'}, 0, 1);
    assertEquals(4, w.topLevelValues());
    assertEquals("{\"a\":[1,2]}\n\"x\"\nnull\n7", w.toString());
    w.reset();
    assertEquals(0, w.topLevelValues());
  }

  @Test
  void aNullNameSaysSoCompactOrPretty() {
    for (JsonWriter w : new JsonWriter[] {JsonWriter.create(), Json.builder().indent("  ").build().writer()}) {
      w.beginObject();
      NullPointerException e = assertThrows(NullPointerException.class, () -> w.name((String) null));
      assertEquals("a member name cannot be null", e.getMessage());
    }
  }

  @Test
  void preEncodedNames() {
    byte[] id = "id".getBytes(StandardCharsets.UTF_8);
    JsonWriter w = JsonWriter.create().beginObject().name(id).value(1).name(id).value(2).endObject();
    assertArrayEquals("{\"id\":1,\"id\":2}".getBytes(StandardCharsets.UTF_8), w.toByteArray());
  }

  /**
   * Names of every length around the two-word form (up to 15 bytes with quotes and colon, 16
   * with the comma), first and later in an object, by String and by JsonNames with each kind of
   * member value, come out as the plain StringBuilder text says; and in a writer grown from its
   * smallest buffer, so the word stores meet the buffer's end.
   */
  @Test
  void namesOfEveryLengthWrittenEveryWay() {
    for (int len = 0; len <= 20; len++) {
      StringBuilder nb = new StringBuilder();
      for (int k = 0; k < len; k++) {
        nb.append((char) ('a' + k % 26));
      }
      String name = nb.toString();
      String other = name + "\u00e9"; // not ASCII: two UTF-8 bytes
      JsonNames names = JsonNames.of(name, other);
      String expected = "{\"" + name + "\":1,\"" + other + "\":\"s\",\"" + name + "\":2.5,\"" + other + "\":true,\""
          + name + "\":[],\"" + other + "\":null}";
      JsonWriter byString = JsonWriter.create().beginObject().name(name).value(1).name(other).value("s")
          .name(name).value(2.5).name(other).value(true).name(name).beginArray().endArray().name(other).nullValue()
          .endObject();
      assertEquals(expected, byString.toString(), "by String, length " + len);
      JsonWriter byNames = JsonWriter.create().beginObject().member(names, 0, 1L).member(names, 1, "s")
          .member(names, 0, 2.5).member(names, 1, true).name(names, 0).beginArray().endArray().name(names, 1).nullValue()
          .endObject();
      assertEquals(expected, byNames.toString(), "by JsonNames, length " + len);
      for (int fill = 0; fill < 80; fill++) { // the name written at every distance from the buffer's end
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonWriter w = new JsonWriter(out, 64, null, false, false, 1000).beginArray();
        w.value("x".repeat(fill)).beginObject().name(names, 0).value(1).name(name).value(2).endObject().endArray().flush();
        assertEquals("[\"" + "x".repeat(fill) + "\",{\"" + name + "\":1,\"" + name + "\":2}]",
            out.toString(StandardCharsets.UTF_8), "length " + len + ", after " + fill);
      }
    }
  }

  @Test
  void aStringMemberInOneCallIsNameThenValue() {
    String[] names = {"", "a", "event", "$insert_id", "fifteen-bytes--", "a name of more than thirty-two chars",
        "caf\u00e9", "q\"t", "</x>"};
    String[] values = {"", "v", "purchase", "tab\there", "caf\u00e9 \u20ac", "</script>", null};
    for (int kind = 0; kind < 4; kind++) {
      for (String name : names) {
        for (String value : values) {
          String oneCall = written(kind, w -> w.beginObject().member(name, value).member(name, value)
              .name("o").beginObject().member(name, value).endObject().endObject());
          String twoCalls = written(kind, w -> w.beginObject().name(name).value(value).name(name).value(value)
              .name("o").beginObject().name(name).value(value).endObject().endObject());
          assertEquals(twoCalls, oneCall, "writer " + kind + ", " + name + " = " + value);
        }
        for (long v : new long[] {0, 7, -42, Long.MIN_VALUE, Long.MAX_VALUE}) {
          assertEquals(written(kind, w -> w.beginObject().name(name).value(v).name(name).value(v).endObject()),
              written(kind, w -> w.beginObject().member(name, v).member(name, v).endObject()), name + " = " + v);
        }
        for (double v : new double[] {0.1, -0.0, 1e21, Double.MIN_VALUE, 41.074136711612084}) {
          assertEquals(written(kind, w -> w.beginObject().name(name).value(v).name(name).value(v).endObject()),
              written(kind, w -> w.beginObject().member(name, v).member(name, v).endObject()), name + " = " + v);
        }
        assertEquals(written(kind, w -> w.beginObject().name(name).value(true).name(name).value(false).endObject()),
            written(kind, w -> w.beginObject().member(name, true).member(name, false).endObject()), name);
        // Parsed tree values, which hold their own bytes, with names at every distance from the
        // end of the stream writer's 64-byte buffer.
        JsonValue tree = Json.parse("[\"s\",\"caf\u00e9 \\n\",12,-7.25e3,1.0,true,null,\"" + "x".repeat(40) + "\"]");
        List<JsonValue> treeValues = new ArrayList<>(((JsonArray) tree).asList());
        for (String built : new String[] {"s", "caf\u00e9 \n\"", "</x>\u2028", "x".repeat(70), ""}) {
          treeValues.add(JsonString.of(built)); // made from a String: no bytes of its own
        }
        treeValues.add(JsonArray.builder().add("a").build());
        for (JsonValue v : treeValues) {
          for (int fill = 0; fill < 40; fill += 3) {
            String pad = "p".repeat(fill);
            assertEquals(
                written(kind, w -> w.beginArray().value(pad).beginObject().name(name).value(v).name(name).value(v).endObject().endArray()),
                written(kind, w -> w.beginArray().value(pad).beginObject().member(name, v).member(name, v).endObject().endArray()),
                name + " = " + v + ", after " + fill);
          }
        }
      }
    }
    JsonException nan = assertThrows(JsonException.class,
        () -> JsonWriter.create().beginObject().name("o").beginObject().member("x", Double.NaN));
    assertEquals("$.o.x", nan.path());
    assertThrows(IllegalStateException.class, () -> JsonWriter.create().beginArray().member("a", 1L));
    assertThrows(IllegalStateException.class, () -> JsonWriter.create().beginArray().member("a", 1.5));
    assertThrows(IllegalStateException.class, () -> JsonWriter.create().beginArray().member("a", true));
    // Where a name may not stand, the same error as name().
    assertThrows(IllegalStateException.class, () -> JsonWriter.create().beginArray().member("a", "v"));
    assertThrows(IllegalStateException.class, () -> JsonWriter.create().member("a", "v"));
    assertThrows(IllegalStateException.class, () -> JsonWriter.create().beginObject().name("a").member("b", "v"));
    assertThrows(NullPointerException.class, () -> JsonWriter.create().beginObject().member(null, "v"));
    // The path after it is the path after name().value().
    JsonWriter w = JsonWriter.create().beginObject().member("a", "v").name("b");
    assertEquals("$.b", w.path());
    JsonWriter nested = JsonWriter.create().beginObject().name("o").beginObject().member("a", "v");
    assertEquals("$.o", nested.path());
  }

  /**
   * What {@code body} writes with a writer of {@code kind}: compact, pretty, with the optional
   * escapes, or compact to a stream through a 64-byte buffer.
   */
  private static String written(int kind, java.util.function.Consumer<JsonWriter> body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JsonWriter w;
    switch (kind) {
      case 0:
        w = JsonWriter.create();
        break;
      case 1:
        w = JsonWriter.options().indent("  ").create();
        break;
      case 2:
        w = JsonWriter.options().escapeSlash(true).escapeLineSeparators(true).create();
        break;
      default:
        w = new JsonWriter(out, 64, null, false, false, 1000);
    }
    body.accept(w);
    if (kind < 3) {
      return w.toString();
    }
    w.flush();
    return out.toString(StandardCharsets.UTF_8);
  }
}
