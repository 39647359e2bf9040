package dev.brisk.schema.processor;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brisk.json.Json;
import dev.brisk.json.JsonException;
import dev.brisk.schema.Codec;
import dev.brisk.schema.Codecs;
import dev.brisk.schema.DamageCheck;
import dev.brisk.schema.Schemas;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.tools.Diagnostic;
import org.junit.jupiter.api.Test;

class CodecProcessorTest {
  /** Set -Dbrisk.golden.regenerate=true to rewrite the golden files from the current generator. */
  static final boolean REGENERATE = Boolean.getBoolean("brisk.golden.regenerate");

  static final Path GOLDEN = Path.of("src/test/resources/golden");

  /** The seed-002 users shape as records, with the types of the seed's schema text. */
  static Map<String, String> usersSources() {
    Map<String, String> s = new LinkedHashMap<>();
    s.put("com.example.users.Friend",
        "package com.example.users;\n"
            + "public record Friend(String id, String name) {}\n");
    s.put("com.example.users.User",
        "package com.example.users;\n"
            + "public record User(String _id, int index, String guid, String isActive, String balance,\n"
            + "    String picture, int age, String eyeColor, String name, String gender, String company,\n"
            + "    String email, String phone, String address, String about, String registered,\n"
            + "    double latitude, double longitude, String[] tags, Friend[] friends, String greeting,\n"
            + "    String favoriteFruit) {}\n");
    s.put("com.example.users.Users",
        "package com.example.users;\n"
            + "@dev.brisk.schema.JsonCodec\n"
            + "public record Users(User[] users) {}\n");
    return s;
  }

  @Test
  void generatedUsersCodecsMatchTheGoldenFiles() throws IOException {
    Compilation c = Compilation.compile(usersSources());
    assertTrue(c.success, c.errors());
    Map<String, String> generated = c.generatedSources();
    assertEquals(List.of("com/example/users/FriendBriskCodec.java", "com/example/users/UserBriskCodec.java",
        "com/example/users/UsersBriskCodec.java"), List.copyOf(generated.keySet()));
    checkGolden("processor", generated);
  }

  @Test
  void theRunTimeSchemaGeneratesTheSameGoldenSources() throws IOException {
    String text = new String(Files.readAllBytes(Path.of("../brisk-schema/src/test/resources/users.schema")), UTF_8);
    checkGolden("schema", Schemas.options().packageName("com.example.users").generate(text));
  }

  static void checkGolden(String folder, Map<String, String> sources) throws IOException {
    for (Map.Entry<String, String> e : sources.entrySet()) {
      Path file = GOLDEN.resolve(folder).resolve(e.getKey().substring(e.getKey().lastIndexOf('/') + 1));
      if (REGENERATE) {
        Files.createDirectories(file.getParent());
        Files.writeString(file, e.getValue());
      }
      assertTrue(Files.exists(file), file + " is missing: run with -Dbrisk.golden.regenerate=true");
      assertEquals(Files.readString(file), e.getValue(),
          e.getKey() + " differs from " + file + " (if the change is intended, regenerate with -Dbrisk.golden.regenerate=true)");
    }
  }

  /**
   * Both front ends give the same codec for the same schema: the schema text and the records
   * produce identical code except for the class names and how the value is constructed (the
   * run-time record also takes which fields were present).
   */
  @Test
  void bothFrontEndsGenerateTheSameCodecForTheSameSchema() throws IOException {
    String text = "create json schema Friend(id string, name string);\n"
        + "create json schema User(_id string, `index` int, guid string, isActive string, balance string,\n"
        + "  picture string, age int, eyeColor string, name string, gender string, company string,\n"
        + "  email string, phone string, address string, about string, registered string,\n"
        + "  latitude double, longitude double, tags string[], friends Friend[], greeting string,\n"
        + "  favoriteFruit string);\n"
        + "create json schema Users(users User[]);";
    Map<String, String> fromText = Schemas.options().packageName("com.example.users").generate(text);
    Map<String, String> fromRecords = Compilation.compile(usersSources()).generatedSources();
    for (String type : List.of("Friend", "Users")) {
      String a = normalize(fromText.get("com/example/users/" + type + "Codec.java"));
      String b = normalize(fromRecords.get("com/example/users/" + type + "BriskCodec.java"));
      assertEquals(a, b, type);
    }
    // User has int and double fields: the run-time record remembers whether they were present
    // (Esper's fields are nullable), the Java record holds plain primitives, so the read code
    // differs there and only there.
    List<String> a = normalize(fromText.get("com/example/users/UserCodec.java")).lines().toList();
    List<String> b = normalize(fromRecords.get("com/example/users/UserBriskCodec.java")).lines().toList();
    List<String> primitives = List.of("index", "age", "latitude", "longitude");
    List<String> onlyInRecords = b.stream().filter(l -> !a.contains(l)).toList();
    assertFalse(onlyInRecords.isEmpty());
    for (String line : onlyInRecords) {
      // Reading a primitive: no null branch, so one "r.next();" and an unconditional seen-bit.
      assertTrue(line.trim().equals("r.next();") || line.trim().startsWith("seen0 |= ")
          || primitives.stream().anyMatch(line::contains), line);
    }
  }

  static String normalize(String source) {
    return source
        .replace("BriskCodec", "Codec")
        .replace("com.example.users.", "")
        .lines()
        .filter(l -> !l.startsWith("    return new "))
        .reduce("", (x, y) -> x + y + "\n");
  }

  @Test
  void theGeneratedCodecReadsAndWritesTheSeedDocument() throws Exception {
    Compilation c = Compilation.compile(usersSources());
    assertTrue(c.success, c.errors());
    Class<?> users = c.loader().loadClass("com.example.users.Users");
    @SuppressWarnings("unchecked")
    Codec<Object> codec = (Codec<Object>) Codecs.get(users);
    byte[] doc = ("{\"users\":[{\"_id\":\"1\",\"index\":7,\"isActive\":\"true\",\"latitude\":41.074136711612084,"
        + "\"tags\":[\"a\"],\"friends\":[{\"id\":\"3\",\"name\":\"n\"}]}]}").getBytes(UTF_8);
    Object value = codec.read(doc);
    Object[] list = (Object[]) users.getMethod("users").invoke(value);
    Object first = list[0];
    assertEquals(41.074136711612084, first.getClass().getMethod("latitude").invoke(first));
    assertEquals(7, first.getClass().getMethod("index").invoke(first));
    byte[] written = codec.write(value);
    var tree = Json.parse(written).asObject().getArray("users").get(0).asObject();
    assertEquals(Json.parse("[{\"id\":\"3\",\"name\":\"n\"}]"), tree.get("friends"));
    assertEquals(0, tree.getNumber("age").intValue()); // a primitive that was missing writes 0
    assertEquals(codec, Codecs.get(users));
  }

  static final String KINDS =
      "package com.example.kinds;\n"
          + "import dev.brisk.schema.JsonCodec;\n"
          + "import dev.brisk.json.JsonValue;\n"
          + "import java.util.*;\n"
          + "@JsonCodec(unknownFields = dev.brisk.schema.UnknownFields.CAPTURE)\n"
          + "public class Bean {\n"
          + "  public enum Color { RED, GREEN }\n"
          + "  public static final class Point { public int x; public Integer y; }\n"
          + "  private String name;\n"
          + "  private boolean active;\n"
          + "  public Color color;\n"
          + "  public List<String> tags;\n"
          + "  public Set<Long> ids;\n"
          + "  public Map<String, Point> points;\n"
          + "  public Optional<java.time.LocalDate> day = Optional.empty();\n"
          + "  public int[][] grid;\n"
          + "  @JsonCodec.Name(\"full-name\") public String fullName;\n"
          + "  @JsonCodec.Required public java.util.UUID id;\n"
          + "  @JsonCodec.Unknown public Map<String, JsonValue> rest;\n"
          + "  public String getName() { return name; }\n"
          + "  public void setName(String name) { this.name = name; }\n"
          + "  public boolean isActive() { return active; }\n"
          + "  public void setActive(boolean active) { this.active = active; }\n"
          + "}\n";

  @Test
  void classesWithFieldsAndSettersAndEveryContainer() throws Exception {
    Compilation c = Compilation.compile(Map.of("com.example.kinds.Bean", KINDS));
    assertTrue(c.success, c.errors());
    Class<?> bean = c.loader().loadClass("com.example.kinds.Bean");
    @SuppressWarnings("unchecked")
    Codec<Object> codec = (Codec<Object>) Codecs.get(bean);
    String doc = "{\"color\":\"GREEN\",\"tags\":[\"a\",null],\"ids\":[3,4],\"points\":{\"p\":{\"x\":1,\"y\":null}},"
        + "\"day\":\"2024-01-02\",\"grid\":[[1,2],[]],\"full-name\":\"F\",\"id\":\"123e4567-e89b-12d3-a456-426614174000\","
        + "\"name\":\"n\",\"active\":true,\"other\":[1]}";
    Object v = codec.read(doc.getBytes(UTF_8));
    assertEquals("n", bean.getMethod("getName").invoke(v));
    assertEquals(true, bean.getMethod("isActive").invoke(v));
    assertEquals(java.util.Optional.of(java.time.LocalDate.of(2024, 1, 2)), bean.getField("day").get(v));
    assertEquals(java.util.Set.of(3L, 4L), bean.getField("ids").get(v));
    Object dup = codec.read("{\"ids\":[3,3,4],\"id\":\"123e4567-e89b-12d3-a456-426614174000\"}".getBytes(UTF_8));
    assertEquals(java.util.Set.of(3L, 4L), bean.getField("ids").get(dup));
    String id = ",\"id\":\"123e4567-e89b-12d3-a456-426614174000\"}";
    assertEquals(java.util.Arrays.asList("a", null, "", "caf\u00e9", "q\"", "f", "g", "h", "i", "j"), bean.getField("tags").get(
        codec.read(("{\"tags\":[\"a\", null ,\"\",\"caf\\u00e9\",\"q\\\"\",\"f\",\"g\",\"h\",\"i\",\"j\"]" + id).getBytes(UTF_8))));
    JsonException notAString = assertThrows(JsonException.class,
        () -> codec.read(("{\"tags\":[\"a\",[]]" + id).getBytes(UTF_8)));
    assertEquals("$.tags[1]", notAString.path());
    assertEquals(Json.parse("[1]"), ((Map<?, ?>) bean.getField("rest").get(v)).get("other"));
    assertEquals(Json.parse(doc), Json.parse(codec.write(v)));
    JsonException missing = assertThrows(JsonException.class, () -> codec.read("{\"name\":\"n\"}".getBytes(UTF_8)));
    assertTrue(missing.getMessage().contains("required field \"id\" of Bean"), missing.getMessage());
    JsonException badEnum = assertThrows(JsonException.class,
        () -> codec.read("{\"color\":\"BLUE\",\"id\":\"123e4567-e89b-12d3-a456-426614174000\"}".getBytes(UTF_8)));
    assertEquals("$.color", badEnum.path());
    JsonException nullPrimitive = assertThrows(JsonException.class,
        () -> codec.read("{\"points\":{\"p\":{\"x\":null}}}".getBytes(UTF_8)));
    assertEquals("$.points.p.x", nullPrimitive.path());
  }

  /**
   * The generated codecs of a class with every container (a nested class, List, Set, Map, Optional,
   * int[][], a required UUID, captured unknown members, a getter and setter pair) and of a record of
   * enums, on 10 000 damaged copies each of a compact document ({@code DamageCheck}, from brisk-schema's
   * tests): only JsonExceptions, nothing the tree reader refuses, and what they read the same as
   * from the tree written compact and pretty.
   */
  @Test
  void generatedCodecsReadDamagedDocumentsAsTheTreeReaderDoes() throws Exception {
    Compilation c = Compilation.compile(Map.of("com.example.kinds.Bean", KINDS));
    assertTrue(c.success, c.errors());
    @SuppressWarnings("unchecked")
    Codec<Object> bean = (Codec<Object>) Codecs.get(c.loader().loadClass("com.example.kinds.Bean"));
    String beanDoc = "{\"color\":\"GREEN\",\"tags\":[\"a\",null,\"caf\\u00e9\"],\"ids\":[3,4],"
        + "\"points\":{\"p\":{\"x\":1,\"y\":null},\"q\":{\"x\":-2,\"y\":5}},\"day\":\"2024-01-02\","
        + "\"grid\":[[1,2],[]],\"full-name\":\"F\",\"id\":\"123e4567-e89b-12d3-a456-426614174000\",\"name\":\"n\","
        + "\"active\":true,\"other\":[1,{\"z\":null}]}";
    DamageCheck.check(bean, Json.toBytes(Json.parse(beanDoc)), 2030, 10_000);
    Codec<Object> shape = codecOf(compileOne("com.example.shapes.Shape", shapeSource()));
    String shapeDoc = "{\"iv\":1,\"big\":-123456789012345678,\"size\":\"LARGER\",\"many\":\"M39\","
        + "\"lng\":\"A_CONSTANT_OF_21_BYTES\",\"body\":\"TWO\",\"caf\":\"CAF\u00c9\",\"ev\":\"e\","
        + "\"VALUES_1\":\"LARGE\",\"last\":12345}";
    DamageCheck.check(shape, Json.toBytes(Json.parse(shapeDoc)), 2031, 10_000);
  }

  /**
   * A read inside a read: a setter that reads JSON through a codec, called while the codec of the
   * object around it is still reading. Generated codecs keep a reader per thread for the next
   * document; the inner read must get one of its own, and a read after an error must start afresh.
   */
  @Test
  void aReadInsideAReadAndAReadAfterAnErrorEachHaveTheirOwnReader() throws Exception {
    String node = "package com.example.nest;\n"
        + "@dev.brisk.schema.JsonCodec\n"
        + "public final class Node {\n"
        + "  public String name;\n"
        + "  private String inner;\n"
        + "  public String getInner() { return inner; }\n"
        + "  public void setInner(String json) {\n"
        + "    this.inner = json == null ? null : dev.brisk.schema.Codecs.get(Node.class)\n"
        + "        .read(json.getBytes(java.nio.charset.StandardCharsets.UTF_8)).name;\n"
        + "  }\n"
        + "}\n";
    String outer = "package com.example.nest;\n"
        + "@dev.brisk.schema.JsonCodec\n"
        + "public final class Outer {\n"
        + "  public Node node;\n"
        + "  public String after;\n"
        + "}\n";
    Compilation c = Compilation.compile(Map.of("com.example.nest.Node", node, "com.example.nest.Outer", outer));
    assertTrue(c.success, c.errors());
    ClassLoader loader = c.loader();
    Class<?> outerClass = loader.loadClass("com.example.nest.Outer");
    Class<?> nodeClass = loader.loadClass("com.example.nest.Node");
    Codec<Object> codec = codecOf(outerClass);
    byte[] doc = "{\"node\":{\"inner\":\"{\\\"name\\\":\\\"in\\\"}\",\"name\":\"out\"},\"after\":\"tail\"}"
        .getBytes(UTF_8);
    for (int i = 0; i < 3; i++) {
      Object v = codec.read(doc);
      Object n = outerClass.getField("node").get(v);
      assertEquals("out", nodeClass.getField("name").get(n));
      assertEquals("in", nodeClass.getMethod("getInner").invoke(n));
      assertEquals("tail", outerClass.getField("after").get(v));
      JsonException broken = assertThrows(JsonException.class,
          () -> codec.read("{\"node\":{\"name\":\"out\"},\"after\":tail}".getBytes(UTF_8)));
      assertEquals("$.after", broken.path());
    }
  }

  /** Compiles one annotated class with the processor, and loads it. */
  static Class<?> compileOne(String className, String src) throws Exception {
    Compilation c = Compilation.compile(Map.of(className, src));
    assertTrue(c.success, c.errors());
    return c.loader().loadClass(className);
  }

  @SuppressWarnings("unchecked")
  static Codec<Object> codecOf(Class<?> type) {
    return (Codec<Object>) Codecs.get(type);
  }

  @Test
  void classesWithAConstructorTakingTheProperties() throws Exception {
    String src = "package com.example.money;\n"
        + "@dev.brisk.schema.JsonCodec\n"
        + "public final class Money {\n"
        + "  private final java.math.BigDecimal amount;\n"
        + "  private final String currency;\n"
        + "  public Money(String currency, java.math.BigDecimal amount) { this.amount = amount; this.currency = currency; }\n"
        + "  public java.math.BigDecimal getAmount() { return amount; }\n"
        + "  public String getCurrency() { return currency; }\n"
        + "}\n";
    Codec<Object> codec = codecOf(compileOne("com.example.money.Money", src));
    Object m = codec.read("{\"amount\":0.10000000000000000001,\"currency\":\"EUR\"}".getBytes(UTF_8));
    assertEquals("{\"amount\":0.10000000000000000001,\"currency\":\"EUR\"}", new String(codec.write(m), UTF_8));
  }

  /**
   * A property named like the first part of a package the code names (org, in org.acme.teams) or
   * like one of its classes and constants hid it from the generated code, which javac refused
   * ("cannot find symbol ... org.acme.teams.MemberBriskCodec").
   */
  /**
   * Enum and long members, read with their names in one call (JsonReader.nextConstantMember,
   * nextLongMember) where the
   * input is compact and in declared order, and the general way otherwise: the same values and
   * the same errors either way; enums whose constants the short path cannot hold (more than 32,
   * over 15 bytes, not ASCII, with bodies) read all the same. Properties named like the
   * generated code's locals and statics (iv, ev, VALUES_1) compile.
   */
  /** A record of enums: small, large (read by a map), with long constants, with bodies, not ASCII. */
  static String shapeSource() {
    StringBuilder many = new StringBuilder();
    for (int i = 0; i < 40; i++) {
      many.append(i == 0 ? "" : ", ").append("M").append(i);
    }
    return "package com.example.shapes;\n"
        + "@dev.brisk.schema.JsonCodec\n"
        + "public record Shape(int iv, long big, Size size, Many many, Long_ lng, Body body, Caf caf, String ev,"
        + " Size VALUES_1, int last) {\n"
        + "  public enum Size { SMALL, LARGE, LARGER }\n"
        + "  public enum Many { " + many + " }\n"
        + "  public enum Long_ { SHORT, A_CONSTANT_OF_21_BYTES }\n"
        + "  public enum Body { ONE { }, TWO { } }\n"
        + "  public enum Caf { CAF\u00c9, TEA }\n"
        + "}\n";
  }

  @Test
  void enumMembersReadTheSameInCompactAndSpacedInput() throws Exception {
    Codec<Object> codec = codecOf(compileOne("com.example.shapes.Shape", shapeSource()));
    String[] docs = {
      "{\"iv\":1,\"big\":-123456789012345678,\"size\":\"LARGER\",\"many\":\"M39\",\"lng\":\"A_CONSTANT_OF_21_BYTES\",\"body\":\"TWO\","
          + "\"caf\":\"CAF\u00c9\",\"ev\":\"e\",\"VALUES_1\":\"LARGE\",\"last\":12345}",
      "{\"iv\":2,\"big\":9223372036854775807,\"size\":\"LARGE\",\"many\":\"M1\",\"lng\":\"SHORT\",\"body\":\"ONE\",\"caf\":\"TEA\","
          + "\"ev\":\"e\",\"VALUES_1\":\"SMALL\",\"last\":1}",
      "{\"iv\":3,\"big\":0,\"size\":null,\"many\":null,\"lng\":null,\"body\":null,\"caf\":null,\"ev\":null,"
          + "\"VALUES_1\":null,\"last\":0}",
      "{\"iv\":4,\"size\":\"L\\u0041RGE\",\"VALUES_1\":\"LARGE\",\"many\":\"M2\",\"last\":7}",
    };
    readTheSameCompactAndSpaced(codec, docs);
    assertEquals(Json.parse(docs[0]), Json.parse(codec.write(codec.read(docs[0].getBytes(UTF_8)))));
    Object first = codec.read(docs[0].getBytes(UTF_8));
    assertEquals("LARGER", first.getClass().getMethod("size").invoke(first).toString(), "not taken for LARGE, its prefix");
    assertEquals("M39", first.getClass().getMethod("many").invoke(first).toString());
    assertEquals("CAF\u00c9", first.getClass().getMethod("caf").invoke(first).toString());
    assertEquals("LARGE", first.getClass().getMethod("VALUES_1").invoke(first).toString());
    assertEquals(12345, first.getClass().getMethod("last").invoke(first));
    assertEquals(-123456789012345678L, first.getClass().getMethod("big").invoke(first));
    Object second = codec.read(docs[1].getBytes(UTF_8));
    assertEquals(Long.MAX_VALUE, second.getClass().getMethod("big").invoke(second), "19 digits, the general way");
    JsonException overflow = assertThrows(JsonException.class,
        () -> codec.read("{\"iv\":1,\"big\":9223372036854775808}".getBytes(UTF_8)));
    assertEquals("$.big", overflow.path());
    for (String bad : new String[] {"{\"iv\":1,\"size\":\"LARG\",\"many\":\"M1\"}",
        "{\"iv\":1,\"size\":\"large\",\"many\":\"M1\"}", "{\"iv\":1,\"size\":3,\"many\":\"M1\"}"}) {
      for (String doc : new String[] {bad, bad.replace(":", " : ")}) {
        JsonException e = assertThrows(JsonException.class, () -> codec.read(doc.getBytes(UTF_8)), doc);
        assertEquals("$.size", e.path(), doc);
      }
    }
  }

  /**
   * Boolean and double members, read with their names in one call (JsonReader.nextBooleanMember,
   * nextDoubleMember) where the input is compact: the same records as from spaced input, doubles
   * exact, and the same errors at the same paths; properties named as the generated code's locals
   * and statics (bv, dv, KEY_0) compile.
   */
  @Test
  void booleanAndDoubleMembersReadTheSameInCompactAndSpacedInput() throws Exception {
    String src = "package com.example.points;\n"
        + "@dev.brisk.schema.JsonCodec\n"
        + "public record Point(boolean on, double x, double dv, boolean bv, String KEY_0, Double boxed, int last) {}\n";
    Codec<Object> codec = codecOf(compileOne("com.example.points.Point", src));
    String[] docs = {
      "{\"on\":true,\"x\":41.074136711612084,\"dv\":-0.0,\"bv\":false,\"KEY_0\":\"k\",\"boxed\":0.1,\"last\":1}",
      "{\"on\":false,\"x\":5e-324,\"dv\":1.7976931348623157e308,\"bv\":true,\"KEY_0\":null,\"boxed\":null,\"last\":2}",
      "{\"on\":true,\"x\":123456789012345678901234567890,\"dv\":-7,\"bv\":true,\"last\":3}",
      "{\"x\":0.30000000000000004,\"on\":true,\"last\":4,\"dv\":2.5E-3}",
    };
    readTheSameCompactAndSpaced(codec, docs);
    Object first = codec.read(docs[0].getBytes(UTF_8));
    assertEquals(41.074136711612084, first.getClass().getMethod("x").invoke(first));
    assertEquals(-0.0, first.getClass().getMethod("dv").invoke(first));
    assertEquals(true, first.getClass().getMethod("on").invoke(first));
    assertEquals(false, first.getClass().getMethod("bv").invoke(first));
    Object second = codec.read(docs[1].getBytes(UTF_8));
    assertEquals(Double.MIN_VALUE, second.getClass().getMethod("x").invoke(second));
    assertEquals(Double.MAX_VALUE, second.getClass().getMethod("dv").invoke(second));
    Object third = codec.read(docs[2].getBytes(UTF_8));
    assertEquals(1.2345678901234568E29, third.getClass().getMethod("x").invoke(third));
    String[][] bad = {
      {"{\"on\":true,\"x\":1e400,\"last\":1}", "$.x"},
      {"{\"on\":true,\"x\":-,\"last\":1}", "$.x"},
      {"{\"on\":true,\"x\":01,\"last\":1}", "$.x"},
      {"{\"on\":true,\"x\":\"1\",\"last\":1}", "$.x"},
      {"{\"on\":tru,\"x\":1,\"last\":1}", "$.on"},
      {"{\"on\":truex,\"x\":1,\"last\":1}", "$.on"},
      {"{\"on\":1,\"x\":1,\"last\":1}", "$.on"},
    };
    for (String[] b : bad) { // the messages, compared in FieldReadingTest, name what follows
      for (String doc : new String[] {b[0], b[0].replace(",", " , ")}) {
        JsonException e = assertThrows(JsonException.class, () -> codec.read(doc.getBytes(UTF_8)), doc);
        assertEquals(b[1], e.path(), doc);
      }
    }
  }

  /** Each document reads to the same value compact and with spaces around colons and commas, and back from its writing. */
  private static void readTheSameCompactAndSpaced(Codec<Object> codec, String[] docs) {
    for (String doc : docs) {
      Object compact = codec.read(doc.getBytes(UTF_8));
      String spaced = doc.replace(":", " : ").replace(",", " , ");
      assertEquals(compact, codec.read(spaced.getBytes(UTF_8)), spaced);
      assertEquals(compact, codec.read(codec.write(compact)), doc);
    }
  }

  @Test
  void propertiesNamedLikeAPackageOrAClassOfTheGeneratedCodeCompileAndReadBack() throws Exception {
    String member = "package org.acme.teams;\n@dev.brisk.schema.JsonCodec\n"
        + "public record Member(String name, String org, String java, int NAMES, String JsonReader, long JsonToken) {}\n";
    String team = "package org.acme.teams;\n@dev.brisk.schema.JsonCodec\n"
        + "public record Team(String org, Member lead, java.util.List<Member> members, Member[] CodecSupport,"
        + " java.util.Map<String, Member> MemberBriskCodec, String dev, String org_) {}\n";
    Compilation c = Compilation.compile(Map.of("org.acme.teams.Member", member, "org.acme.teams.Team", team));
    assertTrue(c.success, c.errors());
    Codec<Object> codec = codecOf(c.loader().loadClass("org.acme.teams.Team"));
    String m = "{\"name\":\"n\",\"org\":\"o\",\"java\":\"j\",\"NAMES\":3,\"JsonReader\":\"r\",\"JsonToken\":4}";
    String doc = "{\"org\":\"acme\",\"lead\":" + m + ",\"members\":[" + m + "],\"CodecSupport\":[" + m + "],"
        + "\"MemberBriskCodec\":{\"k\":" + m + "},\"dev\":\"d\",\"org_\":\"o_\"}";
    Object t = codec.read(doc.getBytes(UTF_8));
    assertEquals(Json.parse(doc), Json.parse(codec.write(t)));
    assertEquals("o_", t.getClass().getMethod("org_").invoke(t));
  }

  @Test
  void aJsonNameWithALoneSurrogateIsAnErrorOnTheProperty() {
    // It has no UTF-8 form: the generated codec's name table refused it when the class was first
    // used (ExceptionInInitializerError).
    assertError("package k.k;\n@dev.brisk.schema.JsonCodec\npublic record T(int a,\n"
        + "  @dev.brisk.schema.JsonCodec.Name(\"x\\uD800\") int b) {}\n", 4, "@JsonCodec.Name has a lone surrogate");
    // Both point at the record component (whose own element javac gives no position).
    assertError("package k.k;\n@dev.brisk.schema.JsonCodec\npublic record T(int a,\n"
        + "  @dev.brisk.schema.JsonCodec.Name(\"\") int b) {}\n", 4, "@JsonCodec.Name cannot be empty");
  }

  @Test
  void anObjectThatHoldsItselfIsAnErrorNotAStackOverflow() throws Exception {
    String src = "package com.example.tree;\n"
        + "@dev.brisk.schema.JsonCodec\n"
        + "public class Node {\n"
        + "  public String name;\n"
        + "  public java.util.List<Node> children = new java.util.ArrayList<>();\n"
        + "}\n";
    Class<?> type = compileOne("com.example.tree.Node", src);
    Codec<Object> codec = codecOf(type);
    Object node = codec.read("{\"name\":\"root\",\"children\":[{\"name\":\"leaf\",\"children\":[]}]}".getBytes(UTF_8));
    @SuppressWarnings("unchecked")
    java.util.List<Object> children = (java.util.List<Object>) type.getField("children").get(node);
    children.add(node); // root holds itself, as its second child
    for (java.util.function.Supplier<Object> write : java.util.List.<java.util.function.Supplier<Object>>of(
        () -> codec.write(node),
        () -> {
          codec.write(node, new java.io.ByteArrayOutputStream());
          return null;
        },
        () -> {
          codec.write(node, dev.brisk.json.JsonWriter.create());
          return null;
        })) {
      JsonException e = assertThrows(JsonException.class, write::get);
      assertTrue(e.getMessage().startsWith("nesting deeper than maxDepth (1000): a value that holds itself?"), e.getMessage());
      assertTrue(e.path().startsWith("$.children[1].children[1].children[1]"), e.path());
    }
    children.remove(1);
    assertEquals("{\"name\":\"root\",\"children\":[{\"name\":\"leaf\",\"children\":[]}]}", new String(codec.write(node), UTF_8));
  }

  @Test
  void codecsGetExplainsAMissingCodec() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Codecs.get(CodecProcessorTest.class));
    assertTrue(e.getMessage().contains("annotationProcessorPaths"), e.getMessage());
  }

  // ---------------------------------------------------------------------------------------------
  // Errors point at the element

  static Diagnostic<?> onlyError(String source) {
    Compilation c = Compilation.compile(Map.of("k.T", source));
    assertFalse(c.success, "expected a compile error");
    List<Diagnostic<?>> errors = new java.util.ArrayList<>();
    for (Diagnostic<?> d : c.diagnostics) {
      if (d.getKind() == Diagnostic.Kind.ERROR) {
        errors.add(d);
      }
    }
    assertEquals(1, errors.size(), c.errors());
    return errors.get(0);
  }

  static void assertError(String source, long line, String message) {
    Diagnostic<?> d = onlyError(source);
    assertEquals(line, d.getLineNumber(), d.getMessage(Locale.ROOT));
    assertTrue(d.getMessage(Locale.ROOT).contains(message), d.getMessage(Locale.ROOT));
    assertNotNull(d.getSource());
  }

  @Test
  void anUnsupportedPropertyTypeIsAnErrorOnTheProperty() {
    assertError("package k;\n@dev.brisk.schema.JsonCodec\npublic record T(String ok,\n  java.io.File file) {}\n",
        4, "cannot read or write the type java.io.File as JSON");
  }

  /** For JDK types with an obvious stand-in, the error says what to declare. */
  @Test
  void anUnsupportedJdkTypeWithAStandInSaysWhatToDeclare() {
    String[][] cases = {
      {"Object", "for any JSON value, declare it as dev.brisk.json.JsonValue"},
      {"CharSequence", "for any JSON value, declare it as dev.brisk.json.JsonValue"},
      {"Number", "declare it as java.math.BigDecimal"},
      {"java.util.OptionalInt", "declare it as java.util.Optional<Integer>"},
      {"java.time.Instant", "the time types read and written (as ISO-8601 strings) are java.time.LocalDate"},
      {"java.util.Date", "the time types read and written"},
    };
    for (String[] c : cases) {
      assertError("package k;\n@dev.brisk.schema.JsonCodec\npublic record T(String ok,\n  " + c[0] + " x) {}\n", 4, c[1]);
    }
  }

  @Test
  void aMapWithNonStringKeysIsAnError() {
    assertError("package k;\n@dev.brisk.schema.JsonCodec\npublic record T(\n  java.util.Map<Integer, String> m) {}\n",
        4, "needs String keys");
  }

  @Test
  void aClassThatCannotBeCreatedIsAnErrorOnTheClass() {
    assertError("package k;\n@dev.brisk.schema.JsonCodec\npublic class T {\n  public final int a;\n  public T(int b) { a = b; }\n}\n",
        3, "cannot create T");
  }

  /** A class of {@code n} public properties of {@code type}, named f0, f1, ... */
  static String wide(String name, int n, String type) {
    StringBuilder src = new StringBuilder("package com.example.wide;\n@dev.brisk.schema.JsonCodec\npublic class " + name + " {\n");
    for (int i = 0; i < n; i++) {
      src.append("  public ").append(type).append(" f").append(i).append(";\n");
    }
    return src.append("}\n").toString();
  }

  @Test
  void aClassWithMorePropertiesThanACodecMethodHoldsIsAnErrorOnTheClass() throws Exception {
    // 500 fit with any type (checked up to Optional<OffsetDateTime> and getters and setters);
    // from 600 to 1 000, by type, javac said "code too large" in the generated file.
    Compilation fits = Compilation.compile(Map.of("com.example.wide.W", wide("W", 500, "java.util.Optional<java.time.OffsetDateTime>")));
    assertTrue(fits.success, fits.errors());
    assertError(wide("T", 501, "String"), 3,
        "T has 501 properties; a generated codec reads at most 500 (its read method must fit the JVM's 64 KB)");
  }

  @Test
  void anInterfaceIsAnError() {
    assertError("package k;\n@dev.brisk.schema.JsonCodec\npublic interface T {}\n", 3, "goes on a record or a class");
  }

  @Test
  void captureNeedsAPropertyToCaptureInto() {
    assertError("package k;\n@dev.brisk.schema.JsonCodec(unknownFields = dev.brisk.schema.UnknownFields.CAPTURE)\npublic record T(int a) {}\n",
        3, "needs a Map<String, JsonValue> property marked @JsonCodec.Unknown");
  }

  @Test
  void aPackageHiddenByALocalOfTheGeneratedCodeIsAnError() {
    assertError("package k;\n@dev.brisk.schema.JsonCodec\npublic record T(int a) {}\n", 3, "use a package name of more than one segment");
  }

  @Test
  void aTypeVariableIsAnError() {
    assertError("package k;\n@dev.brisk.schema.JsonCodec\npublic record T<X>(X x) {}\n", 3, "cannot have type parameters");
  }

  @Test
  void twoPropertiesWithOneJsonNameIsAnError() {
    assertError("package k;\n@dev.brisk.schema.JsonCodec\npublic record T(int a,\n  @dev.brisk.schema.JsonCodec.Name(\"a\") int b) {}\n",
        4, "two properties have the JSON name \"a\"");
  }
}
