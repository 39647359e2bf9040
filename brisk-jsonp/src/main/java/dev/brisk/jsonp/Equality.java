package dev.brisk.jsonp;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;

/**
 * {@code equals} and {@code hashCode} of JSON-P objects and arrays, of any provider, walked with a
 * stack of their own rather than the thread's (the recursive ones of {@code AbstractMap} and
 * {@code AbstractList} overflow it on a tree read with a raised depth limit, or built by hand).
 * The results are those of {@code Map} and {@code List}: an object equals another with the same
 * names and equal values and hashes as the sum of {@code name.hashCode() ^ value.hashCode()}; an
 * array equals another with equal elements in order and hashes as {@code List.hashCode}.
 * Stateless and thread-safe.
 */
final class Equality {
  private Equality() {}

  private static boolean isContainer(Object v) {
    return v instanceof JsonObject || v instanceof JsonArray;
  }

  /** Both objects or both arrays, of the same size. */
  private static boolean sameShape(JsonValue a, Object b) {
    if (a instanceof JsonObject) {
      return b instanceof JsonObject && ((JsonObject) a).size() == ((JsonObject) b).size();
    }
    return b instanceof JsonArray && ((JsonArray) a).size() == ((JsonArray) b).size();
  }

  /** One pair being compared: a's members or elements in order, and b's elements for arrays. */
  private static final class Pair {
    final Iterator<?> as;
    final JsonObject bObject;
    final Iterator<JsonValue> bs;

    Pair(JsonValue a, Object b) {
      if (a instanceof JsonObject) {
        as = ((JsonObject) a).entrySet().iterator();
        bObject = (JsonObject) b;
        bs = null;
      } else {
        as = ((JsonArray) a).iterator();
        bObject = null;
        bs = ((JsonArray) b).iterator();
      }
    }
  }

  /** Whether {@code a}, a JSON-P object or array, equals {@code b}. */
  static boolean equal(JsonValue a, Object b) {
    return equal(a, b, false);
  }

  /**
   * Whether two JSON values are the same JSON as RFC 6902 (4.6) defines it for a patch's {@code
   * test}: as {@code equals}, but numbers are equal when their values are ({@code 1}, {@code 1.0}
   * and {@code 1e0}), where {@code JsonNumber.equals} compares {@code BigDecimal}s, scale and all.
   */
  static boolean sameJson(JsonValue a, JsonValue b) {
    return isContainer(a) ? equal(a, b, true) : leafEqual(a, b, true);
  }

  private static boolean leafEqual(Object x, Object y, boolean numeric) {
    if (numeric && x instanceof JsonNumber && y instanceof JsonNumber) {
      return ((JsonNumber) x).bigDecimalValue().compareTo(((JsonNumber) y).bigDecimalValue()) == 0;
    }
    return x.equals(y);
  }

  private static boolean equal(JsonValue a, Object b, boolean numeric) {
    if (a == b) {
      return true;
    }
    if (!sameShape(a, b)) {
      return false;
    }
    Pair[] stack = new Pair[16];
    int top = 0;
    stack[0] = new Pair(a, b);
    while (top >= 0) {
      Pair p = stack[top];
      if (!p.as.hasNext()) {
        stack[top--] = null;
        continue;
      }
      Object x;
      Object y;
      if (p.bObject != null) {
        Map.Entry<?, ?> e = (Map.Entry<?, ?>) p.as.next();
        x = e.getValue();
        y = p.bObject.get(e.getKey());
        if (y == null) {
          return false; // a JSON-P object holds no null values: the name is missing
        }
      } else {
        x = p.as.next();
        y = p.bs.next();
      }
      if (x == y) {
        continue;
      }
      if (!isContainer(x)) {
        if (x == null || !leafEqual(x, y, numeric)) {
          return false;
        }
        continue;
      }
      if (!sameShape((JsonValue) x, y)) {
        return false;
      }
      if (++top == stack.length) {
        stack = Arrays.copyOf(stack, top * 2);
      }
      stack[top] = new Pair((JsonValue) x, y);
    }
    return true;
  }

  /** The hash code of {@code v}, a JSON-P object or array. */
  static int hash(JsonValue v) {
    Iterator<?>[] its = new Iterator<?>[16];
    boolean[] objects = new boolean[16];
    String[] names = new String[16]; // the member whose value is being hashed, per object level
    int[] acc = new int[16];
    int top = 0;
    open(v, its, objects, acc, 0);
    for (;;) {
      Iterator<?> it = its[top];
      if (it.hasNext()) {
        Object child;
        if (objects[top]) {
          Map.Entry<?, ?> e = (Map.Entry<?, ?>) it.next();
          names[top] = (String) e.getKey();
          child = e.getValue();
        } else {
          child = it.next();
        }
        if (isContainer(child)) {
          if (++top == its.length) {
            its = Arrays.copyOf(its, top * 2);
            objects = Arrays.copyOf(objects, top * 2);
            names = Arrays.copyOf(names, top * 2);
            acc = Arrays.copyOf(acc, top * 2);
          }
          open((JsonValue) child, its, objects, acc, top);
          continue;
        }
        fold(objects, names, acc, top, child == null ? 0 : child.hashCode());
        continue;
      }
      int h = acc[top];
      its[top] = null;
      if (top == 0) {
        return h;
      }
      top--;
      fold(objects, names, acc, top, h);
    }
  }

  private static void open(JsonValue c, Iterator<?>[] its, boolean[] objects, int[] acc, int at) {
    boolean object = c instanceof JsonObject;
    objects[at] = object;
    its[at] = object ? ((JsonObject) c).entrySet().iterator() : ((JsonArray) c).iterator();
    acc[at] = object ? 0 : 1;
  }

  private static void fold(boolean[] objects, String[] names, int[] acc, int top, int h) {
    if (objects[top]) {
      acc[top] += names[top].hashCode() ^ h;
    } else {
      acc[top] = 31 * acc[top] + h;
    }
  }
}
