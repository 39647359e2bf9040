package dev.brisk.schema;

import java.util.Arrays;
import java.util.Objects;

/**
 * {@code equals} and {@code hashCode} of {@link JsonRecord}s, walked with a stack of their own
 * rather than the thread's: records built by hand may nest deeper than recursion can go (a codec
 * reads at most {@link CodecSupport#MAX_RECORD_DEPTH} levels, a constructor has no limit). The
 * results are those of the recursive definitions: fields compared as {@link
 * Objects#deepEquals}, a record hashed as its type name's hash times 31 plus {@link
 * Arrays#deepHashCode} of its field values. Stateless and thread-safe.
 */
final class RecordEquality {
  private RecordEquality() {}

  /** What holds values the walk goes into: records and arrays of objects. */
  private static boolean isContainer(Object v) {
    return v instanceof JsonRecord || v instanceof Object[];
  }

  private static int size(Object c) {
    return c instanceof JsonRecord ? ((JsonRecord) c).size() : ((Object[]) c).length;
  }

  private static Object child(Object c, int i) {
    return c instanceof JsonRecord ? ((JsonRecord) c).get(i) : ((Object[]) c)[i];
  }

  /**
   * Whether two containers can be equal without looking inside: records of the same type with
   * equal unknown members, or arrays of objects of the same length.
   */
  private static boolean sameShape(Object a, Object b) {
    if (a instanceof JsonRecord) {
      return b instanceof JsonRecord
          && ((JsonRecord) a).type() == ((JsonRecord) b).type()
          && ((JsonRecord) a).unknown().equals(((JsonRecord) b).unknown());
    }
    return b instanceof Object[] && ((Object[]) a).length == ((Object[]) b).length;
  }

  /** {@code a.equals(b)} for a record {@code a}. */
  static boolean equal(JsonRecord a, Object b) {
    if (a == b) {
      return true;
    }
    if (!sameShape(a, b)) {
      return false;
    }
    Object[] as = new Object[16];
    Object[] bs = new Object[16];
    int[] at = new int[16];
    int top = 0;
    as[0] = a;
    bs[0] = b;
    while (top >= 0) {
      Object x = as[top];
      int i = at[top];
      if (i == size(x)) {
        as[top] = null; // let the pair go
        bs[top] = null;
        top--;
        continue;
      }
      at[top] = i + 1;
      Object xv = child(x, i);
      Object yv = child(bs[top], i);
      if (xv == yv) {
        continue;
      }
      if (!isContainer(xv) && !isContainer(yv)) {
        if (!Objects.deepEquals(xv, yv)) {
          return false;
        }
        continue;
      }
      if (xv == null || yv == null || !sameShape(xv, yv)) {
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

  /** {@code r.hashCode()}. */
  static int hash(JsonRecord r) {
    Object[] cs = new Object[16];
    int[] at = new int[16];
    int[] acc = new int[16];
    int top = 0;
    cs[0] = r;
    acc[0] = 1;
    for (;;) {
      Object c = cs[top];
      int i = at[top];
      if (i < size(c)) {
        Object v = child(c, i);
        if (isContainer(v)) {
          if (++top == cs.length) {
            cs = Arrays.copyOf(cs, top * 2);
            at = Arrays.copyOf(at, top * 2);
            acc = Arrays.copyOf(acc, top * 2);
          }
          cs[top] = v;
          at[top] = 0;
          acc[top] = 1;
          continue;
        }
        at[top]++;
        acc[top] = 31 * acc[top] + leafHash(v);
        continue;
      }
      int h = c instanceof JsonRecord ? ((JsonRecord) c).typeName().hashCode() * 31 + acc[top] : acc[top];
      cs[top] = null;
      if (top == 0) {
        return h;
      }
      top--;
      at[top]++;
      acc[top] = 31 * acc[top] + h;
    }
  }

  /** What {@link Arrays#deepHashCode} adds for an element that is not an array of objects. */
  private static int leafHash(Object v) {
    if (v != null && v.getClass().isArray()) { // an array of primitives: the JDK's own definition
      return Arrays.deepHashCode(new Object[] {v}) - 31;
    }
    return Objects.hashCode(v);
  }
}
