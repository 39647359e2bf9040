package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** nextField and nextString: the codec paths, which must agree with next() in every case. */
class FieldReadingTest {
  static final JsonNames NAMES =
      JsonNames.of("id", "name", "favoriteFruit", "aVeryLongMemberName", "caf\u00e9", "q\"t");

  /** Reads every member with nextField, expecting the declared order, and lists what it saw. */
  static List<String> walk(JsonReader r) {
    return walk(r, false, false);
  }

  /**
   * The same, with nextFieldInOrder when {@code inOrder}, which also takes the name after the
   * expected one; and when {@code oneCall}, as generated codecs read, a string member and its name
   * in one call where it can.
   */
  static List<String> walk(JsonReader r, boolean inOrder, boolean oneCall) {
    List<String> seen = new ArrayList<>();
    assertEquals(JsonToken.BEGIN_OBJECT, r.next());
    int next = 0;
    while (true) {
      if (oneCall && next < NAMES.size()) { // as codecs call it
        String s = r.nextStringMember(NAMES.key(next));
        if (!JsonReader.notThisMember(s)) {
          assertEquals(JsonToken.STRING, r.token());
          seen.add(next + ":" + r.currentName() + "=" + s);
          next++;
          continue;
        }
      }
      int f = inOrder ? r.nextFieldInOrder(NAMES, next) : r.nextField(NAMES, next);
      if (f == JsonReader.END_OF_OBJECT) {
        break;
      }
      String name = r.getName();
      seen.add((f == JsonReader.OTHER_NAME ? "other:" : f + ":") + name + "=" + r.nextString());
      if (f >= 0) {
        next = f + 1;
      }
    }
    assertEquals(JsonToken.END_OBJECT, r.token());
    return seen;
  }

  static JsonReader[] readers(String json) {
    byte[] b = json.getBytes(StandardCharsets.UTF_8);
    return new JsonReader[] {
      JsonReader.of(b), JsonReader.of(new OneByteInputStream(b)), JsonReader.of(new ByteArrayInputStream(b))
    };
  }

  @Test
  void inOrderNamesAreRecognisedInCompactAndPrettyInput() {
    List<String> want = List.of("0:id=1", "1:name=n", "2:favoriteFruit=f", "3:aVeryLongMemberName=l", "4:caf\u00e9=c", "5:q\"t=q");
    String compact = "{\"id\":\"1\",\"name\":\"n\",\"favoriteFruit\":\"f\",\"aVeryLongMemberName\":\"l\",\"caf\u00e9\":\"c\",\"q\\\"t\":\"q\"}";
    String pretty = "{ \"id\" : \"1\",\n \"name\": \"n\" , \"favoriteFruit\":\"f\",\"aVeryLongMemberName\" :\"l\",\"caf\\u00e9\":\"c\",\"q\\\"t\":\"q\" }";
    for (String doc : new String[] {compact, pretty}) {
      for (JsonReader r : readers(doc)) {
        assertEquals(want, walk(r), doc);
      }
    }
  }

  @Test
  void otherNamesAndPrefixesAreNotTakenForTheExpectedOne() {
    String doc = "{\"i\":\"a\",\"idx\":\"b\",\"id\":\"c\",\"nam\":\"d\",\"name\":null,\"favoriteFruitX\":\"e\"}";
    for (JsonReader r : readers(doc)) {
      assertEquals(List.of("other:i=a", "other:idx=b", "0:id=c", "other:nam=d", "1:name=null", "other:favoriteFruitX=e"), walk(r));
    }
  }

  @Test
  void inOrderReadingTakesTheNameAfterTheExpectedOneWhenAMemberIsLeftOut() {
    // id, then favoriteFruit with name left out, then q"t with two left out (not the one after).
    String doc = "{\"id\":\"1\",\"favoriteFruit\":\"f\",\"q\\\"t\":\"q\",\"name\":\"n\"}";
    JsonReader r = JsonReader.of(doc);
    r.next();
    assertEquals(0, r.nextFieldInOrder(NAMES, 0));
    assertEquals("1", r.nextString());
    assertEquals(2, r.nextFieldInOrder(NAMES, 1));
    assertEquals("$.favoriteFruit", r.path());
    assertEquals("favoriteFruit", r.getName());
    assertEquals("f", r.nextString());
    assertEquals(JsonReader.OTHER_NAME, r.nextFieldInOrder(NAMES, 3));
    assertEquals("q\"t", r.getName());
    assertEquals("q", r.nextString());
    // nextField keeps its contract: only the expected name, or OTHER_NAME.
    assertEquals(JsonReader.OTHER_NAME, r.nextField(NAMES, 0));
    assertEquals("name", r.getName());
    assertEquals("n", r.nextString());
    assertEquals(JsonReader.END_OF_OBJECT, r.nextFieldInOrder(NAMES, 6));
    // Pretty input goes the general way: the expected name, or OTHER_NAME.
    for (JsonReader p : readers("{ \"id\": \"1\", \"name\": \"n\" }")) {
      p.next();
      assertEquals(JsonReader.OTHER_NAME, p.nextFieldInOrder(NAMES, 1));
      assertEquals("id", p.getName());
    }
  }

  /**
   * Reads the document as a codec would, with nextFieldInOrder for the names of objects when
   * {@code inOrder}, else with next() alone, and lists each token with the reader's depth, offset
   * and path after it.
   */
  static List<String> trace(JsonReader r, boolean inOrder) {
    List<String> out = new ArrayList<>();
    note(r, r.next(), out);
    traceValue(r, inOrder, out);
    note(r, r.next(), out);
    return out;
  }

  private static void note(JsonReader r, JsonToken t, List<String> out) {
    out.add(t + "@" + r.depth() + "," + r.offset() + "," + r.path());
  }

  private static void traceValue(JsonReader r, boolean inOrder, List<String> out) {
    if (r.token() == JsonToken.BEGIN_OBJECT) {
      while (true) {
        JsonToken t;
        if (inOrder) {
          int f = r.nextFieldInOrder(NAMES, 0);
          t = f == JsonReader.END_OF_OBJECT ? JsonToken.END_OBJECT : JsonToken.NAME;
          assertEquals(t, r.token());
        } else {
          t = r.next();
        }
        note(r, t, out);
        if (t == JsonToken.END_OBJECT) {
          return;
        }
        note(r, r.next(), out);
        traceValue(r, inOrder, out);
      }
    } else if (r.token() == JsonToken.BEGIN_ARRAY) {
      JsonToken t;
      while ((t = r.next()) != JsonToken.END_ARRAY) {
        note(r, t, out);
        traceValue(r, inOrder, out);
      }
      note(r, t, out);
    }
  }

  @Test
  void theClosingBraceIsTakenAsNextTakesIt() {
    String[] docs = {
      "[{\"id\":\"1\"},{},{\"id\":{\"name\":\"n\"},\"x\":\"2\"},{\"id\":{}}]",
      "[ {\"id\":\"1\" } , { } ,{\"id\": {\"name\":\"n\"\n},\"x\":\"2\"}]",
      "{\"id\":{\"id\":\"1\"},\"name\":{}}",
    };
    for (String doc : docs) {
      JsonReader[] plain = readers(doc); // of each source, as a stream reader sees less ahead
      JsonReader[] codec = readers(doc);
      for (int i = 0; i < plain.length; i++) {
        assertEquals(trace(plain[i], false), trace(codec[i], true), doc + ", source " + i);
      }
    }
    // After the brace the reader expects what follows an object, as next() would.
    JsonReader r = JsonReader.of("{\"id\":\"1\"}}");
    r.next();
    assertEquals(0, r.nextFieldInOrder(NAMES, 0));
    assertEquals("1", r.nextString());
    assertEquals(JsonReader.END_OF_OBJECT, r.nextFieldInOrder(NAMES, 1));
    assertEquals(0, r.depth());
    JsonException e = assertThrows(JsonException.class, r::next);
    assertTrue(e.getMessage().contains("end of the input"), e.getMessage());
    JsonReader mismatched = JsonReader.of("[{\"id\":\"1\"]");
    mismatched.next();
    mismatched.next();
    assertEquals(0, mismatched.nextFieldInOrder(NAMES, 0));
    mismatched.nextString();
    assertThrows(JsonException.class, () -> mismatched.nextFieldInOrder(NAMES, 1));
    // A brace after a comma is a trailing comma: an error unless allowed.
    for (Json json : new Json[] {Json.DEFAULT, Json.builder().allowTrailingCommas(true).build()}) {
      byte[] trailing = "{\"id\":\"1\",}".getBytes(StandardCharsets.UTF_8);
      JsonReader t = json.reader(trailing, 0, trailing.length);
      t.next();
      assertEquals(0, t.nextFieldInOrder(NAMES, 0));
      t.nextString();
      if (json == Json.DEFAULT) {
        assertThrows(JsonException.class, () -> t.nextFieldInOrder(NAMES, 1));
      } else {
        assertEquals(JsonReader.END_OF_OBJECT, t.nextFieldInOrder(NAMES, 1));
        assertEquals(JsonToken.END_DOCUMENT, t.next());
      }
    }
  }

  @Test
  void stringMembersReadWithTheirNamesAgreeWithNextField() {
    String[] docs = {
      "{\"id\":\"1\",\"name\":\"n\",\"favoriteFruit\":\"f\",\"aVeryLongMemberName\":\"l\",\"caf\u00e9\":\"c\",\"q\\\"t\":\"q\"}",
      "{ \"id\" : \"1\",\n \"name\": \"n\" , \"favoriteFruit\":\"f\",\"aVeryLongMemberName\" :\"l\",\"caf\\u00e9\":\"c\",\"q\\\"t\":\"q\" }",
      // escaped and non-ASCII values, a null, a value too long for one word, names out of order
      "{\"id\":\"a\\\"b\\u00e9\",\"name\":\"Zo\u00eb \u4e16\u754c\",\"favoriteFruit\":null,\"aVeryLongMemberName\":\"0123456789abcdefghij\"}",
      "{\"name\":\"n\",\"id\":\"1\",\"idx\":\"x\",\"favoriteFruit\":\"f\",\"name\":\"again\"}",
      "{\"id\":\"\",\"name\":\"\"}",
      "{}"
    };
    for (String doc : docs) {
      // Each against the same kind of reader: where the bytes at hand are too few for the word
      // compares (a stream's buffer end), nextFieldInOrder takes only the expected name.
      JsonReader[] reference = readers(doc);
      JsonReader[] tried = readers(doc);
      for (int k = 0; k < tried.length; k++) {
        assertEquals(walk(reference[k], true, false), walk(tried[k], true, true), doc);
      }
    }
  }

  @Test
  void aStringMemberThatCannotBeReadInOneCallChangesNothing() {
    // another name, a null, a number, a space before the colon or after it (each followed by a
    // member long enough for the 18 bytes the one-call path looks at), the end
    String pad = ",\"pad\":\"................\"}";
    String[] docs = {"{\"idx\":\"1\"" + pad, "{\"id\":null" + pad, "{\"id\":1" + pad, "{\"id\" :\"1\"" + pad, "{\"id\": \"1\"" + pad, "{}"};
    for (String doc : docs) {
      JsonReader r = JsonReader.of(doc);
      r.next();
      assertTrue(JsonReader.notThisMember(r.nextStringMember(NAMES.key(0))), doc);
      assertEquals(JsonToken.BEGIN_OBJECT, r.token(), doc);
      JsonReader reference = JsonReader.of(doc);
      reference.next();
      assertEquals(walkRest(reference), walkRest(r), doc);
    }
    JsonReader array = JsonReader.of("[\"id\",\"x\"]");
    array.next();
    assertTrue(JsonReader.notThisMember(array.nextStringMember(NAMES.key(0))));
    assertEquals("id", array.nextString());
    JsonReader object = JsonReader.of("{\"id\":\"1\",\"pad\":\"................\"}");
    object.next();
    assertThrows(IndexOutOfBoundsException.class, () -> NAMES.key(-1));
    assertThrows(IndexOutOfBoundsException.class, () -> NAMES.key(NAMES.size()));
    assertEquals("1", object.nextStringMember(NAMES.key(0)));
  }

  @Test
  void malformedInputFailsWhenStringMembersAreReadInOneCall() {
    String pad = ",\"pad\":\"................\"}";
    String[] docs = {"{\"id\",\"1\"", "{\"id\"\"1\"", "{\"id\":\"1\" \"name\":\"n\"", "{\"id\":\"1\",,\"name\":\"n\"", "{\"id\":\"1"};
    for (String doc : docs) {
      for (JsonReader r : readers(doc + pad)) {
        assertThrows(JsonException.class, () -> walk(r, true, true), doc);
      }
    }
  }

  /** The rest of an object whose '{' has been read, as walk lists it. */
  static List<String> walkRest(JsonReader r) {
    List<String> seen = new ArrayList<>();
    int next = 0;
    for (int f = r.nextField(NAMES, next); f != JsonReader.END_OF_OBJECT; f = r.nextField(NAMES, next)) {
      String name = r.getName();
      JsonToken t = r.next();
      String value = t == JsonToken.STRING ? r.getString() : t == JsonToken.NULL ? null : r.getNumberText();
      seen.add((f == JsonReader.OTHER_NAME ? "other:" : f + ":") + name + "=" + value);
      if (f >= 0) {
        next = f + 1;
      }
    }
    return seen;
  }

  @Test
  void theReaderKnowsWhereItIsAfterAStringMember() {
    // Each document ends with a member long enough for the one-call path to look at 18 bytes.
    String pad = ",\"pad\":\"................\"}";
    JsonReader r = JsonReader.of("{\"id\":\"1\",\"name\":5" + pad);
    r.next();
    assertEquals("1", r.nextStringMember(NAMES.key(0)));
    assertEquals("$.id", r.path());
    assertEquals("id", r.currentName());
    assertEquals("1", r.getString());
    assertTrue(JsonReader.notThisMember(r.nextStringMember(NAMES.key(1))));
    assertEquals(1, r.nextFieldInOrder(NAMES, 1));
    JsonException e = assertThrows(JsonException.class, r::nextString);
    assertEquals("$.name", e.path());

    JsonReader bad = JsonReader.of("{\"id\":\"1\",\"name\":\"a\u0001b\"" + pad);
    bad.next();
    assertEquals("1", bad.nextStringMember(NAMES.key(0)));
    JsonException control = assertThrows(JsonException.class, () -> bad.nextStringMember(NAMES.key(1)));
    assertEquals("$.name", control.path());
    assertTrue(control.getMessage().contains("control character"), control.getMessage());
  }

  @Test
  void limitsHoldWhenAStringMemberIsReadWithItsName() {
    String pad = ",\"pad\":\"................\"}"; // room for the one-call path's 18 bytes
    Json tight = Json.builder().maxMembers(1).build();
    JsonReader r = tight.reader(("{\"id\":\"1\",\"name\":\"n\"" + pad).getBytes(StandardCharsets.UTF_8));
    r.next();
    assertEquals("1", r.nextStringMember(NAMES.key(0)));
    JsonException members = assertThrows(JsonException.class, () -> r.nextStringMember(NAMES.key(1)));
    assertTrue(members.getMessage().contains("maxMembers"), members.getMessage());

    Json shortStrings = Json.builder().maxStringLength(2).build();
    JsonReader s = shortStrings.reader(("{\"id\":\"12\",\"name\":\"abc\"" + pad).getBytes(StandardCharsets.UTF_8));
    s.next();
    assertEquals("12", s.nextStringMember(NAMES.key(0)));
    JsonException string = assertThrows(JsonException.class, () -> s.nextStringMember(NAMES.key(1)));
    assertTrue(string.getMessage().contains("maxStringLength"), string.getMessage());

    Json shortNames = Json.builder().maxNameLength(3).build();
    JsonReader n = shortNames.reader(("{\"name\":\"n\"" + pad).getBytes(StandardCharsets.UTF_8));
    n.next();
    assertTrue(JsonReader.notThisMember(n.nextStringMember(NAMES.key(1))));
    JsonException name = assertThrows(JsonException.class, () -> n.nextFieldInOrder(NAMES, 1));
    assertTrue(name.getMessage().contains("maxNameLength"), name.getMessage());
  }

  @Test
  void theReaderKnowsWhereItIsAfterAFastName() {
    JsonReader r = JsonReader.of("{\"id\":\"1\",\"name\":5}");
    r.next();
    assertEquals(0, r.nextField(NAMES, 0));
    assertEquals("$.id", r.path());
    assertEquals("id", r.currentName());
    assertEquals("1", r.nextString());
    assertEquals(1, r.nextField(NAMES, 1));
    JsonException e = assertThrows(JsonException.class, r::nextString);
    assertEquals("$.name", e.path());
    assertTrue(e.getMessage().startsWith("expected a string but found a number"), e.getMessage());
  }

  @Test
  void limitsHoldOnTheFastPath() {
    Json tight = Json.builder().maxMembers(1).build();
    JsonReader r = tight.reader("{\"id\":\"1\",\"name\":\"n\"}".getBytes(StandardCharsets.UTF_8));
    r.next();
    assertEquals(0, r.nextField(NAMES, 0));
    r.nextString();
    JsonException e = assertThrows(JsonException.class, () -> r.nextField(NAMES, 1));
    assertTrue(e.getMessage().contains("maxMembers"), e.getMessage());

    Json shortNames = Json.builder().maxNameLength(3).build();
    JsonReader s = shortNames.reader("{\"name\":\"n\"}".getBytes(StandardCharsets.UTF_8));
    s.next();
    JsonException tooLong = assertThrows(JsonException.class, () -> s.nextField(NAMES, 1));
    assertTrue(tooLong.getMessage().contains("maxNameLength"), tooLong.getMessage());
  }

  @Test
  void malformedInputFailsAsNextWould() {
    for (String doc : new String[] {"{\"id\" \"1\"}", "{\"id\":\"1\" \"name\":\"n\"}", "{\"id\":\"1\",}", "{\"id\":\"1\"", "{id:1}"}) {
      JsonReader r = JsonReader.of(doc);
      assertThrows(JsonException.class, () -> walk(r), doc);
    }
  }

  @Test
  void nextFieldOutsideAnObjectIsAMistakeOfTheCaller() {
    JsonReader r = JsonReader.of("[\"id\"]");
    r.next();
    assertThrows(IllegalStateException.class, () -> r.nextField(NAMES, 0));
    JsonReader top = JsonReader.of("{\"id\":1}");
    assertThrows(IllegalStateException.class, () -> top.nextField(NAMES, 0));
  }

  @Test
  void nextStringReadsStringsAndNullAnywhere() {
    JsonReader r = JsonReader.of("[\"a\",null,\"\\u00e9\",\"\u00e9\",1]");
    r.next();
    assertEquals("a", r.nextString());
    assertNull(r.nextString());
    assertEquals("\u00e9", r.nextString());
    assertEquals("\u00e9", r.nextString());
    JsonException e = assertThrows(JsonException.class, r::nextString);
    assertEquals("$[4]", e.path());
    assertEquals("x", JsonReader.of("\"x\"").nextString());
  }

  @Test
  void nextStringElementGivesStringsAndLeavesEveryOtherTokenToToken() {
    String doc = "[\"a\",\"\\u00e9\", \"\u00e9\" ,null,[\"in\"],{\"k\":\"v\"},\"\"]";
    for (JsonReader r : readers(doc)) {
      assertNull(r.nextStringElement()); // at the top: next(), which gives '['
      assertEquals(JsonToken.BEGIN_ARRAY, r.token());
      assertEquals("a", r.nextStringElement());
      assertEquals(JsonToken.STRING, r.token());
      assertEquals("$[0]", r.path());
      assertEquals("\u00e9", r.nextStringElement());
      assertEquals("\u00e9", r.nextStringElement()); // after white space: the general step
      assertNull(r.nextStringElement());
      assertEquals(JsonToken.NULL, r.token());
      assertNull(r.nextStringElement());
      assertEquals(JsonToken.BEGIN_ARRAY, r.token());
      assertEquals("in", r.nextStringElement());
      assertEquals("$[4][0]", r.path());
      assertNull(r.nextStringElement());
      assertEquals(JsonToken.END_ARRAY, r.token());
      assertNull(r.nextStringElement());
      assertEquals(JsonToken.BEGIN_OBJECT, r.token());
      assertNull(r.nextStringElement()); // a member name is not a string element
      assertEquals(JsonToken.NAME, r.token());
      assertEquals("v", r.nextStringElement()); // a member's value: as next(), then its text
      assertNull(r.nextStringElement());
      assertEquals(JsonToken.END_OBJECT, r.token());
      assertEquals("", r.nextStringElement());
      assertNull(r.nextStringElement());
      assertEquals(JsonToken.END_ARRAY, r.token());
      assertNull(r.nextStringElement());
      assertEquals(JsonToken.END_DOCUMENT, r.token());
    }
  }

  @Test
  void nextStringElementKeepsTheLimitsAndErrorsOfNext() {
    Json json = Json.builder().maxMembers(2).maxStringLength(3).build();
    JsonReader r = json.reader("[\"a\",\"b\",\"c\"]".getBytes(StandardCharsets.UTF_8));
    r.next();
    r.nextStringElement();
    r.nextStringElement();
    JsonException tooMany = assertThrows(JsonException.class, r::nextStringElement);
    JsonReader byNext = json.reader("[\"a\",\"b\",\"c\"]".getBytes(StandardCharsets.UTF_8));
    byNext.next();
    byNext.next();
    byNext.next();
    assertEquals(assertThrows(JsonException.class, byNext::next).getMessage(), tooMany.getMessage());
    JsonReader longString = json.reader("[\"abcd\"]".getBytes(StandardCharsets.UTF_8));
    longString.next();
    JsonException e = assertThrows(JsonException.class, longString::nextStringElement);
    assertTrue(e.getMessage().contains("maxStringLength"), e.getMessage());
    assertEquals("$[0]", e.path());
    JsonReader unclosed = JsonReader.of("[\"a\",\"b");
    unclosed.next();
    assertEquals("a", unclosed.nextStringElement());
    assertThrows(JsonException.class, unclosed::nextStringElement);
  }

  @Test
  void literalsAreCheckedWholeOnTheFastPath() {
    for (String bad : new String[] {"[trux,1,2,3]", "[fals ,1,2,3]", "[nul1,1,2,3]", "[tru", "[nulL]", "[falsey ]"}) {
      assertThrows(JsonException.class, () -> Json.parse(bad), bad);
    }
    assertEquals(Json.parse("[true,false,null]"), Json.parse("[true,false,null]   "));
    JsonReader r = JsonReader.of("{\"a\":true,\"b\":false,\"c\":null}");
    r.next();
    r.next();
    assertEquals(JsonToken.TRUE, r.next());
    r.next();
    assertEquals(JsonToken.FALSE, r.next());
    r.next();
    assertEquals(JsonToken.NULL, r.next());
  }

  @Test
  void fusedNumberAndBooleanGettersAgreeWithNextAndGet() {
    String doc = "{\"i\":-12,\"l\":9223372036854775807,\"d\":41.074136711612084,\"t\":true,\"f\":false,"
        + "\"e\":1e3,\"pretty\" : 7 ,\"arr\":[1,2.5,true]}";
    for (JsonReader r : readers(doc)) {
      r.next();
      r.next();
      assertEquals(-12, r.nextInt());
      r.next();
      assertEquals(Long.MAX_VALUE, r.nextLong());
      r.next();
      assertEquals(41.074136711612084, r.nextDouble());
      r.next();
      assertTrue(r.nextBoolean());
      r.next();
      assertEquals(false, r.nextBoolean());
      r.next();
      assertEquals(1000, r.nextInt());
      r.next();
      assertEquals(7, r.nextInt());
      r.next();
      r.next();
      assertEquals(1L, r.nextLong());
      assertEquals(2.5, r.nextDouble());
      assertTrue(r.nextBoolean());
      assertEquals(JsonToken.END_ARRAY, r.next());
    }
  }

  @Test
  void nextIntAgreesWithNextThenGetIntForEveryShapeOfNumber() {
    List<String> numbers = new ArrayList<>(List.of("0", "00", "01", "-0", "-01", "-", "-a", "1a", "7",
        "2147483647", "-2147483648", "2147483648", "-2147483649", "999999999", "1000000000",
        "-999999999", "12.5", "3e2", "4E+1", "5.", "6.0e1", "123456789012345678901"));
    java.util.Random random = new java.util.Random(5);
    for (int i = 0; i < 400; i++) {
      StringBuilder n = new StringBuilder(random.nextBoolean() ? "-" : "");
      int digits = 1 + random.nextInt(12);
      n.append((char) ('1' + random.nextInt(9)));
      for (int d = 1; d < digits; d++) {
        n.append((char) ('0' + random.nextInt(10)));
      }
      numbers.add(n.toString());
    }
    String[] after = {",\"z\":[1,2,3,4,5]}", "}", " }", "\n}", "]", "", ",\"z\":1}                "};
    for (String number : numbers) {
      for (String tail : after) {
        String doc = "{\"a\":" + number + tail;
        JsonReader fused = JsonReader.of(doc);
        JsonReader plain = JsonReader.of(doc);
        fused.next();
        fused.next();
        plain.next();
        plain.next();
        String a = outcome(fused::nextInt, fused);
        String b = outcome(() -> {
          plain.next();
          return plain.getInt();
        }, plain);
        assertEquals(b, a, doc);
        if (a.startsWith("ok")) {
          assertEquals(rest(plain), rest(fused), doc);
        }
      }
    }
    // At the top, where a value is expected too, the short paths end the document.
    JsonReader top = JsonReader.of("123456789            ");
    assertEquals(123456789, top.nextInt());
    assertEquals(JsonToken.END_DOCUMENT, top.next());
    JsonReader topText = JsonReader.of("\"abc\"");
    assertEquals("abc", topText.nextString());
    assertEquals(JsonToken.END_DOCUMENT, topText.next());
    JsonReader topTrue = JsonReader.of("true        ");
    assertTrue(topTrue.nextBoolean());
    JsonReader two = JsonReader.of("1 2        ");
    assertEquals(1, two.nextInt());
    assertThrows(JsonException.class, two::next); // trailing garbage after the value
    JsonReader r = JsonReader.of("{\"a\":12.5}");
    r.next();
    r.next();
    JsonException e = assertThrows(JsonException.class, r::nextInt);
    assertTrue(e.getMessage().startsWith("expected an int (the number 12.5 is not an integer in range)"),
        e.getMessage());
  }

  /** The value or the error of {@code read}, and the current token's text and numbers after it. */
  private static String outcome(java.util.function.IntSupplier read, JsonReader r) {
    try {
      int v = read.getAsInt();
      return "ok " + v + " " + r.getNumberText() + " " + r.getLong() + " " + r.getBigDecimal() + " "
          + r.isIntegral();
    } catch (JsonException e) {
      return "error " + e.getMessage() + " at " + e.offset();
    }
  }

  /** The tokens after the current one, or the error that ends them. */
  private static String rest(JsonReader r) {
    StringBuilder sb = new StringBuilder();
    try {
      for (JsonToken t = r.next(); t != JsonToken.END_DOCUMENT; t = r.next()) {
        sb.append(t).append(' ');
      }
    } catch (JsonException e) {
      sb.append("error ").append(e.getMessage());
    }
    return sb.toString();
  }

  @Test
  void fusedGettersFailWithThePathOfTheValue() {
    JsonReader r = JsonReader.of("{\"a\":2147483648,\"b\":\"x\",\"c\":null,\"d\":1.5}");
    r.next();
    r.next();
    JsonException big = assertThrows(JsonException.class, r::nextInt);
    assertEquals("$.a", big.path());
    assertTrue(big.getMessage().contains("an int"), big.getMessage());
    r.next();
    assertEquals("$.b", assertThrows(JsonException.class, r::nextDouble).path());
    r.next();
    assertEquals("$.c", assertThrows(JsonException.class, r::nextBoolean).path());
    r.next();
    assertEquals("$.d", assertThrows(JsonException.class, r::nextLong).path());
  }

  @Test
  void namesWrittenFromJsonNamesEqualNamesWrittenAsStrings() {
    JsonNames names = JsonNames.of("id", "caf\u00e9", "q\"t", "a/b", "line\u2028sep");
    for (String indent : new String[] {null, "  "}) {
      JsonWriter a = JsonWriter.options().indent(indent).create();
      JsonWriter b = JsonWriter.options().indent(indent).create();
      a.beginObject();
      b.beginObject();
      for (int i = 0; i < names.size(); i++) {
        a.name(names, i).value(i);
        b.name(new String(names.utf8(i), StandardCharsets.UTF_8)).value(i);
      }
      a.endObject();
      b.endObject();
      assertEquals(b.toString(), a.toString());
    }
    JsonWriter w = JsonWriter.create();
    assertThrows(IllegalStateException.class, () -> w.name(names, 0));
    JsonWriter path = JsonWriter.create().beginObject().name(names, 1);
    assertEquals("$.caf\u00e9", path.path());
  }
  @Test
  void stringEqualsComparesTheCurrentStringAsItsBytes() {
    byte[] green = "GREEN".getBytes(StandardCharsets.UTF_8);
    byte[] cafe = "caf\u00e9".getBytes(StandardCharsets.UTF_8);
    // plain, escaped, non-ASCII raw and escaped, a prefix, a longer string, and from a stream
    JsonReader r = JsonReader.of("[\"GREEN\",\"GR\\u0045EN\",\"caf\u00e9\",\"caf\\u00e9\",\"GREE\",\"GREENS\",\"\"]"
        .getBytes(StandardCharsets.UTF_8));
    r.next();
    boolean[][] want = {{true, false}, {true, false}, {false, true}, {false, true}, {false, false}, {false, false},
        {false, false}};
    for (boolean[] w : want) {
      assertEquals(JsonToken.STRING, r.next());
      assertEquals(w[0], r.stringEquals(green), r.getString());
      assertEquals(w[1], r.stringEquals(cafe), r.getString());
    }
    JsonReader s = JsonReader.of(new OneByteInputStream("{\"k\":\"GREEN\"}".getBytes(StandardCharsets.UTF_8)));
    s.next();
    assertEquals(JsonToken.NAME, s.next());
    assertThrows(JsonException.class, () -> s.stringEquals(green), "a name is not a string");
    s.next();
    assertTrue(s.stringEquals(green));
  }
  /**
   * nextFieldInOrder past a gap of more than one member, and back to an earlier one: in compact
   * input it names any of the names (recognised by their words); in input with white space, or
   * for a name it does not hold, it says OTHER_NAME, and nameEquals then tells which, as before.
   */
  @Test
  void nextFieldInOrderFindsAnyOfTheNamesInCompactInput() {
    JsonNames names = JsonNames.of("aVeryLongMemberNameIndeed", "height", "size", "sizes", "title", "uri", "width");
    String compact = "{\"width\":1,\"size\":2,\"sizes\":3,\"height\":4,\"aVeryLongMemberNameIndeed\":5,"
        + "\"other\":6,\"uri\":7,\"widths\":8,\"title\":9,\"other\":10}";
    // expected index each time, and what comes back: the name's index, or OTHER_NAME for the long
    // name (not held in words) and for names not among them, and near the end of the input, where
    // two words would reach past it
    int[][] steps = {{1, 6}, {1, 2}, {3, 3}, {4, 1}, {2, JsonReader.OTHER_NAME}, {2, JsonReader.OTHER_NAME},
        {2, 5}, {6, JsonReader.OTHER_NAME}, {0, 4}, {5, JsonReader.OTHER_NAME}};
    String[] seen = {"width", "size", "sizes", "height", "aVeryLongMemberNameIndeed", "other", "uri", "widths", "title", "other"};
    JsonReader r = JsonReader.of(compact.getBytes(StandardCharsets.UTF_8));
    r.next();
    for (int i = 0; i < steps.length; i++) {
      int f = r.nextFieldInOrder(names, steps[i][0]);
      assertEquals(steps[i][1], f, "member " + i);
      assertEquals(JsonToken.NAME, r.token());
      assertEquals(seen[i], r.getName());
      assertEquals(seen[i], r.currentName());
      assertEquals(i + 1L, r.nextLong());
    }
    assertEquals(JsonReader.END_OF_OBJECT, r.nextFieldInOrder(names, 0));
    // The same members with a space after each comma: only the expected two are recognised.
    JsonReader spaced = JsonReader.of(compact.replace(",\"", ", \"").getBytes(StandardCharsets.UTF_8));
    spaced.next();
    assertEquals(6, spaced.nextFieldInOrder(names, 1), "the first member follows '{' directly");
    spaced.nextLong();
    assertEquals(JsonReader.OTHER_NAME, spaced.nextFieldInOrder(names, 1));
    assertTrue(spaced.nameEquals(names, 2));
  }

  @Test
  void namesBeyondTheScannedManyAreFoundTheGeneralWay() {
    String[] many = new String[40];
    for (int i = 0; i < many.length; i++) {
      many[i] = "n" + i;
    }
    JsonNames names = JsonNames.of(many);
    JsonReader r = JsonReader.of("{\"n0\":0,\"n30\":1,\"n39\":2}".getBytes(StandardCharsets.UTF_8));
    r.next();
    assertEquals(0, r.nextFieldInOrder(names, 0));
    r.nextInt();
    assertEquals(JsonReader.OTHER_NAME, r.nextFieldInOrder(names, 1), "40 names: not scanned");
    assertTrue(r.nameEquals(names, 30));
  }
  /**
   * nextInt takes a short path for most member values, and nextLong one through numberAfterName;
   * whatever the number, they must give what next() then getInt() or getLong() give, the same
   * value or the same error, and leave the reader in the same state: the rest of the document
   * reads the same.
   */
  @Test
  void nextIntAndNextLongAgreeWithNextThenGet() {
    String[] numbers = {"0", "-0", "7", "-7", "123456789", "-123456789", "1234567890", "2147483647", "-2147483648",
        "2147483648", "999999999999999999", "-999999999999999999", "1000000000000000000", "9223372036854775807",
        "-9223372036854775808", "9223372036854775808", "01", "-01", "-", "1.5", "1e3", "1E3", "12345.", "1-", "12a",
        "12]", "12 ", "123456"};
    Json small = Json.builder().maxNumberLength(5).build();
    for (Json json : new Json[] {Json.DEFAULT, small}) {
      for (String n : numbers) {
        for (String doc : new String[] {"{\"a\":" + n + ",\"b\":[1,2,3],\"c\":\"padding to make room\"}",
            "{\"a\":" + n + "}", "[" + n + ",\"padding to make room for the short path\"]"}) {
          for (boolean asLong : new boolean[] {false, true}) {
            assertEquals(steps(json, doc, asLong, false), steps(json, doc, asLong, true), doc + (asLong ? " long" : " int"));
          }
        }
      }
    }
  }

  /** Reads doc's first number by nextInt/nextLong (or next() and a getter), then the rest by next(). */
  private static List<String> steps(Json json, String doc, boolean asLong, boolean oneCall) {
    List<String> out = new ArrayList<>();
    JsonReader r = json.reader(doc.getBytes(StandardCharsets.UTF_8));
    try {
      JsonToken first = r.next();
      if (first == JsonToken.BEGIN_OBJECT) {
        r.next(); // the name
      }
      if (oneCall) {
        out.add(String.valueOf(asLong ? r.nextLong() : r.nextInt()));
      } else {
        r.next();
        out.add(String.valueOf(asLong ? r.getLong() : r.getInt()));
      }
      out.add(r.token() + " " + r.getNumberText() + " " + r.currentName());
      for (JsonToken t = r.next(); t != JsonToken.END_DOCUMENT; t = r.next()) {
        out.add(String.valueOf(t));
      }
    } catch (RuntimeException e) {
      out.add(e.getClass().getSimpleName() + ": " + e.getMessage());
    }
    return out;
  }
  /**
   * nextIntMember, a generated codec's first try for an int member, must read what
   * nextFieldInOrder then nextInt read (value or error, and the same tokens after), or change
   * nothing and leave it to them.
   */
  @Test
  void nextIntMemberReadsWhatNextFieldInOrderThenNextIntRead() {
    String[] numbers = {"0", "-0", "7", "-7", "123456789", "-123456789", "1234567890", "2147483647", "-2147483648",
        "9999999999", "01", "-", "1.5", "1e3", "1E3", "12a", "12]", "12 ", "123456", "null", "\"7\"", "[7]"};
    String pad = ",\"c\":\"padding to make room for the short path\"}";
    integerMembersReadAsBefore(numbers, pad, Json.builder().maxNumberLength(5).build(), false);
    JsonReader r = JsonReader.of(("{\"b\":1,\"a\":2" + pad).getBytes(StandardCharsets.UTF_8));
    r.next();
    assertEquals(1, r.nextIntMember(JsonNames.of("b").key(0)));
    assertEquals(JsonReader.NOT_AN_INT_MEMBER, r.nextIntMember(JsonNames.of("a", "b").key(1)), "not this name");
    assertEquals(2, r.nextIntMember(JsonNames.of("a", "b").key(0)));
    assertEquals("a", r.currentName());
    assertEquals("2", r.getNumberText());
    // The second member of an object limited to one: the same error either way.
    Json one = Json.builder().maxMembers(1).build();
    String[] messages = new String[2];
    for (int k = 0; k < 2; k++) {
      JsonReader lim = one.reader(("{\"b\":1,\"a\":2" + pad).getBytes(StandardCharsets.UTF_8));
      lim.next();
      assertEquals(1, lim.nextIntMember(JsonNames.of("b").key(0)));
      boolean oneCall = k == 0;
      messages[k] = assertThrows(JsonException.class,
          () -> {
            if (oneCall) {
              lim.nextIntMember(JsonNames.of("a").key(0));
            } else {
              lim.nextFieldInOrder(JsonNames.of("a"), 0);
            }
          }).getMessage();
    }
    assertEquals(messages[1], messages[0]);
  }

  /** nextLongMember, as nextIntMember: what nextFieldInOrder then nextLong read, or nothing changed. */
  @Test
  void nextLongMemberReadsWhatNextFieldInOrderThenNextLongRead() {
    String[] numbers = {"0", "-0", "7", "-7", "123456789", "1234567890", "-2147483649", "123456789012345678",
        "-123456789012345678", "1234567890123456789", "9223372036854775807", "-9223372036854775808",
        "9223372036854775808", "01", "-", "1.5", "1e3", "12a", "12]", "12 ", "null", "\"7\"", "[7]"};
    String pad = ",\"c\":\"padding to make room for the short path, and more of it\"}";
    integerMembersReadAsBefore(numbers, pad, Json.builder().maxNumberLength(12).build(), true);
    JsonReader r = JsonReader.of(("{\"a\":-123456789012345678" + pad).getBytes(StandardCharsets.UTF_8));
    r.next();
    assertEquals(-123456789012345678L, r.nextLongMember(JsonNames.of("a").key(0)), "18 digits: the short path");
    assertEquals("a", r.currentName());
    assertEquals(-123456789012345678L, r.getLong());
    r = JsonReader.of(("{\"a\":1234567890123456789" + pad).getBytes(StandardCharsets.UTF_8));
    r.next();
    assertEquals(JsonReader.NOT_AN_INT_MEMBER, r.nextLongMember(JsonNames.of("a").key(0)), "19 digits: the general way");
  }

  /**
   * For each number, in six shapes of document, under the default limits, {@code limited} and a
   * limit of one member: an int (or long) member read in one call gives what the general way gives.
   */
  private static void integerMembersReadAsBefore(String[] numbers, String pad, Json limited, boolean asLong) {
    membersReadAsBefore(numbers, pad, limited, r -> {
      long v = asLong ? r.nextLongMember(AB.key(0)) : r.nextIntMember(AB.key(0));
      return v == JsonReader.NOT_AN_INT_MEMBER ? null : v;
    }, r -> asLong ? r.nextLong() : r.nextInt());
  }

  private static final JsonNames AB = JsonNames.of("a", "b");

  /**
   * For each value, in six shapes of document, under the default limits, {@code limited} and a
   * limit of one member: member "a" read by {@code oneCall} (null when it did not read it, and
   * then by the general way) gives what nextFieldInOrder and {@code general} give.
   */
  private static void membersReadAsBefore(String[] values, String pad, Json limited,
      Function<JsonReader, Object> oneCall, Function<JsonReader, Object> general) {
    for (Json json : new Json[] {Json.DEFAULT, limited, Json.builder().maxMembers(1).build()}) {
      for (String n : values) {
        for (String doc : new String[] {"{\"a\":" + n + ",\"b\":[1,2,3]" + pad, "{\"a\":" + n + "}",
            "{\"a\": " + n + pad, "{ \"a\":" + n + pad, "{\"b\":" + n + pad, "{\"b\":0,\"a\":" + n + pad}) {
          assertEquals(memberSteps(json, doc, r -> null, general), memberSteps(json, doc, oneCall, general), doc);
        }
      }
    }
  }

  /**
   * Reads doc's first member the way a generated codec does, by {@code oneCall} or, when that
   * returns null, by nextFieldInOrder and {@code general}; then the rest by next(): the value,
   * the tokens and names, or the error.
   */
  private static List<String> memberSteps(Json json, String doc, Function<JsonReader, Object> oneCall,
      Function<JsonReader, Object> general) {
    List<String> out = new ArrayList<>();
    JsonReader r = json.reader(doc.getBytes(StandardCharsets.UTF_8));
    try {
      r.next();
      Object v = oneCall.apply(r);
      if (v == null) {
        int f = r.nextFieldInOrder(AB, 0);
        out.add(f != 0 ? "field " + f + " " + r.getName() : String.valueOf(general.apply(r)));
      } else {
        out.add(String.valueOf(v));
      }
      out.add(r.token() + " " + r.currentName() + " " + (r.token() == JsonToken.NUMBER ? r.getNumberText() : ""));
      for (JsonToken t = r.next(); t != JsonToken.END_DOCUMENT; t = r.next()) {
        out.add(t + " " + r.currentName());
      }
    } catch (RuntimeException e) {
      out.add(e.getClass().getSimpleName() + ": " + e.getMessage());
    }
    return out;
  }

  /**
   * nextEndOfObject, a generated codec's first try after its last member, must take the closing
   * brace as next() takes it, or change nothing: after every token of each document, trying it
   * first then going on with next() gives the same tokens, paths and errors as next() alone.
   */
  @Test
  void nextEndOfObjectTakesTheClosingBraceAsNextDoesOrChangesNothing() {
    String[] docs = {"{}", "{ }", "{\"a\":1}", "{\"a\":1 }", "{\"a\":1,\"b\":2}", "{\"a\":1,}", "{\"a\":{}}",
        "{\"a\":{\"b\":[]}}", "[1]", "[]", "[{}]", "{\"a\":1}}", "{\"a\":1", "{\"a\"}", "7"};
    for (String doc : docs) {
      for (int steps = 0; steps <= 6; steps++) {
        assertEquals(endSteps(doc, steps, false), endSteps(doc, steps, true), doc + " after " + steps + " tokens");
      }
    }
    JsonReader r = JsonReader.of("{\"a\":{}}");
    r.next();
    assertFalse(r.nextEndOfObject(), "a name comes next");
    assertEquals(0, r.nextFieldInOrder(AB, 0));
    r.next();
    assertTrue(r.nextEndOfObject());
    assertEquals(JsonToken.END_OBJECT, r.token());
    assertEquals("$.a", r.path());
    assertTrue(r.nextEndOfObject());
    assertEquals(0, r.depth());
  }

  /** Reads {@code steps} tokens, then (when {@code tryEnd}) nextEndOfObject, then next() to the end. */
  private static List<String> endSteps(String doc, int steps, boolean tryEnd) {
    List<String> out = new ArrayList<>();
    JsonReader r = JsonReader.of(doc);
    try {
      for (int k = 0; k < steps; k++) {
        r.next();
      }
      if (tryEnd && r.nextEndOfObject()) {
        out.add(r.token() + " " + r.depth() + " " + r.path());
      } else {
        out.add(r.next() + " " + r.depth() + " " + r.path());
      }
      while (r.token() != JsonToken.END_DOCUMENT) {
        out.add(r.next() + " " + r.depth() + " " + r.path());
      }
    } catch (RuntimeException e) {
      out.add(e.getClass().getSimpleName() + ": " + e.getMessage());
    }
    return out;
  }

  /**
   * nextBooleanMember, a generated codec's first try for a boolean member, must read what
   * nextFieldInOrder then nextBoolean read (value or error, and the same tokens after), or change
   * nothing and leave it to them.
   */
  @Test
  void nextBooleanMemberReadsWhatNextFieldInOrderThenNextBooleanRead() {
    String[] values = {"true", "false", "tru", "fals", "truex", "falsey", "true1", "trUe", "null", "1", "\"true\"",
        "[true]", "true ", "false}"};
    String pad = ",\"c\":\"padding to make room for the short path\"}";
    membersReadAsBefore(values, pad, Json.builder().maxDepth(1).build(), r -> {
      int v = r.nextBooleanMember(AB.key(0));
      return v == JsonReader.NOT_A_BOOLEAN_MEMBER ? null : v == 1;
    }, JsonReader::nextBoolean);
    JsonReader r = JsonReader.of(("{\"b\":true,\"a\":false" + pad).getBytes(StandardCharsets.UTF_8));
    r.next();
    assertEquals(JsonReader.NOT_A_BOOLEAN_MEMBER, r.nextBooleanMember(AB.key(0)), "not this name");
    assertEquals(1, r.nextBooleanMember(AB.key(1)));
    assertEquals(0, r.nextBooleanMember(AB.key(0)));
    assertEquals("a", r.currentName());
    assertEquals(JsonToken.FALSE, r.token());
    r = JsonReader.of("{\"a\":true}".getBytes(StandardCharsets.UTF_8));
    r.next();
    assertEquals(JsonReader.NOT_A_BOOLEAN_MEMBER, r.nextBooleanMember(AB.key(0)), "near the end: the general way");
  }

  /**
   * nextDoubleMember, a generated codec's first try for a double member, must read exactly what
   * nextFieldInOrder then nextDouble read (value or error, and the same tokens after), or change
   * nothing and leave it to them.
   */
  @Test
  void nextDoubleMemberReadsWhatNextFieldInOrderThenNextDoubleRead() {
    String[] values = {"0", "-0", "-0.0", "7", "41.074136711612084", "0.1", "0.30000000000000004", "5e-324", "4.9e-324",
        "2e-324", "1.7976931348623157e308", "1.8e308", "1e400", "-1e400", "123456789012345678901234567890",
        "9007199254740993", "1E3", "2.5e-3", "01", "-", "1.", ".5", "1e", "1e+", "-a", "12a", "12]", "12 ", "null",
        "\"7\"", "[7]", "true"};
    String pad = ",\"c\":\"padding to make room for the short path\"}";
    membersReadAsBefore(values, pad, Json.builder().maxNumberLength(6).build(), r -> {
      double v = r.nextDoubleMember(AB.key(0));
      return Double.isNaN(v) ? null : v;
    }, JsonReader::nextDouble);
    JsonReader r = JsonReader.of(("{\"b\":1.5,\"a\":-2.25" + pad).getBytes(StandardCharsets.UTF_8));
    r.next();
    assertTrue(Double.isNaN(r.nextDoubleMember(AB.key(0))), "not this name");
    assertEquals(1.5, r.nextDoubleMember(AB.key(1)));
    assertEquals(-2.25, r.nextDoubleMember(AB.key(0)));
    assertEquals("a", r.currentName());
    assertEquals("-2.25", r.getNumberText());
  }

  /**
   * nextContainerMember, a generated codec's first try for an object or array member, must read
   * what nextFieldInOrder then next() read (the same tokens, or error), or change nothing.
   */
  @Test
  void nextContainerMemberReadsWhatNextFieldInOrderThenNextRead() {
    String[] values = {"{}", "[]", "{\"x\":[1,{\"y\":2}]}", "[1,[2,[3]]]", "{ }", "[ ]", "null", "1", "\"{\"", "true",
        "{\"x\":", "[1", "{\"x\":1,\"x\":2}"};
    String pad = ",\"c\":\"padding to make room for the short path\"}";
    Json[] jsons = {Json.DEFAULT, Json.builder().maxDepth(2).build(), Json.builder().maxMembers(1).build()};
    for (Json json : jsons) {
      for (String v : values) {
        for (String doc : new String[] {"{\"a\":" + v + ",\"b\":[1,2,3]" + pad, "{\"a\":" + v + "}",
            "{\"a\": " + v + pad, "{ \"a\":" + v + pad, "{\"b\":" + v + pad, "{\"b\":0,\"a\":" + v + pad,
            "{\"a\":" + v}) {
          assertEquals(containerMemberSteps(json, doc, false), containerMemberSteps(json, doc, true), doc);
        }
      }
    }
    JsonReader r = JsonReader.of(("{\"a\":{\"b\":[1]}" + pad).getBytes(StandardCharsets.UTF_8));
    JsonNames ab = JsonNames.of("a", "b");
    r.next();
    assertFalse(r.nextContainerMember(ab.key(1)), "not this name");
    assertTrue(r.nextContainerMember(ab.key(0)));
    assertEquals(JsonToken.BEGIN_OBJECT, r.token());
    assertTrue(r.nextContainerMember(ab.key(1)));
    assertEquals(JsonToken.BEGIN_ARRAY, r.token());
    assertEquals("$.a.b", r.path());
    assertEquals(JsonToken.NUMBER, r.next());
    assertEquals("$.a.b[0]", r.path());
  }

  /** Reads doc's first member the way a generated codec reads an object or array member, then the rest by next(). */
  private static List<String> containerMemberSteps(Json json, String doc, boolean oneCall) {
    JsonNames names = JsonNames.of("a", "b");
    List<String> out = new ArrayList<>();
    JsonReader r = json.reader(doc.getBytes(StandardCharsets.UTF_8));
    try {
      r.next();
      if (oneCall && r.nextContainerMember(names.key(0))) {
        out.add("value " + r.token());
      } else {
        int f = r.nextFieldInOrder(names, 0);
        out.add(f != 0 ? "field " + f + " " + r.getName() : "value " + r.next());
      }
      out.add(r.token() + " " + r.currentName() + " " + r.path() + " " + r.depth());
      for (JsonToken t = r.next(); t != JsonToken.END_DOCUMENT; t = r.next()) {
        out.add(t + " " + r.currentName() + " " + r.path());
      }
    } catch (RuntimeException e) {
      out.add(e.getClass().getSimpleName() + ": " + e.getMessage());
    }
    return out;
  }

  /**
   * nextConstantMember, a generated codec's first try for an enum member, must read what
   * nextFieldInOrder then next() read (the same constant, or error, and the same tokens after), or
   * change nothing and leave it to them.
   */
  @Test
  void nextConstantMemberReadsWhatNextFieldInOrderThenNextRead() {
    String[] values = {"\"LARGE\"", "\"SMALL\"", "\"X\"", "\"LARG\"", "\"LARGER\"", "\"large\"", "\"L\\u0041RGE\"",
        "\"\"", "\"FIFTEEN_BYTES_A\"", "\"SIXTEEN_BYTES_AB\"", "\"\u00c9T\u00c9\"", "null", "7", "[\"LARGE\"]",
        "\"LARGE", "\"LA\u0001GE\""};
    JsonNames constants = JsonNames.of("SMALL", "LARGE", "X", "FIFTEEN_BYTES_A", "SIXTEEN_BYTES_AB", "\u00c9T\u00c9");
    String[] many = new String[33];
    for (int i = 0; i < many.length; i++) {
      many[i] = i == 32 ? "LARGE" : "C" + i;
    }
    String pad = ",\"c\":\"padding to make room for the short path\"}";
    Json[] jsons = {Json.DEFAULT, Json.builder().maxStringLength(3).build(), Json.builder().maxMembers(1).build()};
    for (JsonNames names : new JsonNames[] {constants, JsonNames.of(many)}) {
      for (Json json : jsons) {
        for (String v : values) {
          for (String doc : new String[] {"{\"a\":" + v + ",\"b\":[1,2,3]" + pad, "{\"a\":" + v + "}",
              "{\"a\": " + v + pad, "{ \"a\":" + v + pad, "{\"b\":" + v + pad, "{\"b\":0,\"a\":" + v + pad,
              "{\"a\":" + v}) {
            assertEquals(constantMemberSteps(json, names, doc, false), constantMemberSteps(json, names, doc, true),
                doc);
          }
        }
      }
    }
    // The short path is taken where it can be, and only there.
    JsonReader r = JsonReader.of(("{\"a\":\"LARGE\",\"b\":\"FIFTEEN_BYTES_A\",\"c\":\"SIXTEEN_BYTES_AB\"" + pad)
        .getBytes(StandardCharsets.UTF_8));
    JsonNames abc = JsonNames.of("a", "b", "c");
    r.next();
    assertEquals(JsonReader.NOT_A_CONSTANT_MEMBER, r.nextConstantMember(abc.key(1), constants), "not this name");
    assertEquals(1, r.nextConstantMember(abc.key(0), constants));
    assertEquals(JsonToken.STRING, r.token());
    assertEquals("LARGE", r.getString());
    assertEquals("a", r.currentName());
    assertEquals(3, r.nextConstantMember(abc.key(1), constants));
    assertEquals("FIFTEEN_BYTES_A", r.getString());
    assertEquals(JsonReader.NOT_A_CONSTANT_MEMBER, r.nextConstantMember(abc.key(2), constants), "16 bytes: the general way");
    assertEquals(JsonReader.NOT_A_CONSTANT_MEMBER,
        JsonReader.of(("{\"a\":\"LARGE\"" + pad).getBytes(StandardCharsets.UTF_8)).nextConstantMember(abc.key(0), constants),
        "before the object's first token");
    // The second member of an object limited to one: the same error either way.
    Json one = Json.builder().maxMembers(1).build();
    String[] messages = new String[2];
    for (int k = 0; k < 2; k++) {
      JsonReader lim = one.reader(("{\"b\":1,\"a\":\"X\"" + pad).getBytes(StandardCharsets.UTF_8));
      lim.next();
      assertEquals(0, lim.nextField(JsonNames.of("b"), 0));
      lim.nextInt();
      boolean oneCall = k == 0;
      messages[k] = assertThrows(JsonException.class,
          () -> {
            if (oneCall) {
              lim.nextConstantMember(JsonNames.of("a").key(0), constants);
            } else {
              lim.nextFieldInOrder(JsonNames.of("a"), 0);
            }
          }).getMessage();
    }
    assertEquals(messages[1], messages[0]);
  }

  /**
   * Reads doc's first member as a constant the way a generated codec does (its index among
   * constants, by stringEquals when read the general way), then the rest by next().
   */
  private static List<String> constantMemberSteps(Json json, JsonNames constants, String doc, boolean oneCall) {
    JsonNames names = JsonNames.of("a", "b");
    List<String> out = new ArrayList<>();
    JsonReader r = json.reader(doc.getBytes(StandardCharsets.UTF_8));
    try {
      r.next();
      int c = oneCall ? r.nextConstantMember(names.key(0), constants) : JsonReader.NOT_A_CONSTANT_MEMBER;
      if (c == JsonReader.NOT_A_CONSTANT_MEMBER) {
        int f = r.nextFieldInOrder(names, 0);
        if (f != 0) {
          out.add("field " + f + " " + r.getName());
        } else if (r.next() == JsonToken.STRING) {
          for (int i = 0; i < constants.size() && c < 0; i++) {
            c = r.stringEquals(constants.utf8(i)) ? i : c;
          }
          out.add(c >= 0 ? "constant " + c : "other " + r.getString());
        } else {
          out.add(r.token().toString());
        }
      } else {
        out.add("constant " + c);
      }
      out.add(r.token() + " " + r.currentName() + " " + (r.token() == JsonToken.STRING ? r.getString() : ""));
      for (JsonToken t = r.next(); t != JsonToken.END_DOCUMENT; t = r.next()) {
        out.add(t + " " + r.currentName());
      }
    } catch (RuntimeException e) {
      out.add(e.getClass().getSimpleName() + ": " + e.getMessage());
    }
    return out;
  }
}
