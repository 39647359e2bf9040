package dev.brisk.schema;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.brisk.json.Json;
import dev.brisk.json.JsonArray;
import dev.brisk.json.JsonNumber;
import dev.brisk.json.JsonObject;
import dev.brisk.json.JsonString;
import dev.brisk.json.JsonValue;
import dev.brisk.json.JsonWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Seeded random documents of one schema, in declared order, shuffled, with members missing,
 * repeated or unknown, compact and pretty: the generated reader's in-order chain and its any-order
 * loop must read the same record, and writing it back must give the document's values (the last
 * of a repeated member, null for an absent one).
 */
class RandomDocumentsTest {
  static final String TEXT =
      "create json schema Item(id long, name string, tags string[], price double);\n"
          + "create json schema Order(orderId string, customer string, total double, paid boolean,\n"
          + "  count int, items Item[], note string, meta Object, big BigDecimal);";

  static final String[] ORDER_FIELDS = {"orderId", "customer", "total", "paid", "count", "items", "note", "meta", "big"};

  @Test
  void everyOrderOfMembersReadsTheSameRecord() {
    Codec<JsonRecord> codec = Schemas.compile(TEXT).codec("Order");
    SplittableRandom r = new SplittableRandom(2026);
    for (int n = 0; n < 3000; n++) {
      List<String[]> members = new ArrayList<>(); // name, JSON text of the value
      for (String f : ORDER_FIELDS) {
        if (r.nextInt(8) != 0) {
          members.add(new String[] {f, value(r, f)});
        }
      }
      if (r.nextInt(4) == 0) {
        members.add(new String[] {"unknown" + r.nextInt(3), "{\"x\":[1,2,{\"y\":null}]}"});
      }
      if (r.nextInt(4) == 0 && !members.isEmpty()) {
        String[] again = members.get(r.nextInt(members.size()));
        members.add(new String[] {again[0], value(r, again[0])}); // a repeat: the last one wins
      }
      if (r.nextBoolean()) {
        Collections.shuffle(members, new java.util.Random(r.nextLong()));
      }
      String doc = document(members, r.nextInt(3) == 0);

      JsonRecord record = codec.read(doc.getBytes(UTF_8));
      JsonObject expected = lastWins(members);
      JsonObject written = Json.parse(codec.write(record)).asObject();
      for (String f : ORDER_FIELDS) {
        JsonValue want = expected.has(f) ? expected.get(f) : Json.parse("null");
        assertEquals(normalize(want), normalize(written.get(f)), f + " in " + doc);
      }
    }
  }

  static String value(SplittableRandom r, String field) {
    if (r.nextInt(10) == 0) {
      return "null";
    }
    switch (field) {
      case "orderId":
      case "customer":
      case "note":
        return string(r);
      case "total":
        return Double.toString(Double.longBitsToDouble(r.nextLong() & 0x3fefffffffffffffL));
      case "paid":
        return Boolean.toString(r.nextBoolean());
      case "count":
        return Integer.toString(r.nextInt());
      case "items": {
        StringBuilder b = new StringBuilder("[");
        for (int i = r.nextInt(4); i > 0; i--) {
          b.append(b.length() > 1 ? "," : "").append("{\"id\":").append(r.nextLong())
              .append(",\"name\":").append(string(r)).append(",\"tags\":[").append(string(r)).append("],\"price\":")
              .append(r.nextInt(10_000) / 100.0).append('}');
        }
        return b.append(']').toString();
      }
      case "meta":
        return r.nextBoolean() ? "{\"a\":[true,1.5e3,\"s\"]}" : "[1,2,3]";
      default: // big
        return "123456789012345678901234567890.000000000000000000001";
    }
  }

  static String string(SplittableRandom r) {
    String[] parts = {"a", "\u00e9", "\\\"", "\\n", "\\u2028", "\ud83d\ude00", "plain text", "\\\\"};
    StringBuilder b = new StringBuilder("\"");
    for (int i = r.nextInt(5); i > 0; i--) {
      b.append(parts[r.nextInt(parts.length)]);
    }
    return b.append('"').toString();
  }

  static String document(List<String[]> members, boolean pretty) {
    StringBuilder b = new StringBuilder(pretty ? "{\n" : "{");
    for (int i = 0; i < members.size(); i++) {
      b.append(i == 0 ? "" : pretty ? ",\n" : ",").append(pretty ? "  \"" : "\"").append(members.get(i)[0])
          .append(pretty ? "\" : " : "\":").append(members.get(i)[1]);
    }
    return b.append(pretty ? "\n}" : "}").toString();
  }

  /** The members as one object, a repeated name keeping its last value. */
  static JsonObject lastWins(List<String[]> members) {
    JsonWriter w = JsonWriter.create().beginObject();
    java.util.Map<String, String> last = new java.util.LinkedHashMap<>();
    for (String[] m : members) {
      last.put(m[0], m[1]);
    }
    last.forEach((k, v) -> w.name(k).value(Json.parse(v)));
    return Json.parse(w.endObject().toByteArray()).asObject();
  }

  /** Values compared as JSON: numbers by value, strings by content. */
  static Object normalize(JsonValue v) {
    if (v instanceof JsonNumber) {
      return ((JsonNumber) v).bigDecimalValue().stripTrailingZeros();
    }
    if (v instanceof JsonString) {
      return v.asString();
    }
    if (v instanceof JsonArray) {
      List<Object> out = new ArrayList<>();
      for (JsonValue e : v.asArray().asList()) {
        out.add(normalize(e));
      }
      return out;
    }
    if (v instanceof JsonObject) {
      java.util.Map<String, Object> out = new java.util.TreeMap<>();
      for (String k : v.asObject().names()) {
        out.put(k, normalize(v.asObject().get(k)));
      }
      return out;
    }
    return v;
  }
}
