package dev.brisk.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brisk.json.Json;
import dev.brisk.json.JsonReader;
import dev.brisk.json.JsonToken;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The benchmarks compare like with like: every library sees the same bytes, walks the same number
 * of tokens, and reads and writes the same JSON. Nothing here is timed.
 */
class BenchmarksDoTheSameWorkTest {

  static Inputs inputs(String size) {
    Inputs in = new Inputs();
    in.size = size;
    try {
      in.setUp();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return in;
  }

  @Test
  void theUsersDocumentsAreSeededAndSized() {
    Inputs small = inputs("1k");
    Inputs large = inputs("100k");
    assertTrue(small.bytes.length >= 1000 && small.bytes.length < 2500, "1k: " + small.bytes.length);
    assertTrue(large.bytes.length >= 100_000 && large.bytes.length < 102_000, "100k: " + large.bytes.length);
    assertArrayEquals(small.bytes, inputs("1k").bytes, "same seed, same bytes");
    assertEquals(Json.parse(large.bytes), Json.parse(Users.document(42, 100_000)));
  }

  @Test
  void tokenLoopsCountTheSameTokens() throws IOException {
    TokenSkipBenchmark b = new TokenSkipBenchmark();
    for (String size : new String[] {"1k", "100k"}) {
      Inputs in = inputs(size);
      int brisk = b.brisk(in);
      assertEquals(brisk, b.jackson(in));
      assertEquals(brisk, b.parsson(in));
      assertTrue(b.fastjson2Skip(in));
    }
  }

  @Test
  void smallEventsReadTheSameJsonAndObjects() throws IOException {
    SmallEventBenchmark b = new SmallEventBenchmark();
    for (int i = 0; i < 3; i++) { // Brisk's second and third reads use the reader it kept
      var expected = Json.parse(new String(SmallEventBenchmark.EVENT, java.nio.charset.StandardCharsets.UTF_8));
      assertEquals(expected, b.treeBrisk());
      assertEquals(expected, Json.parse(b.treeJackson().toString()));
      assertEquals(expected, Json.parse(com.alibaba.fastjson2.JSON.toJSONString(b.treeFastjson2())));
      var friend = b.objectBrisk();
      assertEquals("1234", friend.id);
      assertEquals(friend, b.objectJackson());
      assertEquals(friend, b.objectFastjson2());
    }
  }

  @Test
  void treeParsersReadTheSameJson() throws IOException {
    TreeParseBenchmark b = new TreeParseBenchmark();
    Inputs in = inputs("100k");
    var expected = b.brisk(in);
    assertEquals(expected, Json.parse(b.jackson(in).toString()));
    assertEquals(expected, Json.parse(b.parsson(in).toString()));
    assertEquals(expected, Json.parse(com.alibaba.fastjson2.JSON.toJSONString(b.fastjson2(in))));
  }

  @Test
  void treeWritersWriteTheSameJson() throws IOException {
    TreeWriteBenchmark b = new TreeWriteBenchmark();
    b.size = "100k";
    b.setUp();
    var expected = Json.parse(Users.document(42, 100_000));
    assertEquals(expected, Json.parse(b.brisk()));
    assertEquals(expected, Json.parse(b.jackson()));
    assertEquals(expected, Json.parse(b.parsson()));
    assertEquals(expected, Json.parse(b.fastjson2()));
  }

  @Test
  void databindBenchmarksReadTheSameUsersAndBriskReadsThemExactly() throws Exception {
    for (String size : new String[] {"1k", "100k"}) {
      UsersReadBenchmark b = new UsersReadBenchmark();
      b.size = size;
      b.setUp();
      assertEquals(null, Exactness.readDifference(b.bytes, b.briskCodec()));
      assertEquals(null, Exactness.readDifference(b.bytes, b.briskSchema()));
      dev.brisk.bench.users.Users want = Exactness.expected(b.bytes);
      for (dev.brisk.bench.users.Users got : java.util.List.of(b.jackson(), b.afterburner(), b.blackbird(), b.gson(),
          b.dslJsonExact(), b.dslJson(), b.fastjson2(), b.wast(), b.avajeJsonb())) {
        assertEquals(want.users.size(), got.users.size());
        assertEquals(want.users.get(want.users.size() - 1)._id, got.users.get(got.users.size() - 1)._id);
      }
      assertEquals(want.users.size(), ((Object[]) ((java.util.Map<?, ?>) b.esper()).get("users")).length);
    }
  }

  @Test
  void databindBenchmarksWriteTheSameDocumentAndBriskWritesItExactly() throws Exception {
    for (String size : new String[] {"1k", "100k"}) {
      UsersWriteBenchmark b = new UsersWriteBenchmark();
      b.size = size;
      b.setUp();
      byte[] doc = Users.document(42, size.equals("1k") ? 1000 : 100_000);
      assertEquals(null, Exactness.writeDifference(doc, b.briskCodec()));
      assertEquals(null, Exactness.writeDifference(doc, b.briskSchema()));
      for (byte[] written : java.util.List.of(b.jackson(), b.fastjson2(), b.dslJsonExact(), b.gson(), b.wast(), b.avajeJsonb())) {
        assertEquals(Json.parse(doc).asObject().getArray("users").size(), Json.parse(written).asObject().getArray("users").size());
      }
    }
  }

  /** The setup throws unless every library read the hand-built objects and wrote the document. */
  @Test
  void eishayLibrariesReadAndWriteTheSameMediaContent() throws Exception {
    EishayBenchmark b = new EishayBenchmark();
    b.setUp();
    assertEquals(Json.parse(b.bytes), Json.parse(b.writeBrisk()));
    assertEquals(EishayBenchmark.expected(), b.readBrisk());
    assertEquals(EishayBenchmark.LIBRARIES.length * 2, java.util.Arrays.stream(EishayBenchmark.class.getMethods())
        .filter(m -> m.isAnnotationPresent(org.openjdk.jmh.annotations.Benchmark.class)).count(),
        "a read and a write for every library the setup checks");
  }

  /** Each kind's setup checks that Brisk and Jackson agree (and throws when they do not); here with every kind. */
  @Test
  void valueBenchmarksReadAndWriteTheSameValues() throws Exception {
    for (String kind : ValueWriteBenchmark.class.getField("kind").getAnnotation(org.openjdk.jmh.annotations.Param.class).value()) {
      ValueWriteBenchmark w = new ValueWriteBenchmark();
      w.kind = kind;
      w.setUp();
      assertTrue(w.brisk() > ValueKinds.COUNT, kind);
    }
    for (String kind : ValueReadBenchmark.class.getField("kind").getAnnotation(org.openjdk.jmh.annotations.Param.class).value()) {
      ValueReadBenchmark r = new ValueReadBenchmark();
      r.kind = kind;
      r.setUp();
      assertEquals(r.expected, r.brisk(), kind);
      assertEquals(r.expected, r.jackson(), kind);
    }
  }

  /**
   * The org.json batches: every writer writes the same JSON (the setup throws otherwise), and
   * mixpanel-java's own Jackson serializer, rebuilt here, writes what Brisk's serializer does;
   * the walk without writing visits as many names and values as the JSON has.
   */
  @Test
  void orgJsonBatchesWriteTheSameJson() throws IOException {
    for (int n : new int[] {1, 10, 2000}) {
      OrgJsonBatchBenchmark b = new OrgJsonBatchBenchmark();
      b.messages = n;
      b.setUp();
      String brisk = b.briskMixpanel();
      assertEquals(Json.parse(brisk), Json.parse(b.mixpanelJackson()), n + " messages");
      assertEquals(Json.parse(brisk), Json.parse(b.brisk()), n + " messages");
      assertEquals(n, Json.parse(brisk).asArray().size());
      assertEquals(Json.parse(brisk), Json.parse(b.streamed(true)), n + " messages");
      assertEquals(Json.parse(brisk), Json.parse(b.streamed(false)), n + " messages");
      assertEquals(b.brisk().length, b.briskStream(), n + " messages");
      assertEquals(b.brisk().length, b.jacksonStream(), n + " messages");
      assertArrayEquals(b.orgJson(), b.orgJsonMixpanel(), n + " messages");
      assertEquals(namesAndValues(b.orgJson()), b.walker.visit(b.batch), n + " messages, walkOnly");
    }
    assertEquals("[]", new MixpanelJacksonSerializer().serializeArray(java.util.List.of()));
  }

  /** The names and values in {@code json} (containers counted once, their ends not), by token. */
  private static long namesAndValues(byte[] json) {
    JsonReader r = JsonReader.of(json);
    long n = 0;
    for (JsonToken t = r.next(); t != JsonToken.END_DOCUMENT; t = r.next()) {
      if (t != JsonToken.END_OBJECT && t != JsonToken.END_ARRAY) {
        n++;
      }
    }
    return n;
  }

  /**
   * The org.json the mixpanel benchmark also times is another version, 20231013: its own classes,
   * which lack the StringBuilderWriter that the benchmarks' org.json writes through.
   */
  @Test
  void mixpanelOrgJsonIsTheOlderVersion() throws Exception {
    Object copy = MixpanelOrgJson.INSTANCE.copy(MixpanelMessages.batch(3, 2));
    ClassLoader older = copy.getClass().getClassLoader();
    assertEquals("org.json.JSONArray", copy.getClass().getName());
    assertNotSame(org.json.JSONArray.class, copy.getClass());
    assertNotNull(org.json.JSONArray.class.getClassLoader().loadClass("org.json.StringBuilderWriter"));
    assertThrows(ClassNotFoundException.class, () -> older.loadClass("org.json.StringBuilderWriter"));
    assertEquals(MixpanelMessages.batch(3, 2).toString(), copy.toString());
  }
}
