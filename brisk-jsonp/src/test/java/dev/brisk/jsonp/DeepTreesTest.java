package dev.brisk.jsonp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Trees deeper than the thread's stack allows recursion to go (read with a raised maxDepth):
 * equality, hash codes, JSON Patch diffs and JSON Merge Patch, applied and diffed, all keep stacks
 * of their own. Each runs on a thread with a 256 KB stack, where 40 000 levels of recursion
 * overflow. The same operations on small trees are checked against the recursive definitions.
 */
class DeepTreesTest {
  static final JsonProvider P = BriskJsonProvider.instance();

  static JsonValue read(String json, int maxDepth) {
    try (JsonReader r = P.createReaderFactory(Map.of(BriskJsonProvider.MAX_DEPTH, maxDepth))
        .createReader(new StringReader(json))) {
      return r.readValue();
    }
  }

  @Test
  void deepTreesCompareHashDiffAndMergeWithoutRecursion() throws Throwable {
    int levels = 20_000; // an object and an array per level: 40 000 deep
    String open = "{\"a\":[".repeat(levels);
    String close = "]}".repeat(levels);
    int max = 2 * levels + 10;
    JsonValue x = read(open + "1" + close, max);
    JsonValue same = read(open + "1" + close, max);
    JsonValue other = read(open + "2" + close, max);
    String deepObjects = "{\"a\":".repeat(2 * levels);
    JsonValue ox = read(deepObjects + "1" + "}".repeat(2 * levels), max);
    JsonValue oy = read(deepObjects + "{\"b\":true}" + "}".repeat(2 * levels), max);
    dev.brisk.testkit.SmallStack.run(() -> {
      assertEquals(x, same);
      assertEquals(x.hashCode(), same.hashCode());
      assertNotEquals(x, other);
      JsonArray ops = P.createDiff((JsonStructure) x, (JsonStructure) other).toJsonArray();
      assertEquals(1, ops.size());
      assertEquals("replace", ops.getJsonObject(0).getString("op"));
      assertEquals("/a/0".repeat(levels), ops.getJsonObject(0).getString("path"));
      assertEquals(other, P.createDiff((JsonStructure) x, (JsonStructure) other).apply((JsonStructure) x));
      JsonValue patch = P.createMergeDiff(ox, oy).toJsonValue();
      assertEquals(oy, P.createMergePatch(patch).apply(ox));
      assertEquals(ox, P.createMergePatch(P.createMergeDiff(oy, ox).toJsonValue()).apply(oy));
    });
  }

  @Test
  void hashCodesAreThoseOfMapsAndListsAndEqualityWorksAcrossImplementations() {
    JsonValue v = read("{\"a\":[1,\"x\",{\"b\":null,\"c\":[true,false,[]]}],\"d\":{},\"e\":[[[2.5]]]}", 1000);
    assertEquals(recursiveHash(v), v.hashCode());
    JsonObject o = v.asJsonObject();
    // A plain Map and List with the same content are equal both ways, as Map and List require.
    Map<String, JsonValue> copy = new java.util.LinkedHashMap<>(o);
    assertEquals(copy, o);
    assertEquals(o, copy);
    assertEquals(copy.hashCode(), o.hashCode());
    List<JsonValue> list = List.copyOf(o.getJsonArray("a"));
    assertEquals(o.getJsonArray("a"), list);
    assertEquals(list.hashCode(), o.getJsonArray("a").hashCode());
    assertEquals(read("{\"a\":1,\"b\":[2,{\"c\":3,\"d\":4}]}", 10), read("{\"b\":[2,{\"d\":4,\"c\":3}],\"a\":1}", 10));
    assertNotEquals(read("{\"a\":1,\"b\":[2]}", 10), read("{\"a\":1,\"c\":[2]}", 10));
    assertNotEquals(read("[1,[2]]", 10), read("[1,{}]", 10));
    assertNotEquals(read("[[1],[2]]", 10), read("[[1],[2,3]]", 10));
    assertNotEquals(read("{\"a\":{\"b\":1}}", 10), read("{\"a\":{\"b\":null}}", 10));
    assertNotEquals(read("[]", 10), read("{}", 10));
  }

  /** Map's and List's hash codes, written recursively. */
  static int recursiveHash(JsonValue v) {
    if (v instanceof JsonArray) {
      int h = 1;
      for (JsonValue e : (JsonArray) v) {
        h = 31 * h + recursiveHash(e);
      }
      return h;
    }
    if (v instanceof JsonObject) {
      int h = 0;
      for (Map.Entry<String, JsonValue> e : ((JsonObject) v).entrySet()) {
        h += e.getKey().hashCode() ^ recursiveHash(e.getValue());
      }
      return h;
    }
    return v.hashCode();
  }
}
