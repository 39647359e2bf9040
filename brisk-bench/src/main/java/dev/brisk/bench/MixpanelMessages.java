package dev.brisk.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.json.JSONArray;
import org.json.JSONObject;

/**
 * Seeded batches of org.json messages shaped like mixpanel-java's import benchmark
 * (../shared/seeds/004): {@code event}, {@code $insert_id}, {@code time} and {@code properties}
 * with nine scalars, a nested object and an array of five strings.
 */
public final class MixpanelMessages {
  private MixpanelMessages() {}

  /** {@code size} messages; the same seed and size give the same batch. */
  public static JSONArray batch(long seed, int size) {
    SplittableRandom r = new SplittableRandom(seed);
    JSONArray batch = new JSONArray();
    for (int i = 0; i < size; i++) {
      batch.put(message(r, i));
    }
    return batch;
  }

  /** The messages of {@link #batch}, as the list mixpanel-java hands its serializer. */
  public static List<JSONObject> messages(long seed, int size) {
    List<JSONObject> messages = new ArrayList<>(size);
    for (Object m : batch(seed, size)) {
      messages.add((JSONObject) m);
    }
    return messages;
  }

  static JSONObject message(SplittableRandom r, int i) {
    JSONObject properties = new JSONObject()
        .put("distinct_id", "user-" + r.nextInt(1_000_000))
        .put("token", "a1b2c3d4e5f6")
        .put("plan", r.nextBoolean() ? "premium" : "free")
        .put("amount", Math.round(r.nextDouble() * 100_000) / 100.0)
        .put("quantity", r.nextInt(1, 20))
        .put("first_purchase", r.nextBoolean())
        .put("session_ms", r.nextLong(1_000_000_000L))
        .put("score", r.nextDouble())
        .put("referrer", JSONObject.NULL)
        .put("device", new JSONObject().put("os", "Android").put("version", "14.1").put("model", "Pixel " + r.nextInt(9)))
        .put("tags", new JSONArray(List.of("t" + r.nextInt(10), "sale", "mobile", "eu", "returning")));
    return new JSONObject()
        .put("event", "purchase")
        .put("$insert_id", Long.toHexString(r.nextLong()))
        .put("time", 1_700_000_000_000L + i)
        .put("properties", properties);
  }
}
