package dev.brisk.orgjson;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brisk.json.Json;
import dev.brisk.json.JsonException;
import dev.brisk.json.JsonWriter;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.json.JSONArray;
import org.json.JSONObject;
import org.json.JSONString;
import org.junit.jupiter.api.Test;

class OrgJsonTest {
  /** A message shaped like mixpanel-java's: event, $insert_id, time, properties. */
  static JSONObject message(SplittableRandom r, int i) {
    JSONObject props = new JSONObject();
    props.put("distinct_id", "user-" + r.nextInt(100_000));
    props.put("time", 1_700_000_000_000L + i);
    props.put("$insert_id", Long.toHexString(r.nextLong()));
    props.put("amount", r.nextDouble() * 1000);
    props.put("count", r.nextInt(50));
    props.put("premium", r.nextBoolean());
    props.put("plan", r.nextBoolean() ? "pro" : "free");
    props.put("ratio", new BigDecimal("0.1000000000000000000000001"));
    props.put("big", new BigInteger("123456789012345678901234567890"));
    props.put("nothing", JSONObject.NULL);
    props.put("nested", new JSONObject().put("city", "Z\u00fcrich \"old\" \\ town\n").put("zip", 8001));
    props.put("tags", new JSONArray(List.of("a", "b", "\u2028", "d\u00e9", "\ud83d\ude00")));
    return new JSONObject().put("event", "purchase").put("properties", props);
  }

  static void assertSameJson(Object value) {
    String orgJson = value instanceof JSONObject || value instanceof JSONArray ? value.toString() : JSONObject.valueToString(value);
    byte[] brisk = OrgJson.toBytes(value);
    assertEquals(Json.parse(orgJson), Json.parse(brisk), orgJson);
  }

  @Test
  void writesWhatToStringMeans() {
    SplittableRandom r = new SplittableRandom(3);
    JSONArray batch = new JSONArray();
    for (int i = 0; i < 200; i++) {
      batch.put(message(r, i));
    }
    assertSameJson(batch);
    assertSameJson(batch.getJSONObject(0));
    assertSameJson(new JSONObject());
    assertSameJson(new JSONArray());
  }

  @Test
  void bigNumbersAreExactAndDoublesRoundTrip() {
    JSONObject o = new JSONObject()
        .put("d", new BigDecimal("0.1000000000000000000000001"))
        .put("i", new BigInteger("123456789012345678901234567890"))
        .put("x", 41.074136711612084)
        .put("f", 0.1f)
        .put("l", Long.MIN_VALUE)
        .put("a", new AtomicLong(7));
    String out = new String(OrgJson.toBytes(o), UTF_8);
    assertTrue(out.contains("\"d\":0.1000000000000000000000001"), out);
    assertTrue(out.contains("\"i\":123456789012345678901234567890"), out);
    assertTrue(out.contains("\"x\":41.074136711612084"), out);
    assertTrue(out.contains("\"f\":0.1,"), out);
    assertTrue(out.contains("\"l\":-9223372036854775808"), out);
    assertTrue(out.contains("\"a\":7"), out);
  }

  enum Plan { FREE, PRO }

  public static final class Bean {
    public String getName() {
      return "b";
    }

    public int getSize() {
      return 3;
    }
  }

  @Test
  void mapsCollectionsArraysEnumsCharsBeansAndJsonStrings() {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("list", List.of(1, "two", 3.5));
    map.put("ints", new int[] {1, 2});
    map.put("objects", new Object[] {"x", null, JSONObject.NULL});
    map.put("plan", Plan.PRO);
    map.put("char", 'c');
    map.put("bean", new Bean());
    map.put("raw", (JSONString) () -> "{\"k\":[1,2]}");
    JSONArray viaOrgJson = new JSONArray().put(new JSONObject().put("m", map));
    assertSameJson(viaOrgJson);
    // Plain Java containers given directly, as org.json's valueToString would write them.
    assertSameJson(map);
  }

  @Test
  void nonFiniteNumbersAreAnErrorWithThePath() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("ok", 1);
    m.put("bad", Double.NaN);
    // org.json refuses NaN in put(), so it comes in through a plain map, as it can inside one.
    Map<String, Object> outer = new LinkedHashMap<>();
    outer.put("m", List.of(m));
    JsonException e = assertThrows(JsonException.class, () -> OrgJson.toBytes(outer));
    assertEquals("$.m[0].bad", e.path());
    assertThrows(JsonException.class, () -> OrgJson.toBytes(List.of(Float.POSITIVE_INFINITY)));
  }

  @Test
  void aCycleIsAnErrorNotAStackOverflow() {
    JSONObject a = new JSONObject();
    a.put("self", a);
    JsonException e = assertThrows(JsonException.class, () -> OrgJson.toBytes(a));
    assertTrue(e.getMessage().startsWith("cycle: a JSONObject contains itself"), e.getMessage());
    JSONArray arr = new JSONArray();
    arr.put(new JSONObject().put("back", arr));
    assertThrows(JsonException.class, () -> OrgJson.toBytes(arr));
    assertThrows(StackOverflowError.class, a::toString); // what org.json itself does
  }

  /**
   * Lists that index in constant time are walked by calls like JSONArrays, others by their
   * iterator: the same JSON either way, and a list that holds itself is a cycle, named as such.
   */
  @Test
  void listsOfEveryKindAreWrittenAsJsonArraysAndAListInItselfIsACycle() {
    JSONObject m = new JSONObject().put("event", "e").put("n", 1);
    List<Object> arrayList = new ArrayList<>(List.of(m, "s", 2.5, List.of(true, JSONObject.NULL)));
    List<Object> linked = new LinkedList<>(arrayList);
    assertEquals(new String(OrgJson.toBytes(new JSONArray(arrayList)), UTF_8), new String(OrgJson.toBytes(arrayList), UTF_8));
    assertEquals(new String(OrgJson.toBytes(arrayList), UTF_8), new String(OrgJson.toBytes(linked), UTF_8));
    assertSameJson(new JSONObject().put("list", arrayList).put("sub", arrayList.subList(1, 3)));
    List<Object> self = new ArrayList<>();
    self.add(1);
    self.add(self);
    JsonException e = assertThrows(JsonException.class, () -> OrgJson.toBytes(self));
    assertTrue(e.getMessage().startsWith("cycle: a ArrayList contains itself"), e.getMessage());
  }

  @Test
  void deepButFiniteNestingStopsAtTheLimit() {
    JSONArray deep = new JSONArray();
    JSONArray cur = deep;
    for (int i = 0; i < OrgJson.MAX_DEPTH + 10; i++) {
      JSONArray next = new JSONArray();
      cur.put(next);
      cur = next;
    }
    JsonException e = assertThrows(JsonException.class, () -> OrgJson.toBytes(deep));
    assertTrue(e.getMessage().startsWith("nesting deeper than 1000 levels"), e.getMessage());
  }

  /** {@code levels} containers, one in the other, alternating JSONObject and JSONArray, around 7. */
  static Object nested(int levels) {
    Object v = 7;
    for (int i = 0; i < levels; i++) {
      v = i % 2 == 0 ? new JSONArray().put(v) : new JSONObject().put("k" + i, v);
    }
    return v;
  }

  @Test
  void nestingIsTheSameBelowAtAndPastTheDepthWalkedByCalls() {
    for (int levels : new int[] {1, 63, 64, 65, 66, 200, OrgJson.MAX_DEPTH}) {
      assertSameJson(nested(levels));
    }
    JsonException e = assertThrows(JsonException.class, () -> OrgJson.toBytes(nested(OrgJson.MAX_DEPTH + 1)));
    assertTrue(e.getMessage().startsWith("nesting deeper than 1000 levels"), e.getMessage());
    // Plain maps and lists between org.json containers, on both sides of the depth walked by calls.
    for (int levels : new int[] {10, 100}) {
      Object v = "x";
      for (int i = 0; i < levels; i++) {
        switch (i % 4) {
          case 0: v = new JSONObject().put("o", v); break;
          case 1: v = new JSONArray().put(v); break;
          case 2: v = Map.of("m", v); break;
          default: v = List.of(v, 1);
        }
      }
      assertSameJson(v);
    }
  }

  @Test
  void cyclesAndErrorsPastTheDepthWalkedByCallsNameWhatTheyShould() {
    // A cycle that closes 100 levels down, so its first member is walked by calls and its last
    // by the stack: still named as a cycle.
    JSONObject first = new JSONObject();
    JSONObject cur = first;
    for (int i = 0; i < 100; i++) {
      JSONObject next = new JSONObject();
      cur.put("n", next);
      cur = next;
    }
    cur.put("back", first);
    JsonException e = assertThrows(JsonException.class, () -> OrgJson.toBytes(first));
    assertTrue(e.getMessage().startsWith("cycle: a JSONObject contains itself"), e.getMessage());
    // A NaN in a plain map 70 levels down: the path counts every level.
    Map<String, Object> bad = new LinkedHashMap<>();
    bad.put("nan", Double.NaN);
    Object v = bad;
    StringBuilder path = new StringBuilder();
    for (int i = 0; i < 70; i++) {
      v = new JSONArray().put(v);
      path.append("[0]");
    }
    Object deep = v;
    e = assertThrows(JsonException.class, () -> OrgJson.toBytes(deep));
    assertEquals("$" + path + ".nan", e.path());
  }

  @Test
  void badJsonStringTextIsAnError() {
    JSONObject o = new JSONObject().put("raw", (JSONString) () -> "{oops");
    JsonException e = assertThrows(JsonException.class, () -> OrgJson.toBytes(o));
    assertEquals("$.raw", e.path());
  }

  /**
   * As org.json's toString(): a JSONString whose text is null is its toString() as a string (it
   * was a NullPointerException), and a map with a null key is an error (it was written as "null").
   */
  @Test
  void aJsonStringOfNullIsItsToStringAndANullMapKeyIsAnError() {
    JSONString none = new JSONString() {
      @Override
      public String toJSONString() {
        return null;
      }

      @Override
      public String toString() {
        return "none";
      }
    };
    JSONArray a = new JSONArray().put(none);
    assertEquals(a.toString(), new String(OrgJson.toBytes(a), UTF_8));
    assertEquals("[\"none\"]", new String(OrgJson.toBytes(a), UTF_8));
    java.util.Map<String, Object> m = new java.util.HashMap<>();
    m.put(null, 1);
    JSONArray holder = new JSONArray().put((Object) m); // put(Object) keeps the map as it is
    assertThrows(RuntimeException.class, () -> holder.toString(0), "org.json: Null key.");
    JsonException e = assertThrows(JsonException.class, () -> OrgJson.toBytes(holder));
    assertEquals("$[0]", e.path());
    assertTrue(e.getMessage().contains("null key"), e.getMessage());
  }

  @Test
  void writesToStreamsAndIntoAWriter() {
    JSONObject o = new JSONObject().put("a", 1);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    OrgJson.write(o, out);
    assertEquals("{\"a\":1}", out.toString(UTF_8));
    JsonWriter w = JsonWriter.create().beginObject().name("wrapped");
    OrgJson.write(o, w);
    w.endObject();
    assertEquals("{\"wrapped\":{\"a\":1}}", w.toString());
    // A nested toBytes while writing (a JSONString that uses it) gets its own writer.
    JSONObject outer = new JSONObject().put("inner", (JSONString) () -> new String(OrgJson.toBytes(o), UTF_8));
    assertEquals("{\"inner\":{\"a\":1}}", new String(OrgJson.toBytes(outer), UTF_8));
    // So does a nested write to a stream; and a stream is flushed, never closed.
    boolean[] closed = {false};
    ByteArrayOutputStream streamed = new ByteArrayOutputStream() {
      @Override
      public void close() {
        closed[0] = true;
      }
    };
    JSONObject viaStream = new JSONObject().put("inner", (JSONString) () -> {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      OrgJson.write(o, b);
      return b.toString(UTF_8);
    });
    OrgJson.write(viaStream, streamed);
    assertEquals("{\"inner\":{\"a\":1}}", streamed.toString(UTF_8));
    assertFalse(closed[0]);
    // A batch far past the stream buffer's 8 KiB comes out whole, as toBytes writes it.
    JSONArray batch = new JSONArray();
    for (int i = 0; i < 2000; i++) {
      batch.put(new JSONObject().put("i", i).put("s", "event number " + i));
    }
    ByteArrayOutputStream big = new ByteArrayOutputStream();
    OrgJson.write(batch, big);
    assertArrayEquals(OrgJson.toBytes(batch), big.toByteArray());
  }

  @Test
  void scalarMembersOfEveryKindAreWrittenAsToStringMeans() {
    // Strings, ints, longs, finite doubles and booleans go out with their names in one call;
    // the other kinds by name, then value. Both in the first position and after a member.
    JSONObject o = new JSONObject().put("i", 7).put("l", -8L).put("d", 0.1).put("f", 1.5f)
        .put("s", "x\"\u00e9\n").put("t", true).put("u", false).put("sh", (short) 3).put("by", (byte) -4)
        .put("big", new BigDecimal("1e400")).put("n", JSONObject.NULL).put("e", "")
        .put("a name longer than thirty-two characters", Long.MIN_VALUE)
        .put("max", Double.MAX_VALUE).put("min", Double.MIN_VALUE).put("neg0", -0.0);
    for (String k : o.keySet()) {
      assertSameJson(new JSONObject().put(k, o.get(k)));
    }
    assertSameJson(o);
    assertSameJson(new JSONArray().put(o).put(new JSONObject().put("inner", o)));
  }

  @Test
  @SuppressWarnings("unchecked")
  void aNonFiniteDoubleInAJsonObjectIsAnErrorWithThePath() throws Exception {
    // org.json's put and constructors refuse one; its map, reached as OrgJson reaches it, does not.
    JSONObject inner = new JSONObject().put("ok", 1.5);
    java.lang.reflect.Field map = JSONObject.class.getDeclaredField("map");
    map.setAccessible(true);
    ((Map<String, Object>) map.get(inner)).put("bad", Double.POSITIVE_INFINITY);
    JSONObject o = new JSONObject().put("o", inner);
    JsonException e = assertThrows(JsonException.class, () -> OrgJson.toBytes(o));
    assertEquals("$.o.bad", e.path());
    assertTrue(e.getMessage().contains("org.json refuses them"), e.getMessage()); // its own words, not the writer's
  }

  @Test
  void randomTreesMatchOrgJson() {
    SplittableRandom r = new SplittableRandom(11);
    for (int n = 0; n < 300; n++) {
      assertSameJson(randomObject(r, 0));
    }
  }

  static JSONObject randomObject(SplittableRandom r, int depth) {
    JSONObject o = new JSONObject();
    for (int i = r.nextInt(6); i > 0; i--) {
      o.put("k" + r.nextInt(100) + (r.nextBoolean() ? "\u00e9\"" : ""), randomValue(r, depth + 1));
    }
    return o;
  }

  static Object randomValue(SplittableRandom r, int depth) {
    switch (r.nextInt(depth > 4 ? 6 : 8)) {
      case 0:
        return r.nextLong();
      case 1:
        return Double.longBitsToDouble(r.nextLong() & 0x7fefffffffffffffL);
      case 2:
        return "s" + (char) r.nextInt(0x20, 0x3000);
      case 3:
        return r.nextBoolean();
      case 4:
        return JSONObject.NULL;
      case 5:
        return new BigDecimal(r.nextLong()).scaleByPowerOfTen(-r.nextInt(30));
      case 6: {
        JSONArray a = new JSONArray();
        List<Object> items = new ArrayList<>();
        for (int i = r.nextInt(4); i > 0; i--) {
          items.add(randomValue(r, depth + 1));
        }
        items.forEach(a::put);
        return a;
      }
      default:
        return randomObject(r, depth);
    }
  }

  @Test
  void theMapOfAJsonObjectIsReadDirectlyAndGivesTheSameOrder() throws Exception {
    java.lang.reflect.Field f = OrgJson.class.getDeclaredField("MAP");
    f.setAccessible(true);
    assertTrue(f.get(null) != null, "this org.json keeps its members in a field named map");
    JSONObject o = new JSONObject();
    for (int i = 0; i < 50; i++) {
      o.put("key" + i, i);
    }
    StringBuilder keys = new StringBuilder();
    for (String k : o.keySet()) {
      keys.append(k).append(',');
    }
    StringBuilder written = new StringBuilder();
    for (String k : Json.parse(OrgJson.toBytes(o)).asObject().names()) {
      written.append(k).append(',');
    }
    assertEquals(keys.toString(), written.toString());
  }
}
