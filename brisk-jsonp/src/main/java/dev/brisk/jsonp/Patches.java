package dev.brisk.jsonp;

import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonMergePatch;
import jakarta.json.JsonObject;
import jakarta.json.JsonPatch;
import jakarta.json.JsonPatchBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** RFC 6902 JSON Patch (with its builder and a diff) and RFC 7396 JSON Merge Patch. */
final class Patches {
  private Patches() {}

  static final class Patch implements JsonPatch {
    private final JsonArray ops;

    Patch(JsonArray ops) {
      this.ops = Objects.requireNonNull(ops, "patch");
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T extends JsonStructure> T apply(T target) {
      JsonStructure t = Objects.requireNonNull(target, "target");
      for (JsonValue v : ops) {
        if (!(v instanceof JsonObject)) {
          throw new JsonException("a patch operation is an object, not " + v);
        }
        t = applyOne((JsonObject) v, t);
      }
      return (T) t;
    }

    private static String member(JsonObject op, String name) {
      JsonValue v = op.get(name);
      if (!(v instanceof JsonString)) {
        throw new JsonException("the patch operation " + op + " needs a string '" + name + "'");
      }
      return ((JsonString) v).getString();
    }

    private static JsonValue value(JsonObject op) {
      JsonValue v = op.get("value");
      if (v == null) {
        throw new JsonException("the patch operation " + op + " needs a 'value'");
      }
      return v;
    }

    private static JsonStructure applyOne(JsonObject op, JsonStructure t) {
      String name = member(op, "op");
      Pointer path = new Pointer(member(op, "path"));
      switch (name) {
        case "add":
          return path.add(t, value(op));
        case "remove":
          return path.remove(t);
        case "replace":
          return path.replace(t, value(op));
        case "move": {
          String fromText = member(op, "from");
          Pointer from = new Pointer(fromText);
          String to = path.toString();
          if (to.startsWith(fromText + "/")) {
            throw new JsonException("cannot move '" + fromText + "' into its own child '" + to + "'");
          }
          JsonValue v = from.getValue(t);
          if (fromText.equals(to)) {
            return t;
          }
          return path.add(from.remove(t), v);
        }
        case "copy":
          return path.add(t, new Pointer(member(op, "from")).getValue(t));
        case "test":
          if (!path.getValue(t).equals(value(op))) {
            throw new JsonException("the patch test failed: " + path + " is not " + value(op));
          }
          return t;
        default:
          throw new JsonException("'" + name + "' is not a patch operation (add, remove, replace, move, copy, test)");
      }
    }

    @Override
    public JsonArray toJsonArray() {
      return ops;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Patch && ops.equals(((Patch) o).ops);
    }

    @Override
    public int hashCode() {
      return ops.hashCode();
    }

    @Override
    public String toString() {
      return ops.toString();
    }
  }

  static final class Builder implements JsonPatchBuilder {
    private final JsonArrayBuilder ops;

    Builder(JsonArray start) {
      ops = start == null ? new Builders.ArrayBuilder() : new Builders.ArrayBuilder(start);
    }

    private JsonPatchBuilder op(String op, String path, String from, JsonValue value) {
      Builders.ObjectBuilder o = new Builders.ObjectBuilder();
      o.add("op", op);
      o.add("path", Objects.requireNonNull(path, "path"));
      if (from != null) {
        o.add("from", from);
      }
      if (value != null) {
        o.add("value", value);
      }
      ops.add(o.build());
      return this;
    }

    @Override
    public JsonPatchBuilder add(String path, JsonValue value) {
      return op("add", path, null, Objects.requireNonNull(value, "value"));
    }

    @Override
    public JsonPatchBuilder add(String path, String value) {
      return op("add", path, null, Values.string(value));
    }

    @Override
    public JsonPatchBuilder add(String path, int value) {
      return op("add", path, null, Values.number((long) value));
    }

    @Override
    public JsonPatchBuilder add(String path, boolean value) {
      return op("add", path, null, value ? JsonValue.TRUE : JsonValue.FALSE);
    }

    @Override
    public JsonPatchBuilder remove(String path) {
      return op("remove", path, null, null);
    }

    @Override
    public JsonPatchBuilder replace(String path, JsonValue value) {
      return op("replace", path, null, Objects.requireNonNull(value, "value"));
    }

    @Override
    public JsonPatchBuilder replace(String path, String value) {
      return op("replace", path, null, Values.string(value));
    }

    @Override
    public JsonPatchBuilder replace(String path, int value) {
      return op("replace", path, null, Values.number((long) value));
    }

    @Override
    public JsonPatchBuilder replace(String path, boolean value) {
      return op("replace", path, null, value ? JsonValue.TRUE : JsonValue.FALSE);
    }

    @Override
    public JsonPatchBuilder move(String path, String from) {
      return op("move", path, Objects.requireNonNull(from, "from"), null);
    }

    @Override
    public JsonPatchBuilder copy(String path, String from) {
      return op("copy", path, Objects.requireNonNull(from, "from"), null);
    }

    @Override
    public JsonPatchBuilder test(String path, JsonValue value) {
      return op("test", path, null, Objects.requireNonNull(value, "value"));
    }

    @Override
    public JsonPatchBuilder test(String path, String value) {
      return op("test", path, null, Values.string(value));
    }

    @Override
    public JsonPatchBuilder test(String path, int value) {
      return op("test", path, null, Values.number((long) value));
    }

    @Override
    public JsonPatchBuilder test(String path, boolean value) {
      return op("test", path, null, value ? JsonValue.TRUE : JsonValue.FALSE);
    }

    @Override
    public JsonPatch build() {
      return new Patch(ops.build());
    }
  }

  /** A patch that turns {@code source} into {@code target}. */
  static JsonArray diff(JsonStructure source, JsonStructure target) {
    Builders.ArrayBuilder ops = new Builders.ArrayBuilder();
    diff("", Objects.requireNonNull(source, "source"), Objects.requireNonNull(target, "target"), ops);
    return ops.build();
  }

  private static String escape(String key) {
    return key.replace("~", "~0").replace("/", "~1");
  }

  private static void op(Builders.ArrayBuilder ops, String op, String path, JsonValue value) {
    Builders.ObjectBuilder o = new Builders.ObjectBuilder();
    o.add("op", op).add("path", path);
    if (value != null) {
      o.add("value", value);
    }
    ops.add(o.build());
  }

  private static void diff(String path, JsonValue s, JsonValue t, Builders.ArrayBuilder ops) {
    if (s.equals(t)) {
      return;
    }
    if (s instanceof JsonObject && t instanceof JsonObject) {
      JsonObject so = (JsonObject) s;
      JsonObject to = (JsonObject) t;
      for (String k : so.keySet()) {
        if (!to.containsKey(k)) {
          op(ops, "remove", path + "/" + escape(k), null);
        }
      }
      for (Map.Entry<String, JsonValue> e : to.entrySet()) {
        String p = path + "/" + escape(e.getKey());
        JsonValue old = so.get(e.getKey());
        if (old == null) {
          op(ops, "add", p, e.getValue());
        } else {
          diff(p, old, e.getValue(), ops);
        }
      }
      return;
    }
    if (s instanceof JsonArray && t instanceof JsonArray) {
      JsonArray sa = (JsonArray) s;
      JsonArray ta = (JsonArray) t;
      int common = Math.min(sa.size(), ta.size());
      for (int i = 0; i < common; i++) {
        diff(path + "/" + i, sa.get(i), ta.get(i), ops);
      }
      for (int i = sa.size() - 1; i >= common; i--) {
        op(ops, "remove", path + "/" + i, null);
      }
      for (int i = common; i < ta.size(); i++) {
        op(ops, "add", path + "/" + i, ta.get(i));
      }
      return;
    }
    op(ops, "replace", path, t);
  }

  static final class MergePatch implements JsonMergePatch {
    private final JsonValue patch;

    MergePatch(JsonValue patch) {
      this.patch = Objects.requireNonNull(patch, "patch");
    }

    @Override
    public JsonValue apply(JsonValue target) {
      return merge(Objects.requireNonNull(target, "target"), patch);
    }

    private static JsonValue merge(JsonValue target, JsonValue patch) {
      if (!(patch instanceof JsonObject)) {
        return patch;
      }
      Map<String, JsonValue> result =
          target instanceof JsonObject ? new LinkedHashMap<>((JsonObject) target) : new LinkedHashMap<>();
      for (Map.Entry<String, JsonValue> e : ((JsonObject) patch).entrySet()) {
        if (e.getValue().getValueType() == JsonValue.ValueType.NULL) {
          result.remove(e.getKey());
        } else {
          JsonValue old = result.get(e.getKey());
          result.put(e.getKey(), merge(old == null ? JsonValue.NULL : old, e.getValue()));
        }
      }
      return Values.object(result);
    }

    @Override
    public JsonValue toJsonValue() {
      return patch;
    }
  }

  /** A merge patch that turns {@code source} into {@code target}. */
  static JsonValue mergeDiff(JsonValue source, JsonValue target) {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(target, "target");
    if (!(source instanceof JsonObject) || !(target instanceof JsonObject)) {
      return target;
    }
    JsonObject s = (JsonObject) source;
    JsonObject t = (JsonObject) target;
    Map<String, JsonValue> m = new LinkedHashMap<>();
    for (String k : s.keySet()) {
      if (!t.containsKey(k)) {
        m.put(k, JsonValue.NULL);
      }
    }
    for (Map.Entry<String, JsonValue> e : t.entrySet()) {
      JsonValue old = s.get(e.getKey());
      if (old == null) {
        m.put(e.getKey(), e.getValue());
      } else if (!old.equals(e.getValue())) {
        m.put(e.getKey(), mergeDiff(old, e.getValue()));
      }
    }
    return Values.object(m);
  }
}
