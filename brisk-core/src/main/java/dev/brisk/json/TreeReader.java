package dev.brisk.json;

import java.util.Arrays;

/**
 * Builds a tree from a {@link JsonReader} without recursion: one reusable frame per nesting level,
 * so depth is bounded by the reader's limit and never by the thread's stack.
 */
final class TreeReader {
  private TreeReader() {}

  private static final class Frame {
    boolean object;
    String[] names = new String[16];
    JsonValue[] values = new JsonValue[16];
    int n;

    void add(JsonValue v) {
      if (n == values.length) {
        values = Arrays.copyOf(values, n * 2);
        if (object) {
          names = Arrays.copyOf(names, n * 2);
        }
      }
      values[n++] = v;
    }

    void name(String name) {
      if (n == names.length) {
        names = Arrays.copyOf(names, n * 2);
        values = Arrays.copyOf(values, n * 2);
      }
      names[n] = name;
    }
  }

  /** Reads the next whole value; null when the input has no more values. */
  static JsonValue read(JsonReader r, boolean rejectDuplicates) {
    JsonToken t = r.next();
    if (t != JsonToken.BEGIN_OBJECT && t != JsonToken.BEGIN_ARRAY) {
      if (t == JsonToken.END_DOCUMENT) {
        return null;
      }
      return scalar(r, t);
    }
    Frame[] stack = new Frame[8];
    int sp = 0;
    stack[0] = frame(stack, 0, t == JsonToken.BEGIN_OBJECT);
    while (true) {
      t = r.next();
      Frame f = stack[sp];
      switch (t) {
        case NAME:
          f.name(r.getName());
          break;
        case BEGIN_OBJECT:
        case BEGIN_ARRAY:
          if (++sp == stack.length) {
            stack = Arrays.copyOf(stack, sp * 2);
          }
          frame(stack, sp, t == JsonToken.BEGIN_OBJECT);
          break;
        case END_OBJECT:
        case END_ARRAY:
          JsonValue done;
          if (f.object) {
            try {
              done = JsonObject.create(Arrays.copyOf(f.names, f.n), Arrays.copyOf(f.values, f.n), f.n, rejectDuplicates);
            } catch (JsonObject.DuplicateName d) {
              throw new JsonException(
                  "duplicate member name '" + d.name + "' (duplicates are rejected by this Json instance)",
                  r.offset() - 1,
                  r.line(),
                  -1,
                  r.path());
            }
          } else {
            done = f.n == 0 ? JsonArray.EMPTY : new JsonArray(Arrays.copyOf(f.values, f.n));
          }
          Arrays.fill(f.values, 0, f.n, null);
          if (sp == 0) {
            return done;
          }
          stack[--sp].add(done);
          break;
        default:
          f.add(scalar(r, t));
      }
    }
  }

  private static Frame frame(Frame[] stack, int i, boolean object) {
    Frame f = stack[i];
    if (f == null) {
      f = new Frame();
      stack[i] = f;
    }
    f.object = object;
    f.n = 0;
    return f;
  }

  private static JsonValue scalar(JsonReader r, JsonToken t) {
    switch (t) {
      case STRING:
        return JsonString.of(r.getString());
      case NUMBER:
        return r.isLongExact()
            ? JsonNumber.of(r.longValueUnchecked())
            : new JsonNumber.TextNumber(r.numberBytes());
      case TRUE:
        return JsonBoolean.TRUE;
      case FALSE:
        return JsonBoolean.FALSE;
      default:
        return JsonNull.INSTANCE;
    }
  }
}
