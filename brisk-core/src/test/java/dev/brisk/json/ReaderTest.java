package dev.brisk.json;

import static dev.brisk.json.JsonToken.BEGIN_ARRAY;
import static dev.brisk.json.JsonToken.BEGIN_OBJECT;
import static dev.brisk.json.JsonToken.END_ARRAY;
import static dev.brisk.json.JsonToken.END_DOCUMENT;
import static dev.brisk.json.JsonToken.END_OBJECT;
import static dev.brisk.json.JsonToken.NAME;
import static dev.brisk.json.JsonToken.NUMBER;
import static dev.brisk.json.JsonToken.STRING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brisk.testkit.Damage;
import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ReaderTest {

  /** Each reader test runs over a byte array, a stream, and a stream one byte at a time. */
  static Stream<Function<String, JsonReader>> sources() {
    return Stream.of(
        s -> JsonReader.of(s.getBytes(StandardCharsets.UTF_8)),
        s -> JsonReader.of(new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8))),
        s -> JsonReader.of(new OneByteInputStream(s.getBytes(StandardCharsets.UTF_8))),
        s -> {
          // A byte range inside a larger array.
          byte[] b = ("xx" + s + "yy").getBytes(StandardCharsets.UTF_8);
          return JsonReader.of(b, 2, b.length - 4);
        });
  }

  static List<JsonToken> tokens(JsonReader r) {
    List<JsonToken> out = new ArrayList<>();
    JsonToken t;
    while ((t = r.next()) != END_DOCUMENT) {
      out.add(t);
    }
    return out;
  }

  @ParameterizedTest
  @MethodSource("sources")
  void tokensInOrder(Function<String, JsonReader> src) {
    JsonReader r = src.apply(" {\"a\" : [1, \"x\", true, false, null, {}], \"b\":{\"c\":[]}} \n");
    assertEquals(
        List.of(BEGIN_OBJECT, NAME, BEGIN_ARRAY, NUMBER, STRING, JsonToken.TRUE, JsonToken.FALSE,
            JsonToken.NULL, BEGIN_OBJECT, END_OBJECT, END_ARRAY, NAME, BEGIN_OBJECT, NAME, BEGIN_ARRAY,
            END_ARRAY, END_OBJECT, END_OBJECT),
        tokens(r));
    assertEquals(END_DOCUMENT, r.next(), "stays at the end");
  }

  @ParameterizedTest
  @MethodSource("sources")
  void stringsAreDecodedOnlyWhenAsked(Function<String, JsonReader> src) {
    JsonReader r = src.apply("[\"plain\", \"esc\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00\", \"utf8 é € 😀\"]");
    r.next();
    r.next();
    assertEquals("plain", r.getString());
    r.next();
    assertEquals("esc\"\\/\b\f\n\r\té😀", r.getString());
    r.next();
    assertEquals("utf8 é € 😀", r.getString());
  }

  @ParameterizedTest
  @MethodSource("sources")
  void namesCompareToPreEncodedBytes(Function<String, JsonReader> src) {
    byte[] id = "id".getBytes(StandardCharsets.UTF_8);
    byte[] name = "name".getBytes(StandardCharsets.UTF_8);
    JsonReader r = src.apply("{\"id\":7,\"n\\u0061me\":\"x\",\"other\":{\"deep\":[1,2]},\"ids\":0}");
    r.expect(BEGIN_OBJECT);
    long idValue = -1;
    String nameValue = null;
    int skipped = 0;
    while (r.next() == NAME) {
      if (r.nameEquals(id)) {
        r.next();
        idValue = r.getLong();
      } else if (r.nameEquals(name)) {
        r.next();
        nameValue = r.getString();
      } else {
        r.skipValue();
        skipped++;
      }
    }
    assertEquals(7, idValue);
    assertEquals("x", nameValue);
    assertEquals(2, skipped);
    assertEquals(END_DOCUMENT, r.next());
  }

  /**
   * Fractions of every length up to 40 digits, followed by each byte that may end a number and by
   * some that may not: the fraction is scanned eight digits at a time, so every place the end can
   * fall within a word is covered, at the end of the input too.
   */
  @ParameterizedTest
  @MethodSource("sources")
  void fractionsOfEveryLengthEndWhereTheirDigitsEnd(Function<String, JsonReader> src) {
    StringBuilder digits = new StringBuilder();
    for (int n = 1; n <= 40; n++) {
      digits.append((char) ('0' + (n * 7) % 10));
      String number = "-3." + digits;
      for (String after : new String[] {",1]", "]", " ]", "\n]", "e2]", "E-1]"}) {
        String text = "[" + number + after;
        JsonReader r = src.apply(text);
        r.next();
        assertEquals(NUMBER, r.next(), text);
        String expected = after.startsWith("e") || after.startsWith("E")
            ? number + after.substring(0, after.length() - 1)
            : number;
        assertEquals(expected, r.getNumberText(), text);
        assertEquals(new BigDecimal(expected), r.getBigDecimal(), text);
        assertEquals(Double.parseDouble(expected), r.getDouble(), text);
        assertFalse(r.isIntegral(), text);
        while (r.next() != END_DOCUMENT) {
          // the rest must read without an error
        }
      }
      for (String after : new String[] {"x]", ".5]", "-1]", "/]", ":]", "\u00ff]"}) {
        String text = "[" + number + after;
        assertThrows(JsonException.class, () -> tokens(src.apply(text)), text);
      }
      assertEquals(number, Json.parse(number).toString(), number);
    }
  }

  /**
   * A fault that has a likely cause says it: a byte order mark, text in UTF-16 or UTF-32 (its
   * zero bytes), single quotes, a comment, a trailing comma. The UTF-16 and UTF-32 hints are new:
   * such input said only "found byte 0x00".
   */
  @Test
  void errorsNameTheLikelyCause() {
    String[][] cases = {
      {"\uFEFF[1]", "UTF-8", "a UTF-8 byte order mark, which RFC 8259 forbids"},
      {"{\"a\":1}", "UTF-16LE", "text in UTF-16 or UTF-32? JSON text must be UTF-8"},
      {"[1]", "UTF-16BE", "text in UTF-16 or UTF-32? JSON text must be UTF-8"},
      {"\uFEFF[1]", "UTF-16BE", "a UTF-16 or UTF-32 byte order mark? JSON text must be UTF-8"},
      {"\uFEFF[1]", "UTF-16LE", "a UTF-16 or UTF-32 byte order mark? JSON text must be UTF-8"},
      {"[1]", "UTF-32BE", "text in UTF-16 or UTF-32? JSON text must be UTF-8"},
      {"['a']", "UTF-8", "strings take double quotes"},
      {"[1 /* c */]", "UTF-8", "comments are not JSON"},
      {"[1,]", "UTF-8", "but found ']' (a trailing comma)"},
    };
    for (String[] c : cases) {
      byte[] bytes = c[0].getBytes(java.nio.charset.Charset.forName(c[1]));
      for (JsonReader r : new JsonReader[] {JsonReader.of(bytes), JsonReader.of(new OneByteInputStream(bytes))}) {
        JsonException e = assertThrows(JsonException.class, () -> {
          while (r.next() != END_DOCUMENT) {
            // read to the fault
          }
        });
        assertTrue(e.getMessage().contains(c[2]), c[1] + " " + c[0] + ": " + e.getMessage());
      }
    }
    JsonException inside = assertThrows(JsonException.class, () -> Json.parse("[1, \u0000]".getBytes(StandardCharsets.UTF_8)));
    assertFalse(inside.getMessage().contains("UTF-16"), "a zero byte further in is not taken for UTF-16: " + inside.getMessage());
  }

  /**
   * A fault that a reader option would accept names the option as data, {@link
   * JsonException#acceptedWith()}, whether the document is read as tokens (from bytes or a byte at
   * a time), as a tree or skipped; the message ends with the builder call, which {@link
   * JsonException#reason()} and {@link JsonException#messageWithoutOption()} leave out. A closer
   * that no trailing-comma option would accept (after a colon, of the other kind, at the start)
   * names none: before, every {@code ]} and {@code }} out of place was called "a trailing comma?".
   * A second value on a line of its own is NDJSON, which {@code multipleValues} reads; on the same
   * line it is not.
   */
  @Test
  void faultsThatAnOptionAcceptsNameIt() {
    Object[][] cases = {
      {"[1,]", JsonException.ReaderOption.ALLOW_TRAILING_COMMAS},
      {"[1 , \n ]", JsonException.ReaderOption.ALLOW_TRAILING_COMMAS},
      {"{\"a\":1,}", JsonException.ReaderOption.ALLOW_TRAILING_COMMAS},
      {"[{\"a\":[true,],\"b\":2}]", JsonException.ReaderOption.ALLOW_TRAILING_COMMAS},
      {"{\"a\":{\"b\":1,},\"c\":2}", JsonException.ReaderOption.ALLOW_TRAILING_COMMAS},
      {"[1 // one\n]", JsonException.ReaderOption.ALLOW_COMMENTS},
      {"/* c */ 1", JsonException.ReaderOption.ALLOW_COMMENTS},
      {"{\"a\":1}\n{\"a\":2}\n", JsonException.ReaderOption.MULTIPLE_VALUES},
      {"1\r\n2", JsonException.ReaderOption.MULTIPLE_VALUES},
      {"[1,\n2]\n[3]", JsonException.ReaderOption.MULTIPLE_VALUES},
      {"{\"a\":1} {\"a\":2}", null},
      {"[1\n] [2]", null},
      {"[1]\n]", null},
      {"[1 / 2]", null},
      {"/", null},
      {"[/x]", null},
      {"{}\n}", null},
      {"1\n:", null},
      {"{\"a\":}", null},
      {"[1,}", null},
      {"{\"a\":1,]", null},
      {"]", null},
      {"[1]]", null},
      {"{,}", null},
      {"[,]", null},
      {"['a']", null},
    };
    for (Object[] c : cases) {
      String text = (String) c[0];
      JsonException.ReaderOption option = (JsonException.ReaderOption) c[1];
      byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
      List<Executable> reads = List.of(
          () -> tokens(JsonReader.of(bytes)),
          () -> tokens(JsonReader.of(new OneByteInputStream(bytes))),
          () -> Json.parse(bytes),
          () -> Json.parse(new OneByteInputStream(bytes)),
          () -> {
            JsonReader r = JsonReader.of(bytes);
            r.skipValue();
            r.next();
          });
      for (Executable read : reads) {
        JsonException e = assertThrows(JsonException.class, read, text);
        assertEquals(Optional.ofNullable(option), e.acceptedWith(), text + ": " + e.getMessage());
        assertEquals(e.messageWithoutOption(), e.getMessage().substring(0, e.messageWithoutOption().length()), text);
        assertTrue(e.messageWithoutOption().startsWith(e.reason()), text);
        if (option == null) {
          assertEquals(e.messageWithoutOption(), e.getMessage(), text);
          assertFalse(e.getMessage().contains("trailing comma"), text + ": " + e.getMessage());
        } else {
          String call = option == JsonException.ReaderOption.ALLOW_COMMENTS ? "Json.builder().allowComments(true)"
              : option == JsonException.ReaderOption.ALLOW_TRAILING_COMMAS ? "Json.builder().allowTrailingCommas(true)"
              : "Json.builder().multipleValues(true)";
          assertEquals(e.messageWithoutOption() + "; " + call + " accepts it", e.getMessage(), text);
          assertFalse(e.reason().contains("Json.builder()"), text + ": " + e.reason());
        }
      }
    }
    for (Object[] c : cases) { // and the option named accepts it
      JsonException.ReaderOption option = (JsonException.ReaderOption) c[1];
      if (option != null) {
        Json.Builder b = Json.builder();
        if (option == JsonException.ReaderOption.ALLOW_COMMENTS) {
          b.allowComments(true);
        } else if (option == JsonException.ReaderOption.ALLOW_TRAILING_COMMAS) {
          b.allowTrailingCommas(true);
        } else {
          b.multipleValues(true);
        }
        assertFalse(tokens(b.build().reader((String) c[0])).isEmpty(), (String) c[0]);
      }
    }
  }

  /**
   * An error in a member name, or one member too many, is at the same path whether the document is
   * read as a tree, as tokens or skipped: that of the member before it, or of the object for its
   * first. The tree said $ for a later member's name, and $[''] for the first member over
   * maxMembers (the level's old name bytes).
   */
  @Test
  void treeTokensAndSkippingPutAMemberNameErrorAtOnePath() {
    String[][] cases = {
      // maxMembers (-1: none), document, path
      {"-1", "{\"a\u0001\":1}", "$"},
      {"-1", "{\"a\":1,\"b\u0001\":2}", "$.a"},
      {"-1", "{\"x\":{\"a\":1},\"y\":{\"b\u0001\":2}}", "$.y"},
      {"-1", "[{\"a\":1},{\"b\":1,\"c\u0001\":2}]", "$[1].b"},
      {"0", "{\"a\":1}", "$"},
      {"0", "[{\"a\":{}},{\"b\":1}]", "$[0]"},
      {"1", "{\"a\":1,\"b\":2}", "$.a"},
      {"1", "{\"x\":{\"b\":1,\"c\":2}}", "$.x.b"},
      {"1", "[[1,2]]", "$[0][1]"},
    };
    for (String[] c : cases) {
      Json.Builder b = Json.builder();
      if (!c[0].equals("-1")) {
        b.maxMembers(Integer.parseInt(c[0]));
      }
      Json json = b.build();
      JsonException tree = assertThrows(JsonException.class, () -> json.read(c[1]), c[1]);
      JsonException tokens = assertThrows(JsonException.class, () -> {
        JsonReader r = json.reader(c[1]);
        while (r.next() != JsonToken.END_DOCUMENT) {
          // every token
        }
      }, c[1]);
      JsonException skipped = assertThrows(JsonException.class, () -> {
        JsonReader r = json.reader(c[1]);
        r.next();
        r.skipChildren();
      }, c[1]);
      assertEquals(c[2], tree.path(), "tree: " + c[1]);
      assertEquals(tokens.getMessage(), tree.getMessage(), c[1]);
      assertEquals(tokens.getMessage(), skipped.getMessage(), c[1]);
    }
  }

  /** A tree number that is not what is asked for says which of the two it is not, never BigDecimal's words. */
  @Test
  void treeNumbersSayWhetherTheyAreNotIntegersOrOutOfRange() {
    String[][] cases = {
      // text, intValue, longValue, bigIntegerValue (null: the value)
      {"-1.5", "not an integer: -1.5", "not an integer: -1.5", "not an integer: -1.5"},
      {"1e-999999999", "not an integer: 1e-999999999", "not an integer: 1e-999999999", "not an integer: 1e-999999999"},
      {"1e10", "out of the range of int: 1e10", null, null},
      {"2147483648", "out of the range of int: 2147483648", null, null},
      {"9.3e18", "out of the range of int: 9.3e18", "out of the range of long: 9.3e18", null},
      {"9223372036854775808.5", "not an integer: 9223372036854775808.5", "not an integer: 9223372036854775808.5",
          "not an integer: 9223372036854775808.5"},
      {"1e19", "out of the range of int: 1e19", "out of the range of long: 1e19", null},
      {"100e-2", null, null, null},
    };
    for (String[] c : cases) {
      JsonNumber n = Json.parse(c[0]).asNumber();
      java.util.List<org.junit.jupiter.api.function.Executable> calls =
          java.util.List.of(n::intValue, n::longValue, n::bigIntegerValue);
      for (int i = 0; i < 3; i++) {
        if (c[i + 1] == null) {
          BigInteger exact = new BigDecimal(c[0]).toBigIntegerExact();
          Object got = i == 0 ? BigInteger.valueOf(n.intValue()) : i == 1 ? BigInteger.valueOf(n.longValue()) : n.bigIntegerValue();
          assertEquals(exact, got, c[0] + " #" + i);
          continue;
        }
        ArithmeticException e = assertThrows(ArithmeticException.class, calls.get(i), c[0] + " #" + i);
        assertEquals(c[i + 1], e.getMessage());
      }
    }
    assertEquals(Integer.MIN_VALUE, Json.parse("-2147483648").asNumber().intValue());
    assertEquals(1, Json.parse("100e-2").asNumber().intValue());
  }

  @Test
  void numbersAreExact() {
    JsonReader r = JsonReader.of(
        "[0, -0, 42, -9223372036854775808, 9223372036854775807, 9223372036854775808, 1e3, 2.50, 2.5,"
            + " 123456789012345678901234567890.000000000000000000001, 1E+2, -1.5e-3]");
    r.next();
    r.next();
    assertEquals(0, r.getInt());
    r.next();
    assertEquals(-0.0, r.getDouble());
    assertEquals(0, r.getLong());
    r.next();
    assertEquals(42, r.getInt());
    assertTrue(r.isIntegral());
    r.next();
    assertEquals(Long.MIN_VALUE, r.getLong());
    assertThrows(JsonException.class, r::getInt);
    r.next();
    assertEquals(Long.MAX_VALUE, r.getLong());
    r.next();
    JsonException overflow = assertThrows(JsonException.class, r::getLong);
    assertTrue(overflow.getMessage().contains("9223372036854775808"), overflow.getMessage());
    assertEquals(new BigInteger("9223372036854775808"), r.getBigInteger());
    r.next();
    assertEquals(1000, r.getInt(), "1e3 is the integer 1000");
    assertFalse(r.isIntegral());
    r.next();
    assertEquals(new BigDecimal("2.50"), r.getBigDecimal());
    assertEquals("2.50", r.getNumberText());
    r.next();
    assertThrows(JsonException.class, r::getLong, "2.5 is not an integer");
    assertThrows(JsonException.class, r::getBigInteger);
    r.next();
    assertEquals(new BigDecimal("123456789012345678901234567890.000000000000000000001"), r.getBigDecimal());
    r.next();
    assertEquals(100, r.getLong());
    assertEquals(BigInteger.valueOf(100), r.getBigInteger());
    r.next();
    assertEquals(-1.5e-3, r.getDouble());
  }

  /**
   * Numbers of every length around the eight-byte steps of the digit scan (1 to 21 integer digits,
   * no fraction or 1 to 20 fraction digits), signed or not, each followed by every byte that may
   * end it and also at the very end of the input: the text, the exact value and the long agree
   * with the JDK's reading of the same text.
   */
  @ParameterizedTest
  @MethodSource("sources")
  void numbersOfEveryLengthAreExact(Function<String, JsonReader> src) {
    java.util.SplittableRandom random = new java.util.SplittableRandom(5);
    List<String> numbers = new ArrayList<>();
    for (int intDigits = 1; intDigits <= 21; intDigits++) {
      for (int fracDigits = 0; fracDigits <= 20; fracDigits++) {
        StringBuilder n = new StringBuilder(random.nextBoolean() ? "-" : "");
        n.append((char) ('1' + random.nextInt(9)));
        for (int i = 1; i < intDigits; i++) {
          n.append((char) ('0' + random.nextInt(10)));
        }
        if (fracDigits > 0) {
          n.append('.');
          for (int i = 0; i < fracDigits; i++) {
            n.append((char) ('0' + random.nextInt(10)));
          }
        }
        numbers.add(n.toString());
      }
    }
    numbers.add("0");
    numbers.add("-0");
    numbers.add("0.5");
    String[] after = {",", " ,", "]", "\n]"};
    StringBuilder doc = new StringBuilder("[");
    for (int i = 0; i < numbers.size(); i++) {
      doc.append(numbers.get(i)).append(i == numbers.size() - 1 ? "]" : after[i % 2]);
    }
    JsonReader r = src.apply(doc.toString());
    assertEquals(BEGIN_ARRAY, r.next());
    for (String n : numbers) {
      assertEquals(NUMBER, r.next(), n);
      assertNumber(n, r);
    }
    assertEquals(END_ARRAY, r.next());
    for (String n : numbers) {
      for (String end : new String[] {"", " ", "\n"}) {
        JsonReader alone = src.apply(n + end);
        assertEquals(NUMBER, alone.next(), n);
        assertNumber(n, alone);
        assertEquals(END_DOCUMENT, alone.next());
      }
    }
  }

  private static void assertNumber(String n, JsonReader r) {
    assertEquals(n, r.getNumberText());
    assertEquals(new BigDecimal(n), r.getBigDecimal(), n);
    boolean integral = n.indexOf('.') < 0;
    assertEquals(integral, r.isIntegral(), n);
    if (integral && n.replace("-", "").length() <= 19 && new BigInteger(n).bitLength() < 64) {
      assertEquals(Long.parseLong(n), r.getLong(), n);
    } else if (integral) {
      assertThrows(JsonException.class, r::getLong, n);
    }
    assertEquals(Double.parseDouble(n), r.getDouble(), n);
  }

  @Test
  void wrongTypeSaysWhatAndWhere() {
    JsonReader r = JsonReader.of("{\"users\":[{\"age\":\"old\"}]}");
    for (int i = 0; i < 6; i++) {
      r.next();
    }
    assertEquals(STRING, r.token());
    JsonException e = assertThrows(JsonException.class, r::getInt);
    assertEquals("$.users[0].age", e.path());
    assertEquals(17, e.offset(), "the opening quote");
    assertEquals(1, e.line());
    assertEquals(18, e.column());
    assertTrue(e.getMessage().startsWith("expected an int but found a string"), e.getMessage());
  }

  @ParameterizedTest
  @MethodSource("sources")
  void errorsSayLineColumnOffsetAndPath(Function<String, JsonReader> src) {
    String doc = "{\n  \"users\": [\n    {\"name\": \"a\"},\n    {\"name\": nul}\n  ]\n}";
    JsonReader r = src.apply(doc);
    JsonException e = assertThrows(JsonException.class, () -> tokens(r));
    assertEquals(4, e.line());
    assertEquals(17, e.column(), "the first byte that cannot belong to a literal");
    assertEquals(doc.indexOf("nul}") + 3, e.offset());
    assertEquals("$.users[1].name", e.path());
    assertTrue(e.getMessage().contains("expected 'null' but found '}' at line 4, column 17"), e.getMessage());
  }

  @Test
  void pathQuotesNamesThatAreNotIdentifiers() {
    JsonReader r = JsonReader.of("{\"a b\":{\"it's\":[x]}}");
    JsonException e = assertThrows(JsonException.class, () -> tokens(r));
    assertEquals("$['a b']['it\\'s'][0]", e.path());
  }

  @Test
  void currentNameAndPathWhileReading() {
    JsonReader r = JsonReader.of("{\"a\":{\"b\":[10,20]}}");
    r.next();
    assertNull(r.currentName());
    r.next();
    r.next();
    assertEquals("a", r.currentName());
    assertEquals("$.a", r.path());
    r.next();
    r.next();
    r.next();
    r.next();
    assertEquals("$.a.b[1]", r.path());
    assertEquals(20, r.getInt());
  }

  @Test
  void leniencyIsOptInOnly() {
    String withComments = "// head\n{\"a\": 1, /* mid */ \"b\": [1, 2,],}";
    assertThrows(JsonException.class, () -> Json.parse(withComments));
    Json lenient = Json.builder().allowComments(true).allowTrailingCommas(true).build();
    assertEquals(Json.parse("{\"a\":1,\"b\":[1,2]}"), lenient.read(withComments));
    Json commentsOnly = Json.builder().allowComments(true).build();
    assertThrows(JsonException.class, () -> commentsOnly.read(withComments));
  }

  @Test
  void multipleValuesNeedOneLineEach() {
    Json ndjson = Json.builder().multipleValues(true).build();
    JsonReader r = ndjson.reader("{\"a\":1}\n{\"a\":2}\n\n[3]\n");
    assertEquals(11, tokens(r).size());
    JsonReader sameLine = ndjson.reader("{\"a\":1} {\"a\":2}");
    JsonException e = assertThrows(JsonException.class, () -> tokens(sameLine));
    assertEquals(8, e.offset());
    assertThrows(JsonException.class, () -> Json.parse("{\"a\":1}\n{\"a\":2}"), "one value by default");
    List<JsonValue> all = new ArrayList<>();
    Json.DEFAULT.readValues(new ByteArrayInputStream("1\n2\n\"x\"".getBytes(StandardCharsets.UTF_8)), all::add);
    assertEquals(List.of(JsonNumber.of(1), JsonNumber.of(2), JsonString.of("x")), all);
  }

  /**
   * JSON text given as a String may hold a lone surrogate, which UTF-8 cannot: in a string it is
   * kept (it became '?'), anywhere else it is an error; a real '?' and a surrogate pair stay.
   */
  @Test
  void aLoneSurrogateInTextGivenAsCharsStaysInItsString() {
    String value = "a?\uD800b\uDC00\uD83D\uDE00?\uDBFF";
    JsonValue v = Json.parse("{\"k\uDFFF\":[\"" + value + "\"],\"q\":\"?\"}");
    assertEquals(value, v.asObject().getArray("k\uDFFF").get(0).asString());
    assertEquals("?", v.asObject().getString("q"));
    assertEquals(JsonString.of(value), Json.parse("\"" + value + "\""));
    assertThrows(JsonException.class, () -> Json.parse("[1\uD800]"));
    assertEquals("[\"?\"]", Json.parse("[\"?\"]").toString());
  }

  @Test
  void aSequenceMayHoldNoValuesButOneValueIsStillNeededWhereOneIsAskedFor() {
    Json ndjson = Json.builder().multipleValues(true).build();
    for (String none : new String[] {"", "\n\n", " \r\n\t"}) {
      JsonReader r = ndjson.reader(none);
      assertEquals(END_DOCUMENT, r.next(), "[" + none + "]");
      assertEquals(END_DOCUMENT, r.next(), "and again");
      List<JsonValue> all = new ArrayList<>();
      ndjson.readValues(new ByteArrayInputStream(none.getBytes(StandardCharsets.UTF_8)), all::add);
      Json.DEFAULT.readValues(new ByteArrayInputStream(none.getBytes(StandardCharsets.UTF_8)), all::add);
      assertEquals(List.of(), all);
      JsonException e = assertThrows(JsonException.class, () -> ndjson.read(none), "read() wants one value");
      assertTrue(e.getMessage().startsWith("unexpected end of input: expected a value"), e.getMessage());
      assertThrows(JsonException.class, () -> Json.DEFAULT.reader(none).next(), "one value by default");
    }
    JsonReader open = ndjson.reader("[1,");
    open.next();
    open.next();
    assertThrows(JsonException.class, open::next, "inside a value, the end is still an error");
  }

  @Test
  void skipChildrenChecksWhatItSkips() {
    JsonReader r = JsonReader.of("[{\"a\":[1,2,{\"b\":3}]},{\"a\":[1 2]}]");
    r.next();
    r.next();
    r.skipChildren();
    assertEquals(END_OBJECT, r.token());
    r.next();
    assertThrows(JsonException.class, r::skipChildren);
  }

  @Test
  void duplicateNamesLastWinsOrRejected() {
    JsonObject o = Json.parse("{\"a\":1,\"b\":2,\"a\":3}").asObject();
    assertEquals(2, o.size());
    assertEquals(JsonNumber.of(3), o.get("a"));
    assertEquals(List.of("a", "b"), o.names());
    Json strict = Json.builder().rejectDuplicateNames(true).build();
    JsonException e = assertThrows(JsonException.class, () -> strict.read("{\"x\":{\"a\":1,\"a\":2}}"));
    assertTrue(e.getMessage().contains("duplicate member name 'a'"), e.getMessage());
    assertEquals("$.x", e.path());
  }

  @Test
  void objectsOfAnArrayWithTheSameNamesStillHaveTheirOwnMembers() {
    // The tree reader shares one names array between alike objects of a level: each object must
    // still keep its own values, and a look-alike with a duplicate or another order its own names.
    JsonArray a =
        Json.parse(
                "[{\"a\":1,\"b\":2},{\"a\":3,\"b\":4},{\"a\":5,\"a\":6},{\"b\":7,\"a\":8},"
                    + "{\"a\":9,\"b\":{\"a\":10,\"b\":11}},{\"a\":12,\"b\":13},{},{\"a\":14,\"b\":15}]")
            .asArray();
    assertEquals(List.of("a", "b"), a.get(1).asObject().names());
    assertEquals(JsonNumber.of(4), a.get(1).asObject().get("b"));
    assertEquals(List.of("a"), a.get(2).asObject().names());
    assertEquals(JsonNumber.of(6), a.get(2).asObject().get("a"));
    assertEquals(List.of("b", "a"), a.get(3).asObject().names());
    assertEquals(JsonNumber.of(10), a.get(4).asObject().getObject("b").get("a"));
    assertEquals(JsonNumber.of(13), a.get(5).asObject().get("b"));
    assertTrue(a.get(6).asObject().isEmpty());
    assertEquals(JsonNumber.of(15), a.get(7).asObject().get("b"));
    assertEquals(
        "[{\"a\":1,\"b\":2},{\"a\":3,\"b\":4},{\"a\":6},{\"b\":7,\"a\":8},{\"a\":9,\"b\":{\"a\":10,\"b\":11}},"
            + "{\"a\":12,\"b\":13},{},{\"a\":14,\"b\":15}]",
        Json.toString(a));
    Json strict = Json.builder().rejectDuplicateNames(true).build();
    JsonException e = assertThrows(JsonException.class, () -> strict.read("[{\"a\":1},{\"a\":2,\"a\":3}]"));
    assertEquals("$[1]", e.path());
  }

  @ParameterizedTest
  @MethodSource("sources")
  void predictedNamesAreTheNamesInTheText(Function<String, JsonReader> source) {
    // The tree reader first compares each member name against the name the last object of its
    // level had there. Names that share a prefix, differ only past eight or sixteen bytes, are
    // escaped forms of a predicted name, long, empty or not ASCII must each still read as written:
    // the tree must hold exactly the names and values that the token reader sees.
    String[] pool = {
      "a", "ab", "abc", "name", "names", "n\\u0061me", "", "abcdefg", "abcdefgh", "abcdefghi",
      "abcdefghijklmnop", "abcdefghijklmnoq", "abcdefghijklmnopq", "\u00fc", "\u65e5\u672c",
      "x".repeat(70), "x".repeat(69) + "y", "id", "i\\\"d"
    };
    java.util.Random random = new java.util.Random(2);
    for (int doc = 0; doc < 60; doc++) {
      StringBuilder sb = new StringBuilder("[");
      int objects = 1 + random.nextInt(6);
      for (int o = 0; o < objects; o++) {
        sb.append(o == 0 ? "" : ",").append('{');
        int members = random.nextInt(5);
        java.util.Set<String> seen = new java.util.HashSet<>(); // a tree keeps one of duplicates
        for (int m = 0; m < members; m++) {
          String name = pool[random.nextInt(random.nextBoolean() ? 4 : pool.length)];
          JsonReader decoded = JsonReader.of("\"" + name + "\"");
          decoded.next();
          if (!seen.add(decoded.getString())) {
            continue;
          }
          sb.append(seen.size() == 1 ? "" : ",").append('"').append(name).append("\":");
          sb.append(random.nextInt(4) == 0 ? "{\"" + name + "\":[" + m + "]}" : String.valueOf(m));
        }
        sb.append('}');
      }
      String json = sb.append(']').toString();
      List<String> tokens = new ArrayList<>();
      JsonReader r = source.apply(json);
      for (JsonToken t = r.next(); t != END_DOCUMENT; t = r.next()) {
        tokens.add(t == NAME ? "name " + r.getName() : t == NUMBER ? r.getNumberText() : t.name());
      }
      List<String> fromTree = new ArrayList<>();
      JsonReader t = source.apply(json);
      t.next();
      walk(t.readValue(), fromTree);
      assertEquals(tokens, fromTree, json);
    }
  }

  private static void walk(JsonValue v, List<String> out) {
    if (v instanceof JsonObject) {
      JsonObject o = (JsonObject) v;
      out.add("BEGIN_OBJECT");
      for (int i = 0; i < o.size(); i++) {
        out.add("name " + o.nameAt(i));
        walk(o.valueAt(i), out);
      }
      out.add("END_OBJECT");
    } else if (v instanceof JsonArray) {
      out.add("BEGIN_ARRAY");
      for (JsonValue e : (JsonArray) v) {
        walk(e, out);
      }
      out.add("END_ARRAY");
    } else {
      out.add(Json.toString(v));
    }
  }

  @Test
  void largeObjectsLookUpEveryName() {
    for (int n : new int[] {5, 9, 200, 300, 5000}) {
      StringBuilder sb = new StringBuilder("{");
      for (int i = 0; i < n; i++) {
        sb.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":").append(i);
      }
      sb.append(",\"k0\":-1}");
      JsonObject o = Json.parse(sb.toString()).asObject();
      assertEquals(n, o.size());
      assertEquals(-1, o.getNumber("k0").intValue());
      for (int i = 1; i < n; i++) {
        assertEquals(i, o.getNumber("k" + i).intValue());
      }
      assertNull(o.get("missing"));
    }
  }

  @Test
  void treeEqualityIsByMeaning() {
    assertEquals(Json.parse("{\"a\":1,\"b\":[1.0,1e0]}"), Json.parse("{\"b\":[1,10e-1],\"a\":1.00}"));
    assertEquals(Json.parse("1").hashCode(), Json.parse("1.000").hashCode());
    assertFalse(Json.parse("[1,2]").equals(Json.parse("[2,1]")));
    assertEquals("1.10", Json.parse("1.10").toString(), "numbers keep their text");
  }

  /**
   * A number that ends the input, after other bytes in the same read: the stream reader looks for
   * more of it, and the refill that finds none still moves the buffer's bytes down. It used to
   * check the number against the old end, past the moved bytes, and read {@code "  42"} as 4242.
   */
  @ParameterizedTest
  @MethodSource("sources")
  void aNumberAtTheEndOfTheInputIsReadAsItStands(Function<String, JsonReader> src) {
    for (String doc : new String[] {"  42", "\n\n-7.25e3", " 0", "\t123456789012345678901234567890", "   1.5"}) {
      JsonReader r = src.apply(doc);
      assertEquals(NUMBER, r.next(), doc);
      assertEquals(doc.strip(), r.getNumberText(), doc);
      assertEquals(END_DOCUMENT, r.next(), doc);
    }
    Json ndjson = Json.builder().multipleValues(true).build();
    for (String doc : new String[] {"7\n456", "{\"a\":1}\n98765", "[1]\n\n-3.5"}) {
      byte[] utf8 = doc.getBytes(StandardCharsets.UTF_8);
      for (JsonReader r : List.of(ndjson.reader(utf8), ndjson.reader(new ByteArrayInputStream(utf8)),
          ndjson.reader(new OneByteInputStream(utf8)))) {
        String last = null;
        for (JsonToken t = r.next(); t != END_DOCUMENT; t = r.next()) {
          if (t == NUMBER && r.depth() == 0) {
            last = r.getNumberText();
          }
        }
        assertEquals(doc.substring(doc.lastIndexOf('\n') + 1), last, doc);
      }
    }
  }

  @ParameterizedTest
  @MethodSource("sources")
  void aCutShortNumberIsReportedWhereTheInputEnds(Function<String, JsonReader> src) {
    JsonReader r = src.apply("  {\"count\": 12345");
    r.next();
    r.next();
    assertEquals(12345, r.nextInt());
    JsonException e = assertThrows(JsonException.class, r::next);
    assertEquals(17, e.offset(), e.getMessage());
    assertTrue(e.getMessage().startsWith("unexpected end of input"), e.getMessage());
  }

  @Test
  void anUnfinishedCommentIsReportedAtItsPlaceAfterARefill() {
    Json lenient = Json.builder().allowComments(true).build();
    String doc = "[1, 2] /";
    JsonException e = assertThrows(JsonException.class,
        () -> tokens(lenient.reader(new OneByteInputStream(doc.getBytes(StandardCharsets.UTF_8)))));
    assertEquals(7, e.offset(), e.getMessage());
    String open = "[1] /* never closed";
    e = assertThrows(JsonException.class,
        () -> tokens(lenient.reader(new OneByteInputStream(open.getBytes(StandardCharsets.UTF_8)))));
    assertTrue(e.getMessage().startsWith("unterminated comment: the /* at offset 4 has no */"), e.getMessage());
  }

  /**
   * An error inside a member name is at the path of the member before it, or of its object for
   * the first: not at a name that an earlier object of the same depth had (whose bytes a stream
   * reader may have dropped by then: it used to print them as a name, such as {@code
   * $[1]['89925']}).
   */
  @ParameterizedTest
  @MethodSource("sources")
  void anErrorInANameIsAtItsObjectsPath(Function<String, JsonReader> src) {
    StringBuilder longArray = new StringBuilder("[{\"price\":1}");
    for (int i = 0; i < 3000; i++) {
      longArray.append(",").append(1000000 + i); // past a stream buffer: the old name's bytes go
    }
    String[][] cases = {
      {"[{\"price\":1},{\"id\u0000\":2}]", "$[1]"},
      {"{\"a\":1,\"b\u0000\":2}", "$.a"},
      {"{\"a\":{\"x\":1},\"b\":{\"y\u0001\":2}}", "$.b"},
      {longArray + ",{\"id\u0000\":2}]", "$[3001]"},
    };
    for (String[] c : cases) {
      JsonException e = assertThrows(JsonException.class, () -> tokens(src.apply(c[0])));
      assertTrue(e.getMessage().startsWith("unescaped control character"), e.getMessage());
      assertEquals(c[1], e.path(), e.getMessage());
    }
  }

  /**
   * A string or number over its limit is reported as too long from every source, even when a
   * malformed byte comes after the limit: a stream reader stops at the limit, so the array reader
   * must not look past it to report something else (it used to, for escapes, control characters
   * and UTF-8 in strings, and for numbers cut at the limit right after an 'e').
   */
  @Test
  void overTheLimitIsTooLongFromEverySourceWhateverComesAfter() {
    Json small = Json.builder().maxStringLength(20).maxNumberLength(25).build();
    String[][] cases = {
      {"\"0123456789\\ud83d\\ude00\u20ac\\ud\"", "string longer than maxStringLength (20 bytes)"},
      {"\"0123456789abcdefghijk\u0001\"", "string longer than maxStringLength (20 bytes)"},
      {"[\"0123456789abcdefghijklmn\\x\"]", "string longer than maxStringLength (20 bytes)"},
      {"12345678901234567890.1234E67890", "number longer than maxNumberLength (25 characters)"},
      {"[0.00000000000000000000000e0000001]", "number longer than maxNumberLength (25 characters)"},
      {"0.00000000000000000000001e+-", "number longer than maxNumberLength (25 characters)"},
      {"[1.5e+x]", "expected a digit in the exponent but found 'x'"},
    };
    for (String[] c : cases) {
      byte[] utf8 = c[0].getBytes(StandardCharsets.UTF_8);
      for (JsonReader r : List.of(small.reader(utf8), small.reader(new ByteArrayInputStream(utf8)),
          small.reader(new OneByteInputStream(utf8)))) {
        JsonException e = assertThrows(JsonException.class, () -> tokens(r), c[0]);
        assertTrue(e.getMessage().startsWith(c[1]), c[0] + ": " + e.getMessage());
      }
    }
  }

  @Test
  void aStreamThatKeepsReturningNothingIsAnErrorNotAHang() {
    java.io.UncheckedIOException e = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
        java.time.Duration.ofSeconds(60),
        () -> assertThrows(java.io.UncheckedIOException.class, () -> JsonReader.of(Damage.stuttering(null, 0)).next()),
        "the reader spins");
    assertEquals("reading JSON input at offset 0", e.getMessage());
    assertEquals("the stream returned 0 bytes 1000 times in a row (InputStream.read must wait for a byte,"
        + " or return -1 at the end)", e.getCause().getMessage());
    // Some empty reads in a row are waited out.
    byte[] doc = "{\"a\":[1,2.5,\"x\"]}".getBytes(StandardCharsets.UTF_8);
    assertEquals(Json.parse(doc), Json.parse(Damage.stuttering(doc, 999)));
  }
}
