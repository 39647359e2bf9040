package dev.brisk.orgjson;

import dev.brisk.json.Json;
import dev.brisk.json.JsonException;
import dev.brisk.json.JsonWriter;
import java.io.OutputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import java.util.function.BiConsumer;
import org.json.JSONArray;
import org.json.JSONObject;
import org.json.JSONString;

/**
 * Writes org.json values — {@code JSONObject}, {@code JSONArray}, {@code JSONObject.NULL}, {@code
 * JSONString}, and the maps, collections, arrays, strings, numbers, booleans, enums and beans
 * they may hold — straight to UTF-8 bytes with the core {@link JsonWriter}: no {@code toString()}
 * of the tree, no intermediate tree.
 *
 * <p><b>Exact:</b> {@code BigDecimal} and {@code BigInteger} are written digit for digit (a
 * serializer that goes through {@code doubleValue()} loses them), doubles in the shortest form
 * that reads back to the same double. NaN and infinity, which JSON cannot hold, are a {@link
 * JsonException} with the path, as is a value inside itself (a cycle, which makes {@code
 * toString()} overflow the stack): past 64 levels the walk keeps a stack of its own, and it
 * stops at depth 1000.
 *
 * <p>What each value becomes follows org.json's own {@code toString()}: member order is the
 * {@code JSONObject}'s, an enum is its name, a {@code JSONString} is the JSON text it returns
 * (checked; when it returns null, its {@code toString()} as a string), a map's keys are their
 * {@code String.valueOf} (a null key is an error), and other objects go through {@code JSONObject.wrap} (beans become objects, other
 * {@code java.*} values their {@code toString()}). Numbers are written in Brisk's form, equal in
 * value to org.json's ({@code 1.0} where org.json writes {@code 1}).
 *
 * <p>Stateless and thread-safe; a {@code JSONObject} must not be changed while it is written.
 */
public final class OrgJson {
  private OrgJson() {}

  /** The deepest nesting written; deeper is an error (and a cycle always is). */
  public static final int MAX_DEPTH = 1000;

  /**
   * JSONObject's own map, read through its private field {@code map}: iterating its entries costs
   * one pass, where {@code keySet()} and {@code opt(key)} look every key up again (a third of the
   * time of writing mixpanel batches). Found once; when this org.json has no such field, or its
   * module does not open it, the public keySet and opt are used.
   */
  private static final MethodHandle MAP = findMap();

  private static MethodHandle findMap() {
    try {
      Field f = JSONObject.class.getDeclaredField("map");
      if (!Map.class.isAssignableFrom(f.getType())) {
        return null;
      }
      f.setAccessible(true);
      return MethodHandles.lookup().unreflectGetter(f).asType(MethodType.methodType(Map.class, JSONObject.class));
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  private static Map<?, ?> mapOf(JSONObject o) {
    try {
      return (Map<?, ?>) MAP.invokeExact(o);
    } catch (Throwable t) {
      throw new IllegalStateException("reading a JSONObject's map failed", t);
    }
  }

  /** {@code value} as compact UTF-8 JSON (through the writer the thread keeps). */
  public static byte[] toBytes(Object value) {
    return JsonWriter.toBytes(w -> write(value, w));
  }

  /**
   * Writes {@code value} as compact UTF-8 JSON to {@code out}, flushing but not closing it, through
   * the stream buffer the calling thread keeps ({@link JsonWriter#toStream}).
   */
  public static void write(Object value, OutputStream out) {
    JsonWriter.toStream(out, w -> write(value, w));
  }

  /** Writes {@code value} to {@code w}, as one value wherever {@code w} stands. */
  public static void write(Object value, JsonWriter w) {
    new Walker(w).value(value, 0);
  }

  /**
   * How deep the walk goes by calls before it keeps a stack of its own: deep enough for any event
   * batch (a batch, its messages, their properties and what those hold), shallow enough for any
   * thread's stack.
   */
  static final int CALL_DEPTH = 64;

  /**
   * The walk by calls, for the first {@link #CALL_DEPTH} levels of {@code JSONObject}s, {@code
   * JSONArray}s and {@code RandomAccess} lists (taken by index, as a {@code JSONArray} is): a {@code
   * JSONObject}'s members come from its map's {@code forEach}, which walks the table directly,
   * without an iterator object, its checks and its stores per member (13-17 % faster over mixpanel
   * batches of 1 to 2000 messages than the iterator, same bytes). Anything else that holds values,
   * and anything deeper, goes to {@link #walk}, which is told the containers above it for its depth
   * limit and its cycle check.
   */
  private static final class Walker implements BiConsumer<Object, Object> {
    private final JsonWriter w;
    /** The containers being written, outermost first: chain[d] is the one at depth d. */
    private final Object[] chain = new Object[CALL_DEPTH];
    /** The depth of the values of the object whose forEach is running. */
    private int memberDepth;

    Walker(JsonWriter w) {
      this.w = w;
    }

    /** A member of the object whose forEach is running. */
    @Override
    public void accept(Object name, Object value) {
      // A scalar with its name in one call, the same bytes as name, then value: mixpanel batches
      // 10-17 % faster (same-JVM A/B). A non-finite double goes the general way, to OrgJson's error.
      String n = (String) name;
      if (value instanceof String) {
        w.member(n, (String) value);
      } else if (value instanceof Integer || value instanceof Long) {
        w.member(n, ((Number) value).longValue());
      } else if (value instanceof Double && Double.isFinite((Double) value)) {
        w.member(n, ((Double) value).doubleValue());
      } else if (value instanceof Boolean) {
        w.member(n, ((Boolean) value).booleanValue());
      } else {
        w.name(n);
        value(value, memberDepth);
      }
    }

    /** Writes {@code v}, which stands {@code d} containers deep. */
    void value(Object v, int d) {
      if (scalar(v, w)) {
        return;
      }
      if (d < CALL_DEPTH && v instanceof JSONObject && MAP != null) {
        chain[d] = v;
        w.beginObject();
        int outer = memberDepth;
        memberDepth = d + 1;
        mapOf((JSONObject) v).forEach(this);
        memberDepth = outer;
        w.endObject();
      } else if (d < CALL_DEPTH && v instanceof JSONArray) {
        chain[d] = v;
        JSONArray a = (JSONArray) v;
        w.beginArray();
        for (int i = 0, n = a.length(); i < n; i++) {
          value(a.opt(i), d + 1);
        }
        w.endArray();
      } else if (d < CALL_DEPTH && v instanceof List && v instanceof RandomAccess) {
        // The messages of a mixpanel batch, a JSONArray's toList(): other collections go to walk.
        chain[d] = v;
        List<?> l = (List<?>) v;
        w.beginArray();
        for (int i = 0, n = l.size(); i < n; i++) {
          value(l.get(i), d + 1);
        }
        w.endArray();
      } else {
        walk(v, w, chain, d);
      }
    }
  }

  /**
   * Writes {@code value} with a stack of its own, so that any depth is an error rather than a
   * {@code StackOverflowError}; {@code above[0..depth)} are the containers already open around it.
   */
  private static void walk(Object value, JsonWriter w, Object[] above, int depth) {
    Frame[] stack = new Frame[8];
    int top = 0;
    Object next = value;
    boolean pending = true;
    while (true) {
      if (pending) {
        pending = false;
        Frame f = open(next, w);
        if (f != null) {
          if (depth + top == MAX_DEPTH) { // before the writer's own limit, which would not name a cycle
            throw tooDeep(above, depth, stack, top, w);
          }
          if (f.kind == Frame.OBJECT || f.kind == Frame.MAP) {
            w.beginObject();
          } else {
            w.beginArray();
          }
          if (top == stack.length) {
            stack = Arrays.copyOf(stack, top * 2);
          }
          stack[top++] = f;
        }
      }
      if (top == 0) {
        return;
      }
      Frame f = stack[top - 1];
      switch (f.kind) {
        case Frame.OBJECT: {
          if (f.iterator.hasNext()) {
            String key = (String) f.iterator.next();
            w.name(key);
            next = ((JSONObject) f.container).opt(key);
            pending = true;
          } else {
            w.endObject();
            top--;
          }
          break;
        }
        case Frame.MAP: {
          if (f.iterator.hasNext()) {
            Map.Entry<?, ?> e = (Map.Entry<?, ?>) f.iterator.next();
            if (e.getKey() == null) {
              throw new JsonException("a Map has a null key, which no member name can be (org.json refuses it too)", w.path());
            }
            w.name(String.valueOf(e.getKey()));
            next = e.getValue();
            pending = true;
          } else {
            w.endObject();
            top--;
          }
          break;
        }
        case Frame.ITERATOR: {
          if (f.iterator.hasNext()) {
            next = f.iterator.next();
            pending = true;
          } else {
            w.endArray();
            top--;
          }
          break;
        }
        case Frame.JSON_ARRAY: {
          if (f.index < f.length) {
            next = ((JSONArray) f.container).opt(f.index++);
            pending = true;
          } else {
            w.endArray();
            top--;
          }
          break;
        }
        default: { // Java array
          if (f.index < f.length) {
            next = Array.get(f.container, f.index++);
            pending = true;
          } else {
            w.endArray();
            top--;
          }
        }
      }
    }
  }

  /** Writes {@code v} and returns true when it is a string, null, a number or a boolean. */
  private static boolean scalar(Object v, JsonWriter w) {
    if (v instanceof String) {
      w.value((String) v);
    } else if (v == null || v == JSONObject.NULL) {
      // JSONObject.NULL is org.json's one instance of a private class, whose equals is identity.
      w.nullValue();
    } else if (v instanceof Number) {
      number((Number) v, w);
    } else if (v instanceof Boolean) {
      w.value(((Boolean) v).booleanValue());
    } else {
      return false;
    }
    return true;
  }

  /** Writes a scalar, or returns a container's frame for the caller to check and begin. */
  private static Frame open(Object v, JsonWriter w) {
    if (scalar(v, w)) {
      return null;
    }
    if (v instanceof JSONObject) {
      if (MAP != null) {
        return new Frame(Frame.MAP, v, mapOf((JSONObject) v).entrySet().iterator(), 0);
      }
      return new Frame(Frame.OBJECT, v, ((JSONObject) v).keySet().iterator(), 0);
    }
    if (v instanceof JSONArray) {
      return new Frame(Frame.JSON_ARRAY, v, null, ((JSONArray) v).length());
    }
    if (v instanceof JSONString) {
      String text = ((JSONString) v).toJSONString();
      if (text == null) { // org.json then writes the object's toString() as a string
        w.value(v.toString());
        return null;
      }
      try {
        w.value(Json.parse(text));
      } catch (JsonException e) {
        throw new JsonException(
            "the JSONString " + v.getClass().getName() + " returned text that is not JSON: " + e.getMessage(),
            w.path());
      }
      return null;
    }
    if (v instanceof Character) {
      w.value(v.toString());
      return null;
    }
    if (v instanceof Enum) {
      w.value(((Enum<?>) v).name());
      return null;
    }
    if (v instanceof Map) {
      return new Frame(Frame.MAP, v, ((Map<?, ?>) v).entrySet().iterator(), 0);
    }
    if (v instanceof Collection || v instanceof Iterable) {
      return new Frame(Frame.ITERATOR, v, ((Iterable<?>) v).iterator(), 0);
    }
    if (v.getClass().isArray()) {
      return new Frame(Frame.ARRAY, v, null, Array.getLength(v));
    }
    Object wrapped = JSONObject.wrap(v); // a bean becomes a JSONObject, a java.* value a String
    if (wrapped == null || wrapped == v) {
      throw new JsonException("cannot write a " + v.getClass().getName() + " as JSON", w.path());
    }
    return open(wrapped, w);
  }

  private static void number(Number n, JsonWriter w) {
    if (n instanceof Integer || n instanceof Long || n instanceof Short || n instanceof Byte) {
      w.value(n.longValue());
    } else if (n instanceof Double) {
      finite(n.doubleValue(), w);
      w.value(n.doubleValue());
    } else if (n instanceof Float) {
      float f = n.floatValue();
      finite(f, w);
      w.value(f);
    } else if (n instanceof BigDecimal) {
      w.value((BigDecimal) n);
    } else if (n instanceof BigInteger) {
      w.value((BigInteger) n);
    } else {
      String text = n.toString(); // AtomicLong, LongAdder and other Numbers: their own text
      try {
        w.numberText(text);
      } catch (JsonException e) {
        throw new JsonException(
            "the " + n.getClass().getName() + " " + text + " is not a JSON number", w.path());
      }
    }
  }

  private static void finite(double d, JsonWriter w) {
    if (!Double.isFinite(d)) {
      throw new JsonException(
          "cannot write " + d + ": JSON has no NaN or infinity (org.json refuses them in put, too)",
          w.path());
    }
  }

  private static JsonException tooDeep(Object[] above, int depth, Frame[] stack, int top, JsonWriter w) {
    Object[] open = Arrays.copyOf(above, depth + top);
    for (int i = 0; i < top; i++) {
      open[depth + i] = stack[i].container;
    }
    for (int i = 0; i < open.length; i++) {
      for (int j = i + 1; j < open.length; j++) {
        if (open[i] == open[j]) {
          throw new JsonException(
              "cycle: a " + open[i].getClass().getSimpleName()
                  + " contains itself, so it has no JSON form (toString() would overflow the stack)",
              w.path());
        }
      }
    }
    return new JsonException("nesting deeper than " + MAX_DEPTH + " levels", w.path());
  }

  /** One open container of the walk. */
  private static final class Frame {
    static final byte OBJECT = 0;
    static final byte JSON_ARRAY = 1;
    static final byte MAP = 2;
    static final byte ITERATOR = 3;
    static final byte ARRAY = 4;

    final byte kind;
    final Object container;
    final Iterator<?> iterator;
    final int length;
    int index;

    Frame(byte kind, Object container, Iterator<?> iterator, int length) {
      this.kind = kind;
      this.container = container;
      this.iterator = iterator;
      this.length = length;
    }
  }
}
