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
          if (!Equality.sameJson(path.getValue(t), value(op))) { // numbers by value (RFC 6902, 4.6)
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

  /**
   * One object or array pair of {@link #diff}, with the step of the JSON Pointer that leads to it
   * from its parent. The ops come in the order a recursive walk gives them, but the walk keeps its
   * own stack (any depth is fine), descends rather than comparing each subtree first, and puts a
   * path together only for an op it writes, so a deep tree takes linear time and memory.
   */
  private static final class DiffFrame {
    final String step;
    final JsonValue s;
    final JsonValue t;
    final java.util.Iterator<Map.Entry<String, JsonValue>> members; // objects
    int index; // arrays

    DiffFrame(String step, JsonValue s, JsonValue t) {
      this.step = step;
      this.s = s;
      this.t = t;
      this.members = s instanceof JsonObject ? ((JsonObject) t).entrySet().iterator() : null;
    }
  }

  /** The pointer to {@code step} under the frames on the stack, from the root down. */
  private static String path(java.util.ArrayDeque<DiffFrame> stack, String step) {
    StringBuilder sb = new StringBuilder();
    for (java.util.Iterator<DiffFrame> it = stack.descendingIterator(); it.hasNext(); ) {
      sb.append(it.next().step);
    }
    return sb.append(step).toString();
  }

  private static void diff(String root, JsonValue source, JsonValue target, Builders.ArrayBuilder ops) {
    java.util.ArrayDeque<DiffFrame> stack = new java.util.ArrayDeque<>();
    visit(stack, root, source, target, ops);
    while (!stack.isEmpty()) {
      DiffFrame f = stack.peek();
      if (f.members != null) {
        if (!f.members.hasNext()) {
          stack.pop();
          continue;
        }
        Map.Entry<String, JsonValue> e = f.members.next();
        String step = "/" + escape(e.getKey());
        JsonValue old = ((JsonObject) f.s).get(e.getKey());
        if (old == null) {
          op(ops, "add", path(stack, step), e.getValue());
        } else {
          visit(stack, step, old, e.getValue(), ops);
        }
      } else {
        JsonArray sa = (JsonArray) f.s;
        JsonArray ta = (JsonArray) f.t;
        int common = Math.min(sa.size(), ta.size());
        if (f.index < common) {
          int i = f.index++;
          visit(stack, "/" + i, sa.get(i), ta.get(i), ops);
        } else {
          for (int i = sa.size() - 1; i >= common; i--) {
            op(ops, "remove", path(stack, "/" + i), null);
          }
          for (int i = common; i < ta.size(); i++) {
            op(ops, "add", path(stack, "/" + i), ta.get(i));
          }
          stack.pop();
        }
      }
    }
  }

  /**
   * Two objects or two arrays: pushes their frame, to walk (for objects, after writing the removes
   * of the members the target lacks); anything else: a replace when they differ.
   */
  private static void visit(java.util.ArrayDeque<DiffFrame> stack, String step, JsonValue s, JsonValue t,
      Builders.ArrayBuilder ops) {
    if (s instanceof JsonObject && t instanceof JsonObject) {
      stack.push(new DiffFrame(step, s, t));
      JsonObject to = (JsonObject) t;
      for (String k : ((JsonObject) s).keySet()) {
        if (!to.containsKey(k)) {
          op(ops, "remove", path(stack, "/" + escape(k)), null);
        }
      }
    } else if (s instanceof JsonArray && t instanceof JsonArray) {
      stack.push(new DiffFrame(step, s, t));
    } else if (!s.equals(t)) {
      op(ops, "replace", path(stack, step), t);
    }
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

    /**
     * RFC 7396's MergePatch(target, patch), with a stack of its own: each level's result is a copy
     * of the target's object, changed by the patch's members, and an object patched into a member
     * is finished before its parent goes on.
     */
    private static JsonValue merge(JsonValue target, JsonValue patch) {
      if (!(patch instanceof JsonObject)) {
        return patch;
      }
      java.util.ArrayDeque<MergeFrame> stack = new java.util.ArrayDeque<>();
      stack.push(new MergeFrame(null, target, (JsonObject) patch));
      for (;;) {
        MergeFrame f = stack.peek();
        if (!f.members.hasNext()) {
          stack.pop();
          JsonValue done = Values.object(f.result);
          if (stack.isEmpty()) {
            return done;
          }
          stack.peek().result.put(f.name, done);
          continue;
        }
        Map.Entry<String, JsonValue> e = f.members.next();
        JsonValue v = e.getValue();
        if (v.getValueType() == JsonValue.ValueType.NULL) {
          f.result.remove(e.getKey());
        } else if (v instanceof JsonObject) {
          JsonValue old = f.result.get(e.getKey());
          stack.push(new MergeFrame(e.getKey(), old == null ? JsonValue.NULL : old, (JsonObject) v));
        } else {
          f.result.put(e.getKey(), v);
        }
      }
    }

    /** One object being merged: the member of its parent it goes to, its result so far, its patch's members. */
    private static final class MergeFrame {
      final String name;
      final Map<String, JsonValue> result;
      final java.util.Iterator<Map.Entry<String, JsonValue>> members;

      MergeFrame(String name, JsonValue target, JsonObject patch) {
        this.name = name;
        this.result = target instanceof JsonObject ? new LinkedHashMap<>((JsonObject) target) : new LinkedHashMap<>();
        this.members = patch.entrySet().iterator();
      }
    }

    @Override
    public JsonValue toJsonValue() {
      return patch;
    }
  }

  /**
   * A merge patch that turns {@code source} into {@code target}. Walked with a stack of its own,
   * and without comparing each pair of objects before descending into it (an empty result means
   * they were equal), so a deep tree takes linear time.
   */
  static JsonValue mergeDiff(JsonValue source, JsonValue target) {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(target, "target");
    if (!(source instanceof JsonObject) || !(target instanceof JsonObject)) {
      return target;
    }
    java.util.ArrayDeque<DiffObjects> stack = new java.util.ArrayDeque<>();
    stack.push(new DiffObjects(null, (JsonObject) source, (JsonObject) target));
    for (;;) {
      DiffObjects f = stack.peek();
      if (!f.members.hasNext()) {
        stack.pop();
        if (stack.isEmpty()) {
          return Values.object(f.result);
        }
        if (!f.result.isEmpty()) { // empty: the two objects were equal, nothing to say
          stack.peek().result.put(f.name, Values.object(f.result));
        }
        continue;
      }
      Map.Entry<String, JsonValue> e = f.members.next();
      JsonValue old = f.source.get(e.getKey());
      JsonValue now = e.getValue();
      if (old == null) {
        f.result.put(e.getKey(), now);
      } else if (old instanceof JsonObject && now instanceof JsonObject) {
        stack.push(new DiffObjects(e.getKey(), (JsonObject) old, (JsonObject) now));
      } else if (!old.equals(now)) {
        f.result.put(e.getKey(), now);
      }
    }
  }

  /** One pair of objects of {@link #mergeDiff}: the member of the parent's patch it goes to. */
  private static final class DiffObjects {
    final String name;
    final JsonObject source;
    final Map<String, JsonValue> result = new LinkedHashMap<>();
    final java.util.Iterator<Map.Entry<String, JsonValue>> members;

    DiffObjects(String name, JsonObject source, JsonObject target) {
      this.name = name;
      this.source = source;
      for (String k : source.keySet()) {
        if (!target.containsKey(k)) {
          result.put(k, JsonValue.NULL);
        }
      }
      this.members = target.entrySet().iterator();
    }
  }
}
