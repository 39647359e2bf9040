package dev.brisk.schema;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brisk.json.Json;
import dev.brisk.json.JsonException;
import dev.brisk.json.JsonReader;
import dev.brisk.json.JsonToken;
import dev.brisk.json.JsonValue;
import dev.brisk.json.JsonWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SchemasTest {
  static String resource(String name) {
    try (var in = SchemasTest.class.getResourceAsStream("/" + name)) {
      return new String(in.readAllBytes(), UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The seed's schema, unchanged, with the seed's data shape (isActive is a boolean there). */
  static final String USERS = resource("users.schema");

  static byte[] bytes(String s) {
    return s.getBytes(UTF_8);
  }

  @Test
  void theSeedSchemaCompilesUnchangedAndReadsTheSeedDocumentInLenientMode() {
    SchemaSet set = Schemas.options().lenient(true).compile(USERS);
    assertEquals(java.util.List.of("Friend", "User", "Users"), set.names());
    byte[] doc = bytes(resource("users.json"));
    JsonRecord users = set.codec("Users").read(doc);
    JsonRecord[] list = (JsonRecord[]) users.get("users");
    dev.brisk.json.JsonArray tree = Json.parse(doc).asObject().getArray("users");
    assertEquals(tree.size(), list.length);
    JsonRecord first = list[0];
    dev.brisk.json.JsonObject expected = tree.get(0).asObject();
    assertEquals(expected.getString("_id"), first.getString("_id"));
    assertEquals(expected.getNumber("latitude").doubleValue(), first.getDouble("latitude"));
    // The boolean in the data is read as its text into the string field, as Esper does.
    assertEquals(String.valueOf(expected.get("isActive").asBoolean()), first.getString("isActive"));
  }

  @Test
  void strictModeRejectsTheBooleanInAStringFieldWithPathAndExpectedType() {
    SchemaSet set = Schemas.compile(USERS);
    JsonException e = assertThrows(JsonException.class, () -> set.codec("Users").read(bytes(resource("users.json"))));
    assertEquals("$.users[0].isActive", e.path());
    assertTrue(e.getMessage().contains("expected a string but found"), e.getMessage());
    assertEquals(7, e.line());
  }

  @Test
  void writeThenReadGivesAnEqualRecordAndTheSameJson() {
    String text = USERS.replace("isActive string", "isActive boolean");
    Codec<JsonRecord> codec = Schemas.compile(text).codec("Users");
    byte[] doc = bytes(resource("users.json"));
    JsonRecord users = codec.read(doc);
    byte[] written = codec.write(users);
    assertEquals(Json.parse(doc), Json.parse(written));
    JsonRecord again = codec.read(written);
    assertEquals(users, again);
    assertEquals(users.hashCode(), again.hashCode());
    assertEquals(new String(written, UTF_8), users.toString());
  }

  @Test
  void compilingTheSameTextTwiceIsACacheHit() {
    assertSame(Schemas.compile(USERS), Schemas.compile(USERS));
    assertNotEquals(Schemas.compile(USERS), Schemas.options().lenient(true).compile(USERS));
  }

  static final String ALL_TYPES =
      "@public @buseventtype create json schema Inner as (n int);\n"
          + "create json schema All(s string, c char, b boolean, by byte, sh short, i int, l long,\n"
          + "  f float, d double, bi BigInteger, bd java.math.BigDecimal, ld LocalDate,\n"
          + "  ldt LocalDateTime, odt OffsetDateTime, zdt ZonedDateTime, u UUID, o Object, m Map,\n"
          + "  ints int[], prim int[primitive], grid string[][], inner Inner, inners Inner[],\n"
          + "  `class` string, `my-field` long, `index` int, `get` string);";

  @Test
  void stringArraysReadEveryElementWhateverTheLayout() {
    String text = "create json schema T(tags string[]);";
    Codec<JsonRecord> codec = Schemas.compile(text).codec("T");
    String[] want = new String[20]; // past the first array's 8 slots
    StringBuilder compact = new StringBuilder("{\"tags\":[");
    StringBuilder pretty = new StringBuilder("{ \"tags\" : [ ");
    for (int i = 0; i < want.length; i++) {
      want[i] = i % 5 == 3 ? null : i % 5 == 1 ? "caf\u00e9 \"" + i + "\"" : i % 5 == 4 ? "" : "t" + i;
      String json = want[i] == null ? "null" : Json.toString(dev.brisk.json.JsonString.of(want[i]));
      compact.append(i == 0 ? "" : ",").append(json);
      pretty.append(i == 0 ? "" : " ,\n  ").append(json);
    }
    for (String doc : new String[] {compact + "]}", pretty + " ] }"}) {
      assertArrayEquals(want, (String[]) codec.read(bytes(doc)).get("tags"), doc);
    }
    assertArrayEquals(new String[0], (String[]) codec.read(bytes("{\"tags\":[]}")).get("tags"));
    assertArrayEquals(new String[] {null}, (String[]) codec.read(bytes("{\"tags\":[null]}")).get("tags"));
    JsonException notAString = assertThrows(JsonException.class, () -> codec.read(bytes("{\"tags\":[\"a\",1]}")));
    assertEquals("$.tags[1]", notAString.path());
    assertTrue(notAString.getMessage().contains("a string"), notAString.getMessage());
    assertThrows(JsonException.class, () -> codec.read(bytes("{\"tags\":[\"a\",\"b")));
    Codec<JsonRecord> lenient = Schemas.options().lenient(true).compile(text).codec("T");
    assertArrayEquals(new String[] {"a", "1", "true"},
        (String[]) lenient.read(bytes("{\"tags\":[\"a\",1,true]}")).get("tags"));
  }

  @Test
  void everyTypeOfTheLanguageReadsAndWritesBack() {
    Codec<JsonRecord> codec = Schemas.compile(ALL_TYPES).codec("All");
    String doc =
        "{\"s\":\"x\\u00e9\",\"c\":\"z\",\"b\":true,\"by\":-128,\"sh\":32767,\"i\":-2147483648,"
            + "\"l\":9223372036854775807,\"f\":0.1,\"d\":41.074136711612084,"
            + "\"bi\":123456789012345678901234567890,\"bd\":0.100000000000000000000000000001,"
            + "\"ld\":\"2024-02-29\",\"ldt\":\"2024-02-29T10:15:30\","
            + "\"odt\":\"2024-02-29T10:15:30+02:00\",\"zdt\":\"2024-02-29T10:15:30+01:00[Europe/Paris]\","
            + "\"u\":\"123e4567-e89b-12d3-a456-426614174000\",\"o\":[1,{\"a\":null}],\"m\":{\"k\":[true]},"
            + "\"ints\":[1,null,3],\"prim\":[4,5],\"grid\":[[\"a\"],[],[\"b\",null]],\"inner\":{\"n\":7},"
            + "\"inners\":[{\"n\":1},null],\"class\":\"k\",\"my-field\":5,\"index\":9,\"get\":\"g\"}";
    JsonRecord r = codec.read(bytes(doc));
    assertEquals("x\u00e9", r.getString("s"));
    assertEquals('z', r.get("c"));
    assertTrue(r.getBoolean("b"));
    assertEquals((byte) -128, r.get("by"));
    assertEquals((short) 32767, r.get("sh"));
    assertEquals(Integer.MIN_VALUE, r.getInt("i"));
    assertEquals(Long.MAX_VALUE, r.getLong("l"));
    assertEquals(0.1f, r.get("f"));
    assertEquals(41.074136711612084, r.getDouble("d"));
    assertEquals(new BigInteger("123456789012345678901234567890"), r.get("bi"));
    assertEquals(new BigDecimal("0.100000000000000000000000000001"), r.get("bd"));
    assertEquals(LocalDate.of(2024, 2, 29), r.get("ld"));
    assertEquals(LocalDateTime.parse("2024-02-29T10:15:30"), r.get("ldt"));
    assertEquals(OffsetDateTime.parse("2024-02-29T10:15:30+02:00"), r.get("odt"));
    assertEquals(ZonedDateTime.parse("2024-02-29T10:15:30+01:00[Europe/Paris]"), r.get("zdt"));
    assertEquals(UUID.fromString("123e4567-e89b-12d3-a456-426614174000"), r.get("u"));
    assertEquals(Json.parse("[1,{\"a\":null}]"), r.get("o"));
    assertEquals(Json.parse("{\"k\":[true]}"), r.get("m"));
    assertArrayEquals(new Integer[] {1, null, 3}, (Integer[]) r.get("ints"));
    assertArrayEquals(new int[] {4, 5}, (int[]) r.get("prim"));
    assertArrayEquals(new String[][] {{"a"}, {}, {"b", null}}, (String[][]) r.get("grid"));
    assertEquals(7, r.getRecord("inner").getInt("n"));
    assertEquals(2, ((JsonRecord[]) r.get("inners")).length);
    assertEquals("k", r.getString("class"));
    assertEquals(5L, r.get("my-field"));
    assertEquals(9, r.getInt("index"));
    assertEquals("g", r.getString("get"));
    assertEquals(Json.parse(doc), Json.parse(codec.write(r)));
  }

  @Test
  void generatedRecordsHaveTypedAccessorsForJavaNamesThatNeededChanging() throws Exception {
    JsonRecord r = Schemas.compile(ALL_TYPES).codec("All").read(bytes("{\"class\":\"k\",\"get\":\"g\",\"i\":3}"));
    assertEquals("k", r.getClass().getMethod("class_").invoke(r));
    assertEquals("g", r.getClass().getMethod("get_").invoke(r));
    assertEquals(3, r.getClass().getMethod("i").invoke(r));
  }

  @Test
  void absentFieldsAreNullAndPrimitiveGettersSaySo() {
    JsonRecord r = Schemas.compile(ALL_TYPES).codec("All").read(bytes("{\"i\":null,\"s\":null}"));
    assertNull(r.get("i"));
    assertNull(r.get("l"));
    assertNull(r.get("s"));
    assertFalse(r.has("i"));
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> r.getInt("i"));
    assertTrue(e.getMessage().contains("absent"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> r.get("nope"));
    assertEquals(-1, r.indexOf("nope"));
    assertEquals("s", r.fieldName(0));
    assertThrows(IndexOutOfBoundsException.class, () -> r.get(99));
    // has(i) is get(i) != null: an index the schema lacks is an error for both (has said false,
    // for -1 or the field after the last, and threw NullPointerException from 64 up).
    for (int bad : new int[] {-1, r.size(), 64, 200}) {
      IndexOutOfBoundsException x = assertThrows(IndexOutOfBoundsException.class, () -> r.has(bad));
      assertTrue(x.getMessage().endsWith("there is no field " + bad), x.getMessage());
    }
    assertThrows(NullPointerException.class, () -> Schemas.compile(ALL_TYPES).codec(null));
    // Absent fields write as null, so the document reads back equal.
    assertEquals(r, Schemas.compile(ALL_TYPES).codec("All").read(bytes(r.toString())));
  }

  /**
   * getInt and getLong give a field's number exactly or fail: getInt of a long field holding
   * 5000000000 returned 705032704, and of a double 1.5 returned 1 (Number.intValue cuts).
   */
  @Test
  void typedGettersNeverCutANumberToFit() {
    Codec<JsonRecord> c = Schemas.compile("create json schema N(l long, d double, bi BigInteger, bd BigDecimal, s string, i int)").codec("N");
    JsonRecord big = c.read(bytes("{\"l\":5000000000,\"d\":1.5,\"bi\":99999999999999999999,\"bd\":1e-999999999,\"s\":\"x\",\"i\":-3}"));
    String[][] cases = {
      {"l", "int", "field \"l\" of N is 5000000000, not an int"},
      {"d", "int", "field \"d\" of N is 1.5, not an int"},
      {"d", "long", "field \"d\" of N is 1.5, not a long"},
      {"bi", "long", "field \"bi\" of N is 99999999999999999999, not a long"},
      {"bd", "long", "field \"bd\" of N is 1E-999999999, not a long"},
    };
    for (String[] t : cases) {
      ArithmeticException e = assertThrows(ArithmeticException.class,
          () -> { if (t[1].equals("int")) { big.getInt(t[0]); } else { big.getLong(t[0]); } }, t[0]);
      assertEquals(t[2], e.getMessage());
    }
    assertEquals(5_000_000_000L, big.getLong("l"));
    assertEquals(-3, big.getInt("i"));
    assertEquals(-3L, big.getLong("i"));
    IllegalStateException notNumber = assertThrows(IllegalStateException.class, () -> big.getInt("s"));
    assertEquals("field \"s\" of N is a String, not a number", notNumber.getMessage());
    IllegalStateException notString = assertThrows(IllegalStateException.class, () -> big.getString("i"));
    assertEquals("field \"i\" of N is an Integer, not a string", notString.getMessage());
    JsonRecord whole = c.read(bytes("{\"l\":7,\"d\":2.0,\"bi\":12,\"bd\":3.000}"));
    assertEquals(7, whole.getInt("l"));
    assertEquals(2, whole.getInt("d"));
    assertEquals(12L, whole.getLong("bi"));
    assertEquals(3, whole.getInt("bd"));
  }

  @Test
  void requiredFieldsOfASchemaTheTextDoesNotDeclareAreAnError() {
    // It was ignored: a misspelt schema name left its fields optional without a word.
    SchemaException e = assertThrows(SchemaException.class,
        () -> Schemas.options().required("Usr", "id").compile("create json schema User(id string)"));
    assertEquals("line 1, column 20: required(\"Usr\", ...) names a schema this text does not declare; it declares [User]",
        e.getMessage());
  }

  @Test
  void requiredFieldsMustBePresentAndNotNull() {
    Codec<JsonRecord> codec =
        Schemas.options().required("Friend", "id").compile("create json schema Friend(id string, name string)").codec("Friend");
    assertEquals("1", codec.read(bytes("{\"id\":\"1\"}")).getString("id"));
    JsonException missing = assertThrows(JsonException.class, () -> codec.read(bytes("{\"name\":\"n\"}")));
    assertTrue(missing.getMessage().contains("required field \"id\" of Friend is missing or null"), missing.getMessage());
    assertThrows(JsonException.class, () -> codec.read(bytes("{\"id\":null}")));
    SchemaException wrong =
        assertThrows(SchemaException.class, () -> Schemas.options().required("Friend", "nope").compile("create json schema Friend(id string)"));
    assertEquals("line 1, column 20: required field \"nope\" is not a field of Friend (its fields: id)", wrong.getMessage());
    String many = java.util.stream.IntStream.range(0, 25).mapToObj(i -> "f" + i + " int")
        .collect(java.util.stream.Collectors.joining(", ", "create json schema Wide(", ")"));
    SchemaException wide = assertThrows(SchemaException.class, () -> Schemas.options().required("Wide", "f25").compile(many));
    assertTrue(wide.getMessage().endsWith("(its fields: f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15,"
        + " f16, f17, f18, f19 and 5 more)"), wide.getMessage());
  }

  @Test
  void unknownFieldsAreSkippedRejectedOrCaptured() {
    String text = "create json schema Friend(id string, name string)";
    String doc = "{\"id\":\"1\",\"extra\":{\"deep\":[1,2]},\"name\":\"n\",\"more\":5}";
    JsonRecord skipped = Schemas.compile(text).codec("Friend").read(bytes(doc));
    assertEquals("n", skipped.getString("name"));
    assertTrue(skipped.unknown().isEmpty());

    JsonException e =
        assertThrows(JsonException.class, () -> Schemas.options().unknownFields(UnknownFields.REJECT).compile(text).codec("Friend").read(bytes(doc)));
    assertTrue(e.getMessage().contains("unknown field \"extra\" in Friend"), e.getMessage());
    assertEquals("$.extra", e.path());

    Codec<JsonRecord> capture = Schemas.options().unknownFields(UnknownFields.CAPTURE).compile(text).codec("Friend");
    JsonRecord captured = capture.read(bytes(doc));
    assertEquals(Json.parse("{\"deep\":[1,2]}"), captured.unknown().get("extra"));
    assertEquals(Json.parse("5"), captured.unknown().get("more"));
    assertEquals(Json.parse("{\"id\":\"1\",\"name\":\"n\",\"extra\":{\"deep\":[1,2]},\"more\":5}"), Json.parse(capture.write(captured)));
  }

  /**
   * Esper's @JsonSchema(dynamic=true) keeps the members a schema does not declare; the annotation
   * was skipped, and they were dropped when the event was read and written back.
   */
  @Test
  void anEsperDynamicSchemaKeepsTheMembersItDoesNotDeclare() {
    String text = "@public @JsonSchema(className='x', dynamic = true)\ncreate json schema Friend(id string, name string);\n"
        + "create json schema Plain(id string, f Friend)";
    String doc = "{\"id\":\"1\",\"f\":{\"id\":\"2\",\"extra\":[1,{\"a\":true}],\"name\":\"n\"},\"more\":5}";
    SchemaSet set = Schemas.compile(text);
    JsonRecord plain = set.codec("Plain").read(bytes(doc));
    assertTrue(plain.unknown().isEmpty(), "a schema without the annotation skips them, as before");
    JsonRecord friend = plain.getRecord("f");
    assertEquals(Json.parse("[1,{\"a\":true}]"), friend.unknown().get("extra"));
    assertEquals(Json.parse("{\"id\":\"1\",\"f\":{\"id\":\"2\",\"name\":\"n\",\"extra\":[1,{\"a\":true}]}}"),
        Json.parse(set.codec("Plain").write(plain)));
    assertTrue(Schemas.compile("@JsonSchema(dynamic=false) create json schema F(id string)").codec("F")
        .read(bytes("{\"x\":1}")).unknown().isEmpty());
    // Rejecting unknown members, when asked for, still rejects them (brisk validate --reject-unknown).
    JsonException rejected = assertThrows(JsonException.class, () -> Schemas.options()
        .unknownFields(UnknownFields.REJECT).compile(text).codec("Plain").read(bytes(doc)));
    assertEquals("$.f.extra", rejected.path());
  }

  @Test
  void typeMismatchIsAnErrorWithPathAndExpectedTypeUnlessLenient() {
    String text = "create json schema T(i int, b boolean, l long, d double, s short)";
    Codec<JsonRecord> strict = Schemas.compile(text).codec("T");
    JsonException e = assertThrows(JsonException.class, () -> strict.read(bytes("{\"i\":\"1\"}")));
    assertEquals("$.i", e.path());
    assertTrue(e.getMessage().contains("expected an int"), e.getMessage());
    assertThrows(JsonException.class, () -> strict.read(bytes("{\"b\":\"true\"}")));
    assertThrows(JsonException.class, () -> strict.read(bytes("{\"i\":1.5}")));
    assertThrows(JsonException.class, () -> strict.read(bytes("{\"i\":{}}")));

    Codec<JsonRecord> lenient = Schemas.options().lenient(true).compile(text).codec("T");
    JsonRecord r = lenient.read(bytes("{\"i\":\"1\",\"b\":\"true\",\"l\":\"-5\",\"d\":\"2.5\",\"s\":\"7\"}"));
    assertEquals(1, r.getInt("i"));
    assertTrue(r.getBoolean("b"));
    assertEquals(-5L, r.getLong("l"));
    assertEquals(2.5, r.getDouble("d"));
    JsonException bad = assertThrows(JsonException.class, () -> lenient.read(bytes("{\"i\":\"1x\"}")));
    assertEquals("$.i", bad.path());
    JsonException over = assertThrows(JsonException.class, () -> lenient.read(bytes("{\"i\":\"2147483648\"}")));
    assertEquals("$.i", over.path());
    // A BigDecimal in a string that no BigDecimal holds: at the member (it said line 1, column 1, $).
    Codec<JsonRecord> decimals = Schemas.options().lenient(true).compile("create json schema D(bd BigDecimal)").codec("D");
    JsonException beyond = assertThrows(JsonException.class, () -> decimals.read(bytes("{\"bd\":\"1e99999999999\"}")));
    assertEquals("$.bd", beyond.path());
    assertEquals(7, beyond.column());
    assertTrue(beyond.getMessage().contains("(in the string \"1e99999999999\")"), beyond.getMessage());
  }

  @Test
  void integerOverflowIsAnErrorNeverAWrap() {
    Codec<JsonRecord> c = Schemas.compile("create json schema T(i int, b byte, s short, l long)").codec("T");
    for (String doc : new String[] {"{\"i\":2147483648}", "{\"b\":128}", "{\"s\":-32769}", "{\"l\":9223372036854775808}"}) {
      JsonException e = assertThrows(JsonException.class, () -> c.read(bytes(doc)), doc);
      assertTrue(e.path().startsWith("$."), e.path());
    }
  }

  @Test
  void doublesAndFloatsAreExact() {
    Codec<JsonRecord> c = Schemas.compile("create json schema T(d double, f float)").codec("T");
    java.util.Random random = new java.util.Random(7);
    for (int i = 0; i < 2000; i++) {
      double d = Double.longBitsToDouble(random.nextLong());
      float f = Float.intBitsToFloat(random.nextInt());
      if (!Double.isFinite(d) || !Float.isFinite(f)) {
        continue;
      }
      JsonRecord r = c.read(bytes("{\"d\":" + d + ",\"f\":" + f + "}"));
      assertEquals(d, r.getDouble("d"));
      assertEquals(f, (Float) r.get("f"));
      assertEquals(r, c.read(c.write(r)));
    }
    // The float nearest to this decimal differs from the float nearest to the double nearest it.
    assertEquals(Float.parseFloat("1.00000017881393432617187499"),
        (Float) c.read(bytes("{\"f\":1.00000017881393432617187499}")).get("f"));
  }

  @Test
  void badValuesForDatesCharsAndUuidsNameThePath() {
    Codec<JsonRecord> c = Schemas.compile("create json schema T(d LocalDate, c char, u UUID, m Map)").codec("T");
    assertEquals("$.d", assertThrows(JsonException.class, () -> c.read(bytes("{\"d\":\"2024-13-01\"}"))).path());
    assertEquals("$.c", assertThrows(JsonException.class, () -> c.read(bytes("{\"c\":\"ab\"}"))).path());
    assertEquals("$.u", assertThrows(JsonException.class, () -> c.read(bytes("{\"u\":\"1-2-3-4-5\"}"))).path());
    assertEquals("$.m", assertThrows(JsonException.class, () -> c.read(bytes("{\"m\":[1]}"))).path());
  }

  @Test
  void aLongBadStringIsQuotedByItsStartAndEnd() {
    Codec<JsonRecord> c = Schemas.compile("create json schema T(d LocalDate, u UUID, n int)").codec("T");
    String junk = "2024-" + "9".repeat(100_000) + "-end";
    for (String field : new String[] {"d", "u"}) {
      JsonException e = assertThrows(JsonException.class,
          () -> c.read(bytes("{\"" + field + "\":\"" + junk + "\"}")));
      assertTrue(e.getMessage().length() < 600, e.getMessage());
      assertTrue(e.getMessage().contains("\"2024-999") && e.getMessage().contains("999-end\""), e.getMessage());
      assertTrue(e.getMessage().contains("(99829 characters)"), e.getMessage());
    }
    Codec<JsonRecord> lenient = Schemas.options().lenient(true).compile("create json schema T(n int)").codec("T");
    JsonException e = assertThrows(JsonException.class, () -> lenient.read(bytes("{\"n\":\"" + junk + "\"}")));
    assertTrue(e.getMessage().length() < 600, e.getMessage());
  }

  @Test
  void nestedErrorsCarryTheFullPath() {
    Codec<JsonRecord> codec = Schemas.compile(USERS).codec("Users");
    JsonException e =
        assertThrows(JsonException.class, () -> codec.read(bytes("{\"users\":[{\"friends\":[{\"id\":\"1\"},{\"id\":2}]}]}")));
    assertEquals("$.users[0].friends[1].id", e.path());
    JsonException notArray = assertThrows(JsonException.class, () -> codec.read(bytes("{\"users\":{}}")));
    assertTrue(notArray.getMessage().contains("expected an array of User but found an object"), notArray.getMessage());
  }

  @Test
  void deeplyNestedInputHitsTheDepthLimitNotTheStack() {
    Codec<JsonRecord> c = Schemas.compile("create json schema Node(children Node[])").codec("Node");
    StringBuilder b = new StringBuilder();
    int depth = 200_000;
    for (int i = 0; i < depth; i++) {
      b.append("{\"children\":[");
    }
    JsonException e = assertThrows(JsonException.class, () -> c.read(bytes(b.toString())));
    assertTrue(e.getMessage().contains("maxDepth"), e.getMessage());
    // Within the limit, recursion through the generated code works.
    StringBuilder ok = new StringBuilder();
    for (int i = 0; i < 400; i++) {
      ok.append("{\"children\":[");
    }
    ok.append("{}");
    for (int i = 0; i < 400; i++) {
      ok.append("]}");
    }
    JsonRecord r = c.read(bytes(ok.toString()));
    assertEquals(1, ((JsonRecord[]) r.get("children")).length);
  }

  @Test
  void aReaderWithARaisedDepthLimitStillCannotTakeTheCodecPastItsStack() {
    Codec<JsonRecord> c = Schemas.compile("create json schema Node(children Node[])").codec("Node");
    int levels = 50_000; // 100 000 deep: far more calls than a thread's stack holds
    String doc = "{\"children\":[".repeat(levels) + "{}" + "]}".repeat(levels);
    dev.brisk.json.Json deep = dev.brisk.json.Json.builder().maxDepth(2 * levels + 10).build();
    try (dev.brisk.json.JsonReader r = deep.reader(bytes(doc))) {
      JsonException e = assertThrows(JsonException.class, () -> c.read(r));
      assertTrue(e.getMessage().startsWith("records nested deeper than 1000 levels"), e.getMessage());
      assertEquals(500, e.path().split("\\[0\\]", -1).length - 1, "the 501st Node (in 500 arrays), at depth 1001: " + e.shownPath());
    }
  }

  @Test
  void aCodecReadingAStreamThatNeverEndsStopsAtMaxTreeLength() {
    Codec<JsonRecord> c = Schemas.compile("create json schema T(name string, xs string[])").codec("T");
    java.io.InputStream endless = new java.io.InputStream() { // {"name":"t","xs":["ab","ab",... for ever
      final byte[] head = bytes("{\"name\":\"t\",\"xs\":[");
      long at;

      @Override
      public int read() {
        long i = at++;
        return i < head.length ? head[(int) i] : "\"ab\",".charAt((int) ((i - head.length) % 5));
      }

      @Override
      public int read(byte[] b, int off, int len) {
        for (int k = 0; k < len; k++) {
          b[off + k] = (byte) read();
        }
        return len;
      }
    };
    Json small = Json.builder().maxTreeLength(1 << 20).build();
    try (JsonReader r = small.reader(endless)) {
      JsonException e = assertThrows(JsonException.class, () -> c.read(r));
      assertTrue(e.getMessage().startsWith("value read into memory from a stream longer than maxTreeLength (1048576 bytes)"),
          e.getMessage());
      assertTrue(e.path().startsWith("$.xs["), e.path());
    }
    // The same codec, the same limit, a value from bytes in memory: no limit applies.
    String many = "{\"name\":\"t\",\"xs\":[" + "\"ab\",".repeat(300_000) + "\"ab\"]}";
    try (JsonReader r = small.reader(bytes(many))) {
      assertEquals(300_001, java.lang.reflect.Array.getLength(c.read(r).get("xs")));
    }
  }

  /** A Node(label string, children Node[]) built by its generated constructor, as users of compiled sources do. */
  private static JsonRecord node(java.lang.reflect.Constructor<?> make, String label, JsonRecord... children) {
    try {
      Object kids = java.lang.reflect.Array.newInstance(make.getDeclaringClass(), children.length);
      System.arraycopy(children, 0, kids, 0, children.length);
      return (JsonRecord) make.newInstance(label, kids, 0b11L, null, null);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void recordsBuiltDeeperThanTheStackCompareAndHash() throws Throwable {
    Codec<JsonRecord> c = Schemas.compile("create json schema Node(label string, children Node[])").codec("Node");
    java.lang.reflect.Constructor<?> make = c.read(bytes("{}")).getClass().getConstructors()[0];
    assertEquals(5, make.getParameterCount(), "label, children, present, presentMore, unknown");
    JsonRecord small = node(make, "a", node(make, "b"), node(make, null, node(make, "c")));
    assertEquals(c.read(bytes("{\"label\":\"a\",\"children\":[{\"label\":\"b\",\"children\":[]},"
        + "{\"children\":[{\"label\":\"c\",\"children\":[]}]}]}")), small);
    assertEquals(recursiveHash(small), small.hashCode());
    Codec<JsonRecord> p = Schemas.compile(
        "create json schema P(xs int[primitive], zs double[primitive], ys double[][], s string[])").codec("P");
    JsonRecord arrays = p.read(bytes("{\"xs\":[1,2],\"zs\":[2.5],\"ys\":[[0.5],[]],\"s\":[\"a\",null]}"));
    assertEquals(recursiveHash(arrays), arrays.hashCode());
    assertNotEquals(node(make, "a", node(make, "b"), node(make, null, node(make, "d"))), small);
    assertNotEquals(node(make, "a", node(make, "b")), small);
    int levels = 40_000;
    JsonRecord x = node(make, "leaf");
    JsonRecord same = node(make, "leaf");
    JsonRecord other = node(make, "other leaf");
    for (int i = 0; i < levels; i++) {
      x = node(make, "n", x);
      same = node(make, "n", same);
      other = node(make, "n", other);
    }
    JsonRecord a = x;
    JsonRecord b = same;
    JsonRecord o = other;
    dev.brisk.testkit.SmallStack.run(() -> { // recursing through 40 000 levels would overflow its stack
      assertEquals(a, b);
      assertEquals(a.hashCode(), b.hashCode());
      assertNotEquals(a, o);
      assertNotEquals(a.hashCode(), o.hashCode());
    });
  }

  /** The hash code's definition, written recursively. */
  private static int recursiveHash(JsonRecord r) {
    Object[] values = new Object[r.size()];
    for (int i = 0; i < values.length; i++) {
      Object v = r.get(i);
      if (v instanceof JsonRecord[]) {
        JsonRecord[] rs = (JsonRecord[]) v;
        Object[] hashes = new Object[rs.length];
        for (int j = 0; j < rs.length; j++) {
          hashes[j] = rs[j] == null ? null : recursiveHash(rs[j]);
        }
        v = hashes;
      }
      values[i] = v;
    }
    return r.typeName().hashCode() * 31 + java.util.Arrays.deepHashCode(values);
  }

  @Test
  void allEntryPointsOfCodec() throws IOException {
    Codec<JsonRecord> c = Schemas.compile("create json schema F(id string)").codec("F");
    byte[] framed = bytes("xx{\"id\":\"1\"}yy");
    assertEquals("1", c.read(framed, 2, framed.length - 4).getString("id"));
    assertEquals("1", c.read(new ByteArrayInputStream(bytes("{\"id\":\"1\"}"))).getString("id"));
    // A stream is read to its end and left open; data after the value is an error, and the next
    // read from a stream starts clean.
    boolean[] closed = {false};
    ByteArrayInputStream open = new ByteArrayInputStream(bytes("{\"id\":\"2\"}")) {
      @Override
      public void close() {
        closed[0] = true;
      }
    };
    assertEquals("2", c.read(open).getString("id"));
    assertFalse(closed[0], "the stream is the caller's to close");
    JsonException trailing = assertThrows(JsonException.class,
        () -> c.read(new ByteArrayInputStream(bytes("{\"id\":\"3\"} {}"))));
    assertTrue(trailing.getMessage().contains("offset 11"), trailing.getMessage());
    assertEquals("4", c.read(new ByteArrayInputStream(bytes("{\"id\":\"4\"}"))).getString("id"));
    JsonReader r = JsonReader.of("[{\"id\":\"a\"},{\"id\":\"b\"}]");
    r.next();
    r.next();
    assertEquals("a", c.read(r).getString("id"));
    assertEquals(JsonToken.END_OBJECT, r.token());
    r.next();
    assertEquals("b", c.read(r).getString("id"));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JsonRecord rec = c.read(bytes("{\"id\":\"1\"}"));
    c.write(rec, out);
    assertEquals("{\"id\":\"1\"}", out.toString(UTF_8));
    JsonWriter w = JsonWriter.create();
    w.beginArray();
    c.write(rec, w);
    c.write(null, w);
    w.endArray();
    assertEquals("[{\"id\":\"1\"},null]", w.toString());
    assertNull(c.read(bytes("null")));
    assertThrows(JsonException.class, () -> c.read(bytes("{\"id\":\"1\"} {}")));
    assertEquals("F", c.typeName());
    Codec<JsonRecord> other = Schemas.compile("create json schema G(id string)").codec("G");
    assertThrows(IllegalArgumentException.class, () -> other.write(rec));
  }

  /**
   * A codec writes to a stream through the thread's 8 KiB buffer, in pieces: the same bytes as
   * {@code write(value)}, flushed, the stream left open, and no array the document's length.
   */
  @Test
  void aCodecStreamsALargeDocumentInPiecesAndLeavesTheStreamOpen() {
    Codec<JsonRecord> c = Schemas.compile("create json schema F(id string, tags string[])").codec("F");
    StringBuilder doc = new StringBuilder("{\"id\":\"big\",\"tags\":[");
    for (int i = 0; i < 5000; i++) {
      doc.append(i == 0 ? "" : ",").append("\"tag-").append(i).append('"');
    }
    JsonRecord big = c.read(bytes(doc.append("]}").toString()));
    byte[] whole = c.write(big);
    assertTrue(whole.length > 40_000, "a document of " + whole.length + " bytes");
    java.util.List<Integer> pieces = new java.util.ArrayList<>();
    int[] flushes = {0};
    boolean[] closed = {false};
    ByteArrayOutputStream out = new ByteArrayOutputStream() {
      @Override
      public synchronized void write(byte[] b, int off, int len) {
        pieces.add(len);
        super.write(b, off, len);
      }

      @Override
      public void flush() {
        flushes[0]++;
      }

      @Override
      public void close() {
        closed[0] = true;
      }
    };
    c.write(big, out);
    assertArrayEquals(whole, out.toByteArray());
    assertTrue(pieces.size() > 1 && java.util.Collections.max(pieces) <= 8192, "pieces " + pieces);
    assertTrue(flushes[0] > 0, "flushed");
    assertFalse(closed[0], "the stream is the caller's to close");
    java.io.OutputStream broken = new java.io.OutputStream() {
      @Override
      public void write(int b) throws IOException { // OutputStream's write of an array calls it
        throw new IOException("disk full");
      }
    };
    java.io.UncheckedIOException failed = assertThrows(java.io.UncheckedIOException.class, () -> c.write(big, broken));
    assertEquals("disk full", failed.getCause().getMessage());
  }

  @Test
  void recordsOfDifferentSchemasAreNotEqual() {
    JsonRecord f = Schemas.compile("create json schema F(id string)").codec("F").read(bytes("{\"id\":\"1\"}"));
    JsonRecord g = Schemas.compile("create json schema G(id string)").codec("G").read(bytes("{\"id\":\"1\"}"));
    assertNotEquals(f, g);
  }

  /** Esper's grammar takes a type name in backquotes too (escapableStr); a schema named `A B` could not be used. */
  @Test
  void aTypeNameMayBeInBackquotes() {
    Codec<JsonRecord> c = Schemas.compile("create json schema `A B`(`index` int);\n"
        + "create json schema C(x `A B`, xs `A B`[], n `int`, s `string`[])").codec("C");
    JsonRecord r = c.read(bytes("{\"x\":{\"index\":1},\"xs\":[{\"index\":2}],\"n\":3,\"s\":[\"a\"]}"));
    assertEquals(1, r.getRecord("x").getInt("index"));
    assertEquals(3, r.getInt("n"));
    assertEquals(Json.parse("{\"x\":{\"index\":1},\"xs\":[{\"index\":2}],\"n\":3,\"s\":[\"a\"]}"), Json.parse(c.write(r)));
    SchemaException open = assertThrows(SchemaException.class, () -> Schemas.compile("create json schema C(x `A B)"));
    assertTrue(open.getMessage().contains("unclosed '`' in a type"), open.getMessage());
  }

  @Test
  void inheritsPutsTheParentsFieldsFirst() {
    SchemaSet set = Schemas.compile("create json schema Base(id string); create json schema Child(n int) inherits Base;");
    JsonRecord c = set.codec("Child").read(bytes("{\"n\":1,\"id\":\"x\"}"));
    assertEquals("id", c.fieldName(0));
    assertEquals("{\"id\":\"x\",\"n\":1}", c.toString());
  }

  /**
   * Esper's other qualifiers after the field list, in any order, as Esper 9 takes them (checked
   * against its compiler): copyfrom puts the named schemas' fields after the inherited ones and
   * before the schema's own; a field reached twice through the same schema is one field; a copied
   * name the schema declares itself is declared twice. starttimestamp and endtimestamp name a long
   * or date-time field, the end only with a start. They used to be "expected ';'".
   */
  @Test
  void copyfromAndTimestampsAreTakenAsEsperTakesThem() {
    SchemaSet set = Schemas.compile("create json schema B(y int);\n"
        + "create json schema C(c int) copyfrom B;\n"
        + "create json schema A(x long, t java.time.ZonedDateTime) copyfrom B, C endtimestamp t inherits B starttimestamp x");
    JsonRecord a = set.codec("A").read(bytes("{\"x\":5,\"y\":1,\"c\":2}"));
    assertEquals(java.util.List.of("y", "c", "x", "t"), a.type().fieldNames());
    assertEquals(2, a.getInt("c"));
    assertEquals(java.util.List.of("y", "c"), set.codec("C").read(bytes("{}")).type().fieldNames());
    String[][] bad = {
      {"create json schema B(x int); create json schema A(x int) copyfrom B", "field \"x\" of A is declared twice"},
      {"create json schema A(x int) copyfrom Z", "schema A copies fields from Z, which this text does not declare"},
      {"create json schema A(x int) copyfrom A", "schema A inherits or copies from itself"},
      {"create json schema A(x string) starttimestamp x", "start timestamp field \"x\" of A is java.lang.String, not a long"},
      {"create json schema A(x long[]) starttimestamp x", "not a long or a date-time"},
      {"create json schema A(x long) starttimestamp z", "line 1, column 45: start timestamp field \"z\" is not a field of A"},
      {"create json schema A(x long) endtimestamp x", "endtimestamp needs a starttimestamp too"},
      {"create json schema A(x long) inherits", "an inherited schema name"},
    };
    for (String[] b : bad) {
      SchemaException e = assertThrows(SchemaException.class, () -> Schemas.compile(b[0]), b[0]);
      assertTrue(e.getMessage().contains(b[1]), e.getMessage());
    }
  }

  /**
   * A schema may be named like a built-in type, but a field of that type is the built-in one, as
   * Esper 9 resolves it (checked against its compiler); the schema made it an object before.
   */
  @Test
  void aBuiltInTypeNameMeansTheBuiltInTypeEvenWhenASchemaHasIt() {
    SchemaSet set = Schemas.compile("create json schema string(x int); create json schema Integer(y int);"
        + " create json schema A(s string, i Integer, t string[])");
    JsonRecord a = set.codec("A").read(bytes("{\"s\":\"abc\",\"i\":7,\"t\":[\"u\"]}"));
    assertEquals("abc", a.getString("s"));
    assertEquals(7, a.getInt("i"));
    assertEquals("{\"x\":1}", set.codec("string").read(bytes("{\"x\":1}")).toString(), "still a schema of its own");
  }

  /**
   * Text Esper 9 compiles that Brisk refused (each checked against its compiler): empty statements,
   * a dotted field name (one field, named x.y), and [primitive] after a type without a primitive
   * (a plain array, String[] in Esper).
   */
  @Test
  void emptyStatementsDottedFieldNamesAndPrimitiveStringArraysAreTakenAsEsperTakesThem() {
    SchemaSet set = Schemas.compile(";create json schema A(x.y int, s string[primitive]);; ;\ncreate json schema B(z int);");
    assertEquals(java.util.List.of("A", "B"), set.names());
    JsonRecord a = set.codec("A").read(bytes("{\"x.y\":3,\"s\":[\"p\",null]}"));
    assertEquals(3, a.getInt("x.y"));
    assertArrayEquals(new String[] {"p", null}, (String[]) a.get("s"));
    assertThrows(SchemaException.class, () -> Schemas.compile(";;"), "no schema at all");
  }

  /**
   * The compile cache is keyed by the options as values: required("A", "x, y") (one field, named
   * with a comma) and required("A", "x", "y") printed alike, and the second got the first's codec.
   */
  @Test
  void optionsThatPrintAlikeAreNotTakenForEachOther() {
    String text = "create json schema A(`x, y` int, x int, y int)";
    Schemas.options().required("A", "x, y").compile(text);
    Codec<JsonRecord> two = Schemas.options().required("A", "x", "y").compile(text).codec("A");
    assertThrows(JsonException.class, () -> two.read(bytes("{\"x, y\":1}")));
    assertSame(Schemas.options().required("A", "y", "x").compile(text), Schemas.options().required("A", "x", "y").compile(text),
        "the same options in another order are the same key");
  }

  @Test
  void schemaErrorsSayWhereAndWhat() {
    SchemaException unknownType = assertThrows(SchemaException.class,
        () -> Schemas.compile("create json schema A(id string,\n  name strng)"));
    assertEquals(2, unknownType.line());
    assertEquals(3, unknownType.column());
    assertTrue(unknownType.getMessage().contains("unknown type 'strng' for field \"name\" of A"), unknownType.getMessage());

    SchemaException missingParen = assertThrows(SchemaException.class, () -> Schemas.compile("create json schema A(id string"));
    assertTrue(missingParen.getMessage().contains("expected ')'"), missingParen.getMessage());

    SchemaException noType = assertThrows(SchemaException.class, () -> Schemas.compile("create json schema A(id)"));
    assertTrue(noType.getMessage().contains("has no type"), noType.getMessage());

    SchemaException twice = assertThrows(SchemaException.class, () -> Schemas.compile("create json schema A(id string, id int)"));
    assertTrue(twice.getMessage().contains("declared twice"), twice.getMessage());

    SchemaException keyword = assertThrows(SchemaException.class, () -> Schemas.compile("create schema A(id string)"));
    assertEquals(1, keyword.line());
    assertEquals(8, keyword.column());

    assertThrows(SchemaException.class, () -> Schemas.compile(""));
    assertThrows(SchemaException.class, () -> Schemas.compile("create json schema B(y int); create json schema A(x B[primitive])"));
    assertThrows(SchemaException.class, () -> Schemas.compile("create json schema A() inherits A"));
    assertThrows(SchemaException.class, () -> Schemas.compile("create json schema A(x int) /* open"));
    assertThrows(IllegalArgumentException.class, () -> Schemas.compile("create json schema A(x int)").codec("B"));
  }

  @Test
  void commentsAndEmptySchemasAreAccepted() {
    SchemaSet set = Schemas.compile("// users\ncreate json schema E();\n/* two */ create json schema F(`a b` string);");
    assertEquals("{}", set.codec("E").read(bytes("{\"x\":1}")).toString());
    assertEquals("q", set.codec("F").read(bytes("{\"a b\":\"q\"}")).getString("a b"));
  }

  @Test
  void generatedSourcesAreThereToRead() {
    var sources = Schemas.options().packageName("com.example.events").generate(USERS);
    assertEquals(
        java.util.List.of(
            "com/example/events/Friend.java", "com/example/events/FriendCodec.java",
            "com/example/events/User.java", "com/example/events/UserCodec.java",
            "com/example/events/Users.java", "com/example/events/UsersCodec.java"),
        java.util.List.copyOf(sources.keySet()));
    assertTrue(sources.get("com/example/events/UserCodec.java").contains("switch (r.nameHash())"));
    assertThrows(IllegalArgumentException.class, () -> Schemas.options().packageName("1bad"));
    // A keyword in a package name made code that did not compile ("a bug in Brisk"), and java.*
    // a SecurityException from the class loader; both are refused where the name is given.
    for (String bad : new String[] {"assert.x", "com._", "java", "java.lang", "java.foo"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Schemas.options().packageName(bad), bad);
      assertTrue(e.getMessage().contains(bad), e.getMessage());
    }
    for (String good : new String[] {"com.acme.record", "javax.foo", "org.var.yield", "a1.b2"}) {
      assertEquals(1, Schemas.options().packageName(good).compile("create json schema A(x int)").codec("A")
          .read(bytes("{\"x\":1}")).getInt("x"), good);
    }
  }

  @Test
  void aSchemaNamedLikeAnotherSchemasCodecGetsClassesOfItsOwn() {
    // Schema UserCodec took the class name of User's codec, and the generated code did not
    // compile ("a bug in Brisk").
    String text = "create json schema UserCodec(b string); create json schema User(a UserCodec)";
    JsonRecord r = Schemas.compile(text).codec("User").read(bytes("{\"a\":{\"b\":\"x\"}}"));
    assertEquals("x", r.getRecord("a").getString("b"));
    assertEquals(java.util.List.of("p/UserCodec.java", "p/UserCodecCodec.java", "p/User2.java", "p/User2Codec.java"),
        java.util.List.copyOf(Schemas.options().packageName("p").generate(text).keySet()));
  }

  /** {@code create json schema NAME(f0 TYPE, f1 TYPE, ...)} with {@code n} fields. */
  static String wide(String name, int n, String type) {
    StringBuilder b = new StringBuilder("create json schema ").append(name).append('(');
    for (int i = 0; i < n; i++) {
      b.append(i == 0 ? "" : ", ").append('f').append(i).append(' ').append(type);
    }
    return b.append(')').toString();
  }

  /**
   * A field is read into a local variable of its name, and a generated record keeps it in a field
   * of that name: one named like something the generated code refers to (a package such as java,
   * a class such as JsonReader, the constant NAMES, another schema's codec) would hide it, and the
   * code did not compile ("the generated code did not compile, which is a bug in Brisk").
   */
  @Test
  void fieldsNamedLikeWhatTheGeneratedCodeRefersToReadAndWriteBack() throws Exception {
    Codec<JsonRecord> codec = Schemas.compile("create json schema B(z string);\n"
        + "create json schema A(java int, dev double, javax string, NAMES int, INSTANCE string,"
        + " JsonReader string, JsonToken long, CodecSupport Map, JsonNames Object, JsonWriter B,"
        + " GeneratedCodec B[], BCodec string, B B, name string, name_ string, seen0 int,"
        + " seen0_ int[primitive], r int, t string)").codec("A");
    String doc = "{\"java\":1,\"dev\":2.5,\"javax\":\"x\",\"NAMES\":3,\"INSTANCE\":\"i\",\"JsonReader\":\"jr\","
        + "\"JsonToken\":4,\"CodecSupport\":{\"k\":[1]},\"JsonNames\":[true],\"JsonWriter\":{\"z\":\"w\"},"
        + "\"GeneratedCodec\":[{\"z\":\"g\"}],\"BCodec\":\"bc\",\"B\":{\"z\":\"b\"},\"name\":\"n\",\"name_\":\"n_\","
        + "\"seen0\":5,\"seen0_\":[6],\"r\":7,\"t\":\"tt\"}";
    JsonRecord a = codec.read(bytes(doc));
    assertEquals(Json.parse(doc), Json.parse(codec.write(a)));
    assertEquals(1, a.getInt("java"));
    assertEquals("jr", a.getString("JsonReader"));
    assertEquals("b", a.getRecord("B").getString("z"));
    // The accessors keep the names; only locals and private fields were renamed.
    assertEquals("n", a.getClass().getMethod("name").invoke(a));
    assertEquals("n_", a.getClass().getMethod("name_").invoke(a));
    assertEquals(3, a.getClass().getMethod("NAMES").invoke(a));
    // In any order, through the switch rather than the declared-order chain.
    String reversed = "{\"t\":\"tt\",\"r\":7,\"NAMES\":3,\"java\":1,\"name_\":\"n_\",\"name\":\"n\"}";
    JsonRecord b = codec.read(bytes(reversed));
    assertEquals(7, b.getInt("r"));
    assertEquals("n_", b.getString("name_"));
  }

  @Test
  void aNameWithALoneSurrogateIsASchemaErrorNotAnErrorInTheGeneratedClass() {
    // It has no UTF-8 form; the generated class's name table refused it when first loaded
    // (ExceptionInInitializerError).
    SchemaException field = assertThrows(SchemaException.class,
        () -> Schemas.compile("create json schema A(id string,\n  `x\uD800` string)").codec("A"));
    assertEquals(2, field.line());
    assertEquals(3, field.column());
    assertTrue(field.getMessage().contains("the field name has a lone surrogate"), field.getMessage());
    SchemaException schema = assertThrows(SchemaException.class,
        () -> Schemas.compile("create json schema `\uDC00`(id string)"));
    assertTrue(schema.getMessage().contains("the schema name has a lone surrogate"), schema.getMessage());
    // A pair is a character like any other.
    JsonRecord r = Schemas.compile("create json schema A(`\uD83D\uDE00` string)").codec("A")
        .read(bytes("{\"\uD83D\uDE00\":\"smile\"}"));
    assertEquals("smile", r.getString("\uD83D\uDE00"));
  }

  @Test
  void schemasTooWideOrNamesTooLongForAJavaClassAreClearErrors() {
    // The most that fit: 250 strings, or 125 longs (two constructor slots each).
    Codec<JsonRecord> strings = Schemas.compile(wide("S", 250, "string")).codec("S");
    String doc = "{\"f0\":\"a\",\"f249\":\"z\"}";
    JsonRecord r = strings.read(doc.getBytes(UTF_8));
    assertEquals("z", r.get("f249"));
    assertEquals(r, strings.read(strings.write(r)));
    Schemas.compile(wide("L", 125, "long"));

    SchemaException e = assertThrows(SchemaException.class, () -> Schemas.compile("\n  " + wide("Big", 2000, "string")));
    assertEquals("line 2, column 22: schema Big has 2000 fields (with those it inherits), more than one Java class"
        + " takes: they fill 2000 constructor slots (a long or double field two), and at most 250 are free; move some"
        + " into nested schemas", e.getMessage());
    assertThrows(SchemaException.class, () -> Schemas.compile(wide("L", 126, "long")));
    // Inherited fields count.
    SchemaException inherited = assertThrows(SchemaException.class,
        () -> Schemas.compile(wide("A", 200, "string") + ";\ncreate json schema B(x string, y double[]) inherits A;\n"
            + wide("C", 60, "string").replace("f", "c").replace("(", "(g int, ") + " inherits B"));
    assertEquals(3, inherited.line());
    assertTrue(inherited.getMessage().contains("schema C has 263 fields"), inherited.getMessage());

    String longName = "x".repeat(1001);
    SchemaException name = assertThrows(SchemaException.class,
        () -> Schemas.compile("create json schema A(id string,\n  " + longName + " string)"));
    assertEquals("line 2, column 3: a field name of 1001 characters ('xxxxxxxxxxxxxxxxxxxx...'); a name may have"
        + " at most 1000", name.getMessage());
    assertThrows(SchemaException.class, () -> Schemas.compile("create json schema `" + longName + "`(id string)"));
    Schemas.compile("create json schema A(`" + "y".repeat(1000) + "` string)");

    // 300 dimensions gave ClassFormatError, 5 000 StackOverflowError.
    Codec<JsonRecord> deep = Schemas.compile("create json schema D(x int" + "[]".repeat(32) + ")").codec("D");
    String nested = "{\"x\":" + "[".repeat(32) + "7" + "]".repeat(32) + "}";
    assertEquals(nested, new String(deep.write(deep.read(nested.getBytes(UTF_8))), UTF_8));
    for (int dims : new int[] {33, 300, 100_000}) {
      SchemaException tooDeep = assertThrows(SchemaException.class,
          () -> Schemas.compile("create json schema D(x int" + "[]".repeat(dims) + ")"));
      assertEquals("line 1, column 22: field \"x\" has an array of more than 32 dimensions", tooDeep.getMessage());
    }
  }
}
