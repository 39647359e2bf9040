package dev.brisk.json;

import java.util.Arrays;

/**
 * {@code equals} and {@code hashCode} of trees, walked with a stack of their own rather than the
 * thread's: a tree read with a raised depth limit, or built by hand, may be deeper than the
 * thread's stack allows recursion to go. The results are those of the recursive definitions: an
 * array hashes as {@link Arrays#hashCode(Object[])} of its elements, an object as the sum of
 * {@code name.hashCode() ^ value.hashCode()} over its members (as a {@code Map} does).
 * Stateless and thread-safe.
 */
final class TreeEquality {
  private TreeEquality() {}

  private static boolean isContainer(JsonValue v) {
    return v instanceof JsonArray || v instanceof JsonObject;
  }

  private static int size(JsonValue c) {
    return c instanceof JsonArray ? ((JsonArray) c).values.length : ((JsonObject) c).names.length;
  }

  /** Both arrays or both objects, of the same size. */
  private static boolean sameShape(JsonValue a, JsonValue b) {
    return a.getClass() == b.getClass() && size(a) == size(b);
  }

  /** Whether {@code a} equals {@code b}, both containers (arrays or objects). */
  static boolean equal(JsonValue a, JsonValue b) {
    if (a == b) {
      return true;
    }
    if (!sameShape(a, b)) {
      return false;
    }
    JsonValue[] as = new JsonValue[16];
    JsonValue[] bs = new JsonValue[16];
    int[] at = new int[16];
    int top = 0;
    as[0] = a;
    bs[0] = b;
    while (top >= 0) {
      JsonValue x = as[top];
      int i = at[top];
      if (i == size(x)) {
        as[top] = null; // let the pair go
        bs[top] = null;
        top--;
        continue;
      }
      at[top] = i + 1;
      JsonValue xv;
      JsonValue yv;
      if (x instanceof JsonArray) {
        xv = ((JsonArray) x).values[i];
        yv = ((JsonArray) bs[top]).values[i];
      } else {
        JsonObject o = (JsonObject) x;
        xv = o.values[i];
        yv = ((JsonObject) bs[top]).get(o.names[i]);
        if (yv == null) {
          return false;
        }
      }
      if (xv == yv) {
        continue;
      }
      if (!isContainer(xv)) {
        if (!xv.equals(yv)) {
          return false;
        }
        continue;
      }
      if (!sameShape(xv, yv)) {
        return false;
      }
      if (++top == as.length) {
        as = Arrays.copyOf(as, top * 2);
        bs = Arrays.copyOf(bs, top * 2);
        at = Arrays.copyOf(at, top * 2);
      }
      as[top] = xv;
      bs[top] = yv;
      at[top] = 0;
    }
    return true;
  }

  /** The hash code of {@code v}, a container. */
  static int hash(JsonValue v) {
    JsonValue[] cs = new JsonValue[16];
    int[] at = new int[16];
    int[] acc = new int[16];
    int top = 0;
    cs[0] = v;
    acc[0] = v instanceof JsonArray ? 1 : 0;
    for (;;) {
      JsonValue c = cs[top];
      int i = at[top];
      if (i < size(c)) {
        JsonValue child = c instanceof JsonArray ? ((JsonArray) c).values[i] : ((JsonObject) c).values[i];
        if (isContainer(child)) {
          if (++top == cs.length) {
            cs = Arrays.copyOf(cs, top * 2);
            at = Arrays.copyOf(at, top * 2);
            acc = Arrays.copyOf(acc, top * 2);
          }
          cs[top] = child;
          at[top] = 0;
          acc[top] = child instanceof JsonArray ? 1 : 0;
          continue;
        }
        fold(cs, at, acc, top, child.hashCode());
        continue;
      }
      int h = acc[top];
      cs[top] = null;
      if (top == 0) {
        return h;
      }
      top--;
      fold(cs, at, acc, top, h);
    }
  }

  /** Adds the hash {@code h} of element {@code at[top]} to its container's, and moves past it. */
  private static void fold(JsonValue[] cs, int[] at, int[] acc, int top, int h) {
    int i = at[top]++;
    if (cs[top] instanceof JsonArray) {
      acc[top] = 31 * acc[top] + h;
    } else {
      acc[top] += ((JsonObject) cs[top]).names[i].hashCode() ^ h;
    }
  }
}
