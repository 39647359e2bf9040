package dev.brisk.json;

import java.util.Arrays;

/** Writes a tree to a {@link JsonWriter} without recursion, so any depth is safe. */
final class TreeWriter {
  private TreeWriter() {}

  static void write(JsonValue root, JsonWriter w) {
    if (root.kind > JsonValue.K_ARRAY) {
      scalar(root, w);
      return;
    }
    JsonValue[] containers = new JsonValue[16];
    int[] next = new int[16];
    int sp = 0;
    containers[0] = root;
    open(root, w);
    while (sp >= 0) {
      JsonValue c = containers[sp];
      int i = next[sp];
      JsonValue child;
      if (c.kind == JsonValue.K_OBJECT) {
        JsonObject o = (JsonObject) c;
        if (i == o.size()) {
          w.endObject();
          sp--;
          continue;
        }
        child = o.valueAt(i);
        if (child.kind > JsonValue.K_ARRAY) {
          w.member(o.nameAt(i), child);
          next[sp] = i + 1;
          continue;
        }
        w.name(o.nameAt(i));
      } else {
        JsonArray a = (JsonArray) c;
        if (i == a.size()) {
          w.endArray();
          sp--;
          continue;
        }
        child = a.get(i);
      }
      next[sp] = i + 1;
      if (child.kind <= JsonValue.K_ARRAY) {
        if (++sp == containers.length) {
          containers = Arrays.copyOf(containers, sp * 2);
          next = Arrays.copyOf(next, sp * 2);
        }
        containers[sp] = child;
        next[sp] = 0;
        open(child, w);
      } else {
        scalar(child, w);
      }
    }
  }

  private static void open(JsonValue v, JsonWriter w) {
    if (v.kind == JsonValue.K_OBJECT) {
      w.beginObject();
    } else {
      w.beginArray();
    }
  }

  private static void scalar(JsonValue v, JsonWriter w) {
    switch (v.kind) {
      case JsonValue.K_STRING:
        ((JsonString) v).writeTo(w);
        break;
      case JsonValue.K_NUMBER:
        ((JsonNumber) v).writeTo(w);
        break;
      case JsonValue.K_BOOLEAN:
        w.value(v == JsonBoolean.TRUE);
        break;
      default:
        w.nullValue();
    }
  }
}
