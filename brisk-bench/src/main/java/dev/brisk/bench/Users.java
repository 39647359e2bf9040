package dev.brisk.bench;

import dev.brisk.json.Json;
import dev.brisk.json.JsonArray;
import dev.brisk.json.JsonObject;
import dev.brisk.json.JsonString;
import dev.brisk.json.JsonValue;
import dev.brisk.json.JsonWriter;
import java.util.SplittableRandom;

/**
 * Seeded generator of the "users" documents of the Esper JSON benchmark
 * (../shared/seeds/002_0065f87b88e5e367.txt): {@code {"users":[{_id, index, guid, isActive,
 * balance, picture, age, eyeColor, name, gender, company, email, phone, address, about,
 * registered, latitude, longitude, tags[], friends[{id, name}], greeting, favoriteFruit}, ...]}}.
 * The same seed and size give the same bytes on every machine, so every library in a run, and
 * every run, reads the same input.
 */
public final class Users {
  private Users() {}

  private static final String ALNUM =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

  /**
   * The document as a tree built in code, as an application builds an event: its strings made
   * from Strings, where a parsed tree's hold the input's bytes.
   */
  public static JsonValue builtTree(byte[] doc) {
    return rebuild(Json.parse(doc));
  }

  private static JsonValue rebuild(JsonValue v) {
    if (v instanceof JsonObject) {
      JsonObject o = (JsonObject) v;
      JsonObject.Builder b = JsonObject.builder();
      for (int i = 0; i < o.size(); i++) {
        b.put(o.nameAt(i), rebuild(o.valueAt(i)));
      }
      return b.build();
    }
    if (v instanceof JsonArray) {
      JsonArray.Builder b = JsonArray.builder();
      for (JsonValue e : (JsonArray) v) {
        b.add(rebuild(e));
      }
      return b.build();
    }
    if (v instanceof JsonString) {
      return JsonString.of(((JsonString) v).value());
    }
    return v;
  }

  /** A users document of at least {@code minBytes} bytes (whole users are added until it is). */
  public static byte[] document(long seed, int minBytes) {
    SplittableRandom r = new SplittableRandom(seed);
    JsonWriter w = JsonWriter.create();
    w.beginObject().name("users").beginArray();
    user(r, w, HARD_DOUBLE);
    while (w.size() + 2 < minBytes) {
      user(r, w);
    }
    w.endArray().endObject();
    return w.toByteArray();
  }

  /** {@code count} users, one JSON object per line (NDJSON). */
  public static byte[] ndjson(long seed, int count) {
    SplittableRandom r = new SplittableRandom(seed);
    JsonWriter w = JsonWriter.create();
    for (int i = 0; i < count; i++) {
      user(r, w);
    }
    return (w.toString() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  /**
   * The first user's latitude: a double whose shortest form has 17 digits, which readers that
   * take a fast approximate path misread by one unit in the last place (DSL-JSON's default and
   * avaje-jsonb read it as 41.07413671161208). Every document has it, so the benchmarks'
   * exactness check always meets one.
   */
  public static final double HARD_DOUBLE = 41.074136711612084;

  /** Writes one user object. */
  public static void user(SplittableRandom r, JsonWriter w) {
    user(r, w, Double.NaN);
  }

  private static void user(SplittableRandom r, JsonWriter w, double latitude) {
    w.beginObject();
    w.name("_id").value(digits(r, 20));
    w.name("index").value(r.nextInt(1_000_000_000));
    w.name("guid").value(text(r, 20));
    w.name("isActive").value(r.nextBoolean());
    w.name("balance").value(text(r, 20));
    w.name("picture").value(text(r, 46));
    w.name("age").value(18 + r.nextInt(60));
    w.name("eyeColor").value(text(r, 20));
    w.name("name").value(text(r, 20));
    w.name("gender").value(text(r, 20));
    w.name("company").value(text(r, 20));
    w.name("email").value(text(r, 20));
    w.name("phone").value(text(r, 20));
    w.name("address").value(text(r, 20));
    w.name("about").value(text(r, 20));
    w.name("registered").value(text(r, 20));
    double random = r.nextDouble(-90, 90);
    w.name("latitude").value(Double.isNaN(latitude) ? random : latitude);
    w.name("longitude").value(r.nextDouble(-180, 180));
    w.name("tags").beginArray();
    for (int i = r.nextInt(5); i > 0; i--) {
      w.value(text(r, 10));
    }
    w.endArray();
    w.name("friends").beginArray();
    for (int i = r.nextInt(3); i > 0; i--) {
      w.beginObject().name("id").value(digits(r, 4)).name("name").value(text(r, 30)).endObject();
    }
    w.endArray();
    w.name("greeting").value(text(r, 20));
    w.name("favoriteFruit").value(text(r, 20));
    w.endObject();
  }

  private static String text(SplittableRandom r, int n) {
    char[] c = new char[n];
    for (int i = 0; i < n; i++) {
      c[i] = ALNUM.charAt(r.nextInt(ALNUM.length()));
    }
    return new String(c);
  }

  private static String digits(SplittableRandom r, int n) {
    char[] c = new char[n];
    for (int i = 0; i < n; i++) {
      c[i] = (char) ('0' + r.nextInt(10));
    }
    return new String(c);
  }
}
